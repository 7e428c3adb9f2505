/** Hashed files are served precompressed: brotli or gzip by Accept-Encoding (q-values honoured), identity otherwise. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { createContractServer } from '../handler.ts'
import { negotiateEncoding } from '../core/content-coding.ts'

const test = suite('static files')

const distDir = mkdtempSync(path.join(tmpdir(), 'footer-static-'))
const staticDir = path.join(distDir, 'public', 'static')
mkdirSync(staticDir, { recursive: true })
const FILE = 'footer.de-DE.0123456789.js'
const code = Buffer.from(`console.log(${JSON.stringify('Lumora '.repeat(200))})`)
const br = brotliCompressSync(code)
const gz = gzipSync(code, { level: 9 })
writeFileSync(path.join(staticDir, FILE), code)
writeFileSync(path.join(staticDir, `${FILE}.br`), br)
writeFileSync(path.join(staticDir, `${FILE}.gz`), gz)
// A file without precompressed copies (as the fixture images are).
writeFileSync(path.join(staticDir, 'plain.0123456789.js'), code)

const server = createContractServer({ distDir })
const get = (file: string, acceptEncoding?: string) =>
  server.fetch(`/static/${file}`, {
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  })

const BOTH = ['br', 'gzip'] as const

// [Accept-Encoding, chosen coding]: RFC 9110 §12.5.3; with equal q-values brotli wins (fewer bytes).
const NEGOTIATION: [string | null, string][] = [
  [null, 'identity'],
  ['', 'identity'],
  ['br', 'br'],
  ['gzip', 'gzip'],
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip, deflate', 'gzip'],
  ['BR', 'br'],
  ['x-gzip', 'gzip'],
  ['br;q=0.5, gzip;q=0.8', 'gzip'],
  ['br;q=1.0, gzip;q=0.8', 'br'],
  ['br;q=0, gzip', 'gzip'],
  ['br; q=0 , gzip ; q=0', 'identity'],
  ['*', 'br'],
  ['*;q=0.5, br;q=0', 'gzip'],
  ['*;q=0', 'identity'],
  ['identity', 'identity'],
  ['deflate, zstd', 'identity'],
  ['br;q=banana, gzip;q=0.1', 'gzip'],
  ['gzip;q=1.5, br;q=0.9', 'gzip'], // a q-value above 1 counts as 1
]

test('negotiation follows q-values; brotli wins a tie; identity when nothing offered is acceptable', () => {
  for (const [header, expected] of NEGOTIATION) {
    assert.is(negotiateEncoding(header, BOTH), expected, `Accept-Encoding: ${header}`)
  }
  assert.is(negotiateEncoding('br, gzip', ['gzip']), 'gzip', 'only what exists is offered')
  assert.is(negotiateEncoding('br, gzip', []), 'identity')
})

test('Accept-Encoding br gets the .br file with Content-Encoding, Vary, the script type, its length and immutable caching', async () => {
  const response = await get(FILE, 'gzip, deflate, br')
  assert.is(response.status, 200)
  assert.is(response.headers.get('content-encoding'), 'br')
  assert.is(response.headers.get('vary'), 'Accept-Encoding')
  assert.is(response.headers.get('content-type'), 'text/javascript; charset=utf-8')
  assert.is(response.headers.get('content-length'), String(br.byteLength))
  assert.is(response.headers.get('cache-control'), 'public, max-age=31536000, immutable')
  assert.ok(Buffer.from(await response.arrayBuffer()).equals(br))
})

test('every file may be read from any origin, with its timing (the embed tag fetches in CORS mode for SRI)', async () => {
  for (const [file, encoding] of [
    [FILE, 'br'],
    [FILE, undefined],
    ['plain.0123456789.js', 'gzip'],
  ] as const) {
    const response = await get(file, encoding)
    assert.is(response.headers.get('access-control-allow-origin'), '*', file)
    assert.is(response.headers.get('timing-allow-origin'), '*', file)
  }
})

test('gzip only gets the .gz file', async () => {
  const response = await get(FILE, 'gzip')
  assert.is(response.headers.get('content-encoding'), 'gzip')
  assert.is(response.headers.get('vary'), 'Accept-Encoding')
  assert.is(response.headers.get('content-length'), String(gz.byteLength))
  assert.ok(Buffer.from(await response.arrayBuffer()).equals(gz))
})

test('no Accept-Encoding, or none acceptable, gets the file itself, still marked as varying', async () => {
  for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
    const response = await get(FILE, header)
    assert.is(response.headers.get('content-encoding'), null, String(header))
    assert.is(response.headers.get('vary'), 'Accept-Encoding')
    assert.is(response.headers.get('content-length'), String(code.byteLength))
    assert.is(response.headers.get('cache-control'), 'public, max-age=31536000, immutable')
    assert.ok(Buffer.from(await response.arrayBuffer()).equals(code))
  }
})

test('a file without precompressed copies is served as it is, with its length and no Vary', async () => {
  const response = await get('plain.0123456789.js', 'br, gzip')
  assert.is(response.status, 200)
  assert.is(response.headers.get('content-encoding'), null)
  assert.is(response.headers.get('vary'), null)
  assert.is(response.headers.get('content-length'), String(code.byteLength))
})

test('the compressed copies are not addressable as files of their own, and paths stay inside the folder', async () => {
  assert.is((await get(`${FILE}.br`, 'br')).status, 404)
  assert.is((await get(`${FILE}.gz`)).status, 404)
  assert.is((await get('..%2F..%2Fetc%2Fpasswd', 'br')).status, 404)
  assert.is((await get('missing.0123456789.js', 'br')).status, 404)
})

test.run()
