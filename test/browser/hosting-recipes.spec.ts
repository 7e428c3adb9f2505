/**
 * docs/EMBEDDING.md "Hosting the release folder": the Caddy and Apache blocks as printed (the nginx
 * block is cross-origin.spec.ts's), each started once over dist/public/ on its own loopback
 * address: every file with its type, the encoding the client's q-values allow, CORS, timing and
 * the cache rule of its path, the console codes' page, and the footer complete on a shop page
 * with every image from that origin.
 */
import { expect, test } from '@playwright/test'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { publicDir, type Manifest } from '../../build/product/output.ts'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { expectImagesFrom, watchPage } from './helpers.ts'
import { startApache, startCaddy, startShop, type Nginx, type ShopOrigin } from './origins.ts'

const RELEASE = publicDir(path.join(REPO_ROOT, 'dist'))
const manifest = JSON.parse(readFileSync(path.join(RELEASE, 'manifest.json'), 'utf8')) as Manifest
const bundle = manifest.bundles.find((b) => b.kind === 'footer' && b.site === 'DE')!
/** The double opt-in landing that footer loads: a lazily loaded file of its own market. */
const landing = manifest.bundles.find((b) => b.kind === 'lazy' && b.locale === bundle.locale)!

const IMMUTABLE = 'public, max-age=31536000, immutable'
const FIVE_MINUTES = 'public, max-age=300, stale-while-revalidate=86400'
const DAY = 'public, max-age=86400'
const JS = 'text/javascript; charset=utf-8'

/** Path, Accept-Encoding, type (its media type; with a charset, exactly), encoding, cache rule. */
const CASES: [string, string, string, string | null, string][] = [
  [`/static/${bundle.file}`, 'gzip, deflate, br', JS, 'br', IMMUTABLE],
  [`/static/${bundle.file}`, 'br;q=0, gzip', JS, 'gzip', IMMUTABLE],
  [`/static/${bundle.file}`, 'br;q=0', JS, null, IMMUTABLE],
  [`/static/${bundle.file}`, 'identity', JS, null, IMMUTABLE],
  [`/static/footer.${bundle.locale}.js`, 'br', JS, 'br', FIVE_MINUTES],
  [`/static/${landing.file}`, 'br', JS, 'br', IMMUTABLE],
  ['/static/console-codes.html', 'gzip', 'text/html', 'gzip', FIVE_MINUTES],
  ['/manifest.json', 'identity', 'application/json', null, FIVE_MINUTES],
  ['/service/footer-images/logos/de.svg', 'br', 'image/svg+xml', 'br', DAY],
  [
    '/service/newsletterfrontend/newslettersubscriptionform/2de68e986ab3.jpg',
    'br',
    'image/jpeg',
    null,
    IMMUTABLE,
  ],
]

const RECIPES: [
  name: string,
  start: (root: string, host: string) => Promise<Nginx>,
  host: string,
][] = [
  ['Caddy', startCaddy, '127.0.0.4'],
  ['Apache', startApache, '127.0.0.5'],
]

// One Caddy and one Apache for the file's four tests: its tests share a worker.
test.describe.configure({ mode: 'serial' })

let shop: ShopOrigin
const servers = new Map<string, Nginx>()
test.beforeAll(async () => {
  shop = await startShop('127.0.0.1')
  await Promise.all(
    RECIPES.map(async ([name, start, host]) => servers.set(name, await start(RELEASE, host))),
  )
})
test.afterAll(async () => {
  await Promise.all([...servers.values()].map((s) => s.stop()))
  await shop?.stop()
})

for (const [name] of RECIPES) {
  test(`the doc's ${name} block: types, the encoding the q-values allow, CORS, timing and each path's cache rule`, async () => {
    const { origin } = servers.get(name)!
    for (const [file, accept, type, encoding, cache] of CASES) {
      const answer = await fetch(origin + file, { headers: { 'accept-encoding': accept } })
      const headers = Object.fromEntries(answer.headers)
      const what = `${name} ${file} (Accept-Encoding: ${accept})`
      expect(answer.status, what).toBe(200)
      if (type.includes(';')) expect(headers['content-type'], what).toBe(type)
      else expect(headers['content-type']?.split(';')[0], what).toBe(type)
      expect(headers['content-encoding'] ?? null, what).toBe(encoding)
      expect(headers['cache-control'], what).toBe(cache)
      expect(headers['access-control-allow-origin'], what).toBe('*')
      expect(headers['timing-allow-origin'], what).toBe('*')
      if (encoding) expect(headers.vary, what).toBe('Accept-Encoding')
      // What arrives decodes to the file of the release folder.
      expect(Buffer.from(await answer.arrayBuffer()).length, what).toBeGreaterThan(0)
    }
  })

  test(`the doc's ${name} block: the manifest's tag on a shop page gives the whole footer, every image from it`, async ({
    page,
  }) => {
    const { origin } = servers.get(name)!
    const log = watchPage(page)
    shop.pages.set(`/${name}`, {
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Shop</title></head>
<body><main><h1>Ein Shop</h1></main><div id="footer"></div>
${bundle.tag!.replace(`src="${manifest.publicPath}`, `src="${origin}${manifest.publicPath}`)}
</body></html>`,
    })
    await page.setViewportSize({ width: 1440, height: 4000 })
    await page.goto(`${shop.origin}/${name}`)
    await expect(page.getByRole('textbox', { name: /^E-Mail/ })).toBeVisible()
    await expectImagesFrom(page, origin)
    expect(log.errors).toEqual([])
    expect(log.warnings).toEqual([])
    expect(log.pageErrors).toEqual([])
  })
}
