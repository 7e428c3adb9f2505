/**
 * GET /service/footer-fragment/<SITE>?platform=... (server/core/routes/footer-fragment.ts): the
 * server-rendered footer for the market's current content, in both modes, cached as the content
 * call is; a site or platform it does not know gets 400 with a problem body.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { createContractServer, builtRender, type ServerMode } from '../handler.ts'
import { FOOTER_FRAGMENT_PATH } from '../../src/contract/contract.ts'
import { builtServerDir } from '../../test/helpers/server-render.ts'

const test = suite('footer fragment')

async function server(mode: ServerMode = 'contract') {
  const distDir = await builtServerDir()
  return createContractServer({
    mode,
    distDir,
    publicOrigin: 'https://www.lumora.example',
    assetOrigin: 'https://cdn.lumora.example',
  })
}

const fragment = (site: string, platform: string) =>
  `${FOOTER_FRAGMENT_PATH}${site}?platform=${platform}`

test('both modes: the footer as HTML, links on the shop origin, the picture on the asset origin', async () => {
  for (const mode of ['contract', 'demo'] as const) {
    const response = await (await server(mode)).fetch(fragment('DE', 'SMARTPHONE'))
    assert.is(response.status, 200, mode)
    assert.is(response.headers.get('content-type'), 'text/html; charset=utf-8')
    const html = await response.text()
    assert.ok(html.startsWith('<template shadowrootmode="open"><style>'), mode)
    assert.ok(html.includes('href="https://www.lumora.example/impressum-s1030.html"'), mode)
    assert.ok(html.includes('src="https://cdn.lumora.example/service/newsletterfrontend/'), mode)
    assert.ok(html.includes('data-platform="smartphone"'), mode)
  }
})

test('cached as the content call: ETag, 304 with no body, Cache-Control; br and gzip decode to the same HTML', async () => {
  const contract = await server()
  const plain = await contract.fetch(fragment('DE', 'CLASSIC'))
  const body = await plain.text()
  const etag = plain.headers.get('etag')!
  assert.match(etag, /^W\/"[\w-]+"$/)
  assert.match(
    plain.headers.get('cache-control') ?? '',
    /^max-age=\d+, stale-while-revalidate=\d+$/,
  )
  assert.is(plain.headers.get('vary'), 'Accept-Encoding')
  const again = await contract.fetch(fragment('DE', 'CLASSIC'), {
    headers: { 'if-none-match': etag },
  })
  assert.is(again.status, 304)
  assert.is((await again.arrayBuffer()).byteLength, 0)
  const phone = await contract.fetch(fragment('DE', 'SMARTPHONE'), {
    headers: { 'if-none-match': etag },
  })
  assert.is(phone.status, 200, 'another platform is another fragment')
  const br = await contract.fetch(fragment('DE', 'CLASSIC'), {
    headers: { 'accept-encoding': 'br' },
  })
  assert.is(br.headers.get('content-encoding'), 'br')
  assert.is(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString(), body)
  const gz = await contract.fetch(fragment('DE', 'CLASSIC'), {
    headers: { 'accept-encoding': 'gzip' },
  })
  assert.is(gz.headers.get('content-encoding'), 'gzip')
  assert.is(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString(), body)
})

test('any letter case, ch-fr too; an unknown site or platform gets 400 with a problem body', async () => {
  const contract = await server()
  assert.is((await contract.fetch(fragment('ch-fr', 'tablet'))).status, 200)
  for (const [site, platform, title] of [
    ['XX', 'CLASSIC', /Unknown site/],
    ['DE', 'WATCH', /platform must be one of SMARTPHONE, TABLET, CLASSIC/],
    ['DE', '', /platform must be one of/],
  ] as const) {
    const response = await contract.fetch(fragment(site, platform))
    assert.is(response.status, 400, `${site} ${platform}`)
    assert.is(response.headers.get('content-type'), 'application/problem+json')
    const problem = (await response.json()) as { status: number; title: string }
    assert.is(problem.status, 400)
    assert.match(problem.title, title)
  }
})

test('without the build there is no render: 503 with a problem body, and no render is looked for again', async () => {
  assert.is(builtRender('/nonexistent'), undefined)
  const bare = createContractServer({ mode: 'contract', distDir: '/nonexistent' })
  const response = await bare.fetch(fragment('DE', 'CLASSIC'))
  assert.is(response.status, 503)
  assert.is(response.headers.get('content-type'), 'application/problem+json')
})

test.run()
