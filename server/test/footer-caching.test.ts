/**
 * The contract server's footer content is cacheable and compressed (server/core/cacheable.ts):
 * a repeat page view revalidates it with a 304 and no body, and a compressed body is the same JSON.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { createContractServer } from '../handler.ts'
import {
  CSRF_HEADER,
  FOOTER_CONTENT_PATH,
  PSDATA_PATH,
  SITE_HEADER,
} from '../../src/contract/contract.ts'

const test = suite('footer content caching')

async function get(headers: Record<string, string>) {
  const server = createContractServer()
  const response = await server.fetch(FOOTER_CONTENT_PATH, { headers })
  return { response, body: Buffer.from(await response.arrayBuffer()) }
}

test('the content carries a validator, a short cache life and the headers it varies by', async () => {
  const { response } = await get({ [SITE_HEADER]: 'DE' })
  assert.is(response.status, 200)
  assert.match(response.headers.get('etag') ?? '', /^W\/"[\w-]+"$/)
  assert.match(
    response.headers.get('cache-control') ?? '',
    /^max-age=\d+, stale-while-revalidate=\d+$/,
  )
  assert.is(response.headers.get('vary'), `${SITE_HEADER}, Accept-Encoding`)
})

test('a repeat view with the ETag it holds gets 304 and no body; another market gets its own', async () => {
  const first = await get({ [SITE_HEADER]: 'DE' })
  const etag = first.response.headers.get('etag')!
  const again = await get({ [SITE_HEADER]: 'DE', 'if-none-match': etag })
  assert.is(again.response.status, 304)
  assert.is(again.body.byteLength, 0)
  assert.is(again.response.headers.get('etag'), etag)
  const listed = await get({ [SITE_HEADER]: 'DE', 'if-none-match': `"other", ${etag}` })
  assert.is(listed.response.status, 304)
  const other = await get({ [SITE_HEADER]: 'CZ', 'if-none-match': etag })
  assert.is(other.response.status, 200)
  assert.is.not(other.response.headers.get('etag'), etag)
})

test('br and gzip bodies decode to the same JSON as the plain one, with the same ETag', async () => {
  const plain = await get({ [SITE_HEADER]: 'DE' })
  assert.is(plain.response.headers.get('content-encoding'), null)
  const br = await get({ [SITE_HEADER]: 'DE', 'accept-encoding': 'gzip, deflate, br' })
  assert.is(br.response.headers.get('content-encoding'), 'br')
  assert.ok(br.body.byteLength < plain.body.byteLength / 2)
  assert.is(br.response.headers.get('content-length'), String(br.body.byteLength))
  assert.equal(
    JSON.parse(brotliDecompressSync(br.body).toString()),
    JSON.parse(plain.body.toString()),
  )
  const gzip = await get({ [SITE_HEADER]: 'DE', 'accept-encoding': 'gzip' })
  assert.is(gzip.response.headers.get('content-encoding'), 'gzip')
  assert.equal(JSON.parse(gunzipSync(gzip.body).toString()), JSON.parse(plain.body.toString()))
  assert.is(br.response.headers.get('etag'), plain.response.headers.get('etag'))
})

test('psdata stays uncached: it is the visitor’s own', async () => {
  const server = createContractServer()
  const response = await server.fetch(PSDATA_PATH, { headers: { [CSRF_HEADER]: 'x' } })
  assert.is(response.headers.get('cache-control'), 'no-store')
  assert.is(response.headers.get('etag'), null)
})

test.run()
