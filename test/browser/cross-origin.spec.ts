/**
 * The footer as an integrator embeds it (docs/EMBEDDING.md, "Origins and paths"), with nothing of
 * the demo pages: the shop's page on one origin carries the manifest's tag with its `src` on the
 * asset origin, Debian's nginx running the doc's own block over dist/public/; the shop routes
 * `/service/` to the contract server in contract mode. Also the doc's nginx headers one by one,
 * the doc's two CSPs as printed, on a page with the one tag and on a server-rendered one
 * (docs/server-rendering.md, its CSP section as printed), and the reference server's `/static/`
 * as another origin.
 */
import { expect, test, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { MARKETS } from '../../build/product/markets.ts'
import { publicDir, type Manifest } from '../../build/product/output.ts'
import { REPO_ROOT } from '../../build/repo-root.ts'
import type { FooterContent } from '../../src/footer/footer.schema.ts'
import { expectImagesFrom, watchPage, type PageLog } from './helpers.ts'
import { createServer } from 'node:http'
import {
  docBlocks,
  freePort,
  startNginx,
  startShop,
  type Nginx,
  type ShopOrigin,
} from './origins.ts'
import { pathToFileURL } from 'node:url'
import { buildPaths } from '../../build/product/output.ts'
import type * as ServerRender from '../../types/lumora-footer-server.d.ts'
import { DEMO_ACCOUNT } from '../../server/core/routes/login.ts'

const RELEASE = publicDir(path.join(REPO_ROOT, 'dist'))
const manifest = JSON.parse(readFileSync(path.join(RELEASE, 'manifest.json'), 'utf8')) as Manifest
const DE = MARKETS.find((m) => m.site === 'DE')!
const bundle = manifest.bundles.find((b) => b.kind === 'footer' && b.locale === DE.locale)!
const content = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'fixtures/footer/de.json'), 'utf8'),
) as FooterContent
/** Tall enough that every lazily loaded image of the footer is near the viewport. */
const TALL = { width: 1440, height: 4000 }

// Three origins: the shop 127.0.0.1, the asset origin 127.0.0.2 (the demo server, the
// reference server's own /static/, is the baseURL's 127.0.0.1 on another port).
let assets: Nginx
let shop: ShopOrigin
test.beforeAll(async () => {
  assets = await startNginx(RELEASE, '127.0.0.2')
  shop = await startShop('127.0.0.1')
})
test.afterAll(async () => {
  await shop?.stop()
  await assets?.stop()
})

/** The manifest's tag with its `src` on `origin`, as the doc says to paste it. */
const tagOn = (origin: string, extra = '') =>
  bundle
    .tag!.replace(`src="${manifest.publicPath}`, `src="${origin}${manifest.publicPath}`)
    .replace(' defer>', `${extra} defer>`)

const hostPage = (tag: string, footerHtml = '') => `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>Shop</title></head>
<body><main><h1>Ein Shop</h1></main><div id="footer">${footerHtml}</div>
${tag}
</body></html>`

/** Every request that failed or answered an error, and every console error, of a page. */
function watchNetwork(page: Page): { failed: string[]; log: PageLog } {
  const failed: string[] = []
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`))
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.url()} ${r.status()}`)
  })
  return { failed, log: watchPage(page) }
}

const footer = (page: Page) => page.getByRole('contentinfo')

/** Sections, newsletter and every image of the footer, each image loaded from `assetOrigin`. */
async function expectFullFooter(page: Page, assetOrigin: string): Promise<void> {
  await expect(
    footer(page).getByRole('heading', { name: content.teaserGroups[0].heading.link.text }),
  ).toBeVisible()
  await expect(footer(page).getByRole('navigation', { name: content.seo.heading })).toBeVisible()
  await expect(footer(page).getByRole('link', { name: content.legalLinks[0].text })).toBeVisible()
  await expect(page.getByRole('textbox', { name: /^E-Mail/ })).toBeVisible()
  await expectImagesFrom(page, assetOrigin)
}

/** Signs up with an address, as a visitor does; the answer's status. */
async function signUp(page: Page): Promise<number> {
  await page.getByRole('textbox', { name: /^E-Mail/ }).fill(`cdn.${Date.now()}@example.com`)
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/newsletter-subscribers'),
  )
  await page.getByRole('button', { name: /^Jetzt anmelden/ }).click()
  return (await answer).status()
}

test("three origins: the manifest's tag on the shop's page, the release folder on nginx with the doc's block, /service/ proxied to the contract server", async ({
  page,
}) => {
  const { failed, log } = watchNetwork(page)
  shop.pages.set('/', { body: hostPage(tagOn(assets.origin)) })
  await page.setViewportSize(TALL)
  await page.goto(`${shop.origin}/`)
  await expectFullFooter(page, assets.origin)
  expect(await signUp(page)).toBe(201)
  await expect(page.getByRole('heading', { name: 'Fast geschafft!' })).toBeVisible()
  expect(failed).toEqual([])
  expect(log.errors).toEqual([])
  expect(log.warnings).toEqual([])
  expect(log.pageErrors).toEqual([])
})

test("the doc's evergreen tag: the same footer, and the page global names the manifest's version", async ({
  page,
}) => {
  const { failed, log } = watchNetwork(page)
  const [evergreen] = docBlocks('Updating without editing HTML', 'html')
  shop.pages.set('/evergreen', {
    body: hostPage(evergreen.replaceAll('https://cdn.example.com', assets.origin)),
  })
  await page.setViewportSize(TALL)
  await page.goto(`${shop.origin}/evergreen`)
  await expectFullFooter(page, assets.origin)
  const version = await page.evaluate(
    () => (window as unknown as { __lumoraFooter: { version: string } }).__lumoraFooter.version,
  )
  expect(version).toBe(manifest.version)
  expect(version).toMatch(/^\d+\.\d+\.\d+/)
  expect(failed).toEqual([])
  expect(log.errors).toEqual([])
  expect(log.warnings).toEqual([])
})

test('the reference server’s own /static/ serves the tag to a page on another origin', async ({
  page,
  baseURL,
}) => {
  const { failed, log } = watchNetwork(page)
  shop.pages.set('/reference', { body: hostPage(tagOn(new URL(baseURL!).origin)) })
  await page.setViewportSize(TALL)
  await page.goto(`${shop.origin}/reference`)
  await expectFullFooter(page, new URL(baseURL!).origin)
  expect(failed).toEqual([])
  expect(log.errors).toEqual([])
  expect(log.pageErrors).toEqual([])
})

test("the doc's nginx block: types with charset, the encoding the client accepts, CORS, timing and the table's cache rules", async () => {
  const hashed = `/static/${bundle.file}`
  const cases: [
    path: string,
    accept: string,
    type: string,
    encoding: string | null,
    cache: string,
  ][] = [
    [
      hashed,
      'gzip, deflate, br',
      'text/javascript; charset=utf-8',
      'br',
      'public, max-age=31536000, immutable',
    ],
    [
      hashed,
      'gzip',
      'text/javascript; charset=utf-8',
      'gzip',
      'public, max-age=31536000, immutable',
    ],
    [
      hashed,
      'identity',
      'text/javascript; charset=utf-8',
      null,
      'public, max-age=31536000, immutable',
    ],
    [
      `/static/footer.${DE.locale}.js`,
      'br',
      'text/javascript; charset=utf-8',
      'br',
      'public, max-age=300, stale-while-revalidate=86400',
    ],
    [
      '/manifest.json',
      'identity',
      'application/json; charset=utf-8',
      null,
      'public, max-age=300, stale-while-revalidate=86400',
    ],
    [
      '/service/footer-images/logos/de.svg',
      'br',
      'image/svg+xml; charset=utf-8',
      'br',
      'public, max-age=86400',
    ],
    [
      '/service/newsletterfrontend/newslettersubscriptionform/2de68e986ab3.jpg',
      'br',
      'image/jpeg',
      null,
      'public, max-age=31536000, immutable',
    ],
  ]
  for (const [file, accept, type, encoding, cache] of cases) {
    const answer = await fetch(assets.origin + file, { headers: { 'accept-encoding': accept } })
    const headers = Object.fromEntries(answer.headers)
    const what = `${file} (Accept-Encoding: ${accept})`
    expect(answer.status, what).toBe(200)
    expect(headers['content-type'], what).toBe(type)
    expect(headers['content-encoding'] ?? null, what).toBe(encoding)
    expect(headers['cache-control'], what).toBe(cache)
    expect(headers['access-control-allow-origin'], what).toBe('*')
    expect(headers['timing-allow-origin'], what).toBe('*')
    if (encoding) expect(headers.vary, what).toBe('Accept-Encoding')
  }
})

// The doc's policies name the asset origin as https://cdn.example.com and the nonce as NONCE.
const policies = docBlocks('Content Security Policy', 'text')
test('the doc prints two policies', () => expect(policies.length).toBe(2))

/** docs/server-rendering.md's CSP section: the allow-list policy's style-src line on a server-rendered page. */
const serverRenderedStyleSrc = () => {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/server-rendering.md'), 'utf8')
  const section = doc.slice(doc.indexOf('\n## Content Security Policy\n'))
  const [line] = [...section.matchAll(/```text\n([\s\S]*?)```/g)].map((m) => m[1].trim())
  if (!line?.startsWith('style-src '))
    throw new Error('docs/server-rendering.md prints no style-src line')
  return line
}

/** The package's render as the build wrote it, beside the release folder this spec serves. */
const serverRender = (): Promise<typeof ServerRender> =>
  import(
    pathToFileURL(path.join(buildPaths(path.join(REPO_ROOT, 'dist')).server, 'index.mjs')).href
  )

for (const [i, printed] of policies.entries())
  for (const rendered of [false, true])
    test(`CSP ${i + 1} of the doc, as printed${rendered ? ', on a server-rendered page (docs/server-rendering.md)' : ''}: footer, images and sign-up run, nothing is refused`, async ({
      page,
    }) => {
      const nonce = randomBytes(16).toString('base64')
      const { renderFooter, STYLE_SOURCES } = await serverRender()
      // The allow-list policy lists the footer's style sources; the nonce policy stays as printed,
      // and the page's server renders with the response's nonce.
      const styleSrc = printed.includes('NONCE') || !rendered ? null : serverRenderedStyleSrc()
      const policy = (styleSrc ? printed.replace(/^style-src .*;$/m, styleSrc) : printed)
        .trim()
        .replace(/\s*\n\s*/g, ' ')
        .replaceAll('https://cdn.example.com', assets.origin)
        .replaceAll('NONCE', nonce)
        .replaceAll('STYLE_SOURCES', STYLE_SOURCES.join(' '))
      const { failed, log } = watchNetwork(page)
      const violations: string[] = []
      page.on('console', (m) => {
        if (/Content Security Policy|Trusted Type/i.test(m.text())) violations.push(m.text())
      })
      const extra = printed.includes('NONCE') ? ` nonce="${nonce}"` : ''
      const footerHtml = rendered
        ? await renderFooter({
            site: 'DE',
            platform: 'CLASSIC',
            content: content,
            origin: shop.origin,
            assetOrigin: assets.origin,
            nonce: extra ? nonce : undefined,
          })
        : ''
      shop.pages.set(`/csp-${i}-${rendered}`, {
        body: hostPage(tagOn(assets.origin, extra), footerHtml),
        headers: { 'content-security-policy': policy },
      })
      await page.setViewportSize(TALL)
      await page.goto(`${shop.origin}/csp-${i}-${rendered}`)
      await expectFullFooter(page, assets.origin)
      // The server's form sends nothing: the sign-up is the bundle's, once it has taken over.
      await expect(page.locator('#footer [data-lumora-footer]')).toHaveCount(0)
      expect(await signUp(page)).toBe(201)
      expect(violations).toEqual([])
      expect(failed).toEqual([])
      expect(log.errors).toEqual([])
      expect(log.pageErrors).toEqual([])
    })

/** The lazily loaded files of the release (src/lazy-file.ts), as the manifest lists them. */
const lazyFiles = manifest.bundles.filter((b) => b.kind === 'lazy')
test("the manifest lists the lazily loaded files: the double opt-in landing, one per market with its texts, and the logged-in visitor's file", () =>
  expect(lazyFiles.map((b) => b.file.replace(/\.[0-9a-f]{10}\.js$/, ''))).toEqual([
    ...MARKETS.map((m) => `doi-landing.${m.locale}`),
    'login',
  ]))
for (const [i, printed] of policies.entries()) {
  test(`CSP ${i + 1} of the doc, as printed: the lazily loaded files come from the asset origin with their integrity; the landing asks, the login prefills`, async ({
    page,
  }) => {
    const nonce = randomBytes(16).toString('base64')
    const policy = printed
      .trim()
      .replace(/\s*\n\s*/g, ' ')
      .replaceAll('https://cdn.example.com', assets.origin)
      .replaceAll('NONCE', nonce)
    const { failed, log } = watchNetwork(page)
    const violations: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy|Trusted Type/i.test(m.text())) violations.push(m.text())
    })
    const extra = printed.includes('NONCE') ? ` nonce="${nonce}"` : ''
    shop.pages.set(`/lazy-${i}`, {
      body: hostPage(tagOn(assets.origin, extra)),
      headers: { 'content-security-policy': policy },
    })
    const added = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLScriptElement>('head script[integrity]')].map((s) => [
          s.src,
          s.integrity,
        ]),
      )
    const expected = (stem: string) => {
      const file = lazyFiles.find((b) => b.file.startsWith(`${stem}.`))!
      return [`${assets.origin}${manifest.publicPath}${file.file}`, file.integrity]
    }
    // A page opened from the confirmation mail: a token of the server's format, unknown to it.
    await page.goto(`${shop.origin}/lazy-${i}?subscriberToken=${'A'.repeat(22)}`)
    await page.getByRole('button', { name: 'Anmeldung bestätigen' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'nicht mehr gültig' })).toBeVisible()
    expect(await added()).toEqual([expected(`doi-landing.${DE.locale}`)])
    // Logged in: the base data fills the form, through the logged-in visitor's file.
    const login = await page.request.post(`${shop.origin}/service/login/api/v1/login`, {
      headers: { 'X-hunter-csrf': '1' },
      data: DEMO_ACCOUNT,
    })
    expect(login.status()).toBe(200)
    await page.goto(`${shop.origin}/lazy-${i}`)
    await expect(page.getByRole('textbox', { name: /^E-Mail/ })).toHaveValue(
      'anna.schmidt@example.com',
    )
    expect(await added()).toEqual([expected('login')])
    expect(violations).toEqual([])
    // The refused token's PUT is the one 4xx answer (the browser logs it as a failed resource).
    expect(failed.filter((f) => !/\/doi 4\d\d$/.test(f))).toEqual([])
    expect(log.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([])
    expect(log.pageErrors).toEqual([])
  })
}

/** The doc's snippet for a bundle that never runs, as printed, reporting into `window.reports`. */
const monitoredPage = (tag: string) => {
  const [snippet] = docBlocks('Console messages', 'html')
  if (!snippet) throw new Error('docs/EMBEDDING.md prints no monitoring snippet')
  return hostPage(
    `<script>window.reports = []; function reportFooterFailure(m) { reports.push(m) }</script>\n${snippet}\n${tag}`,
  )
}
const reports = (page: Page) =>
  page.evaluate(() => (window as unknown as { reports: string[] }).reports)

test("the doc's monitoring snippet, as printed: an SRI mismatch and a missing CORS header are reported; a footer that runs is not", async ({
  page,
}) => {
  // The same file from an origin that sends no Access-Control-Allow-Origin.
  const file = readFileSync(path.join(RELEASE, 'static', bundle.file))
  const noCors = createServer((_, res) =>
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(file),
  )
  const port = await freePort('127.0.0.3')
  await new Promise<void>((resolve) => noCors.listen(port, '127.0.0.3', resolve))
  try {
    const other = manifest.bundles.find((b) => b.kind === 'footer' && b !== bundle)!
    const broken: [string, string][] = [
      ['sri', tagOn(assets.origin).replace(bundle.integrity, other.integrity)],
      ['cors', tagOn('http://127.0.0.3:' + port)],
    ]
    for (const [name, tag] of broken) {
      shop.pages.set(`/monitored-${name}`, { body: monitoredPage(tag) })
      await page.goto(`${shop.origin}/monitored-${name}`)
      await expect
        .poll(() => reports(page), name)
        .toEqual([expect.stringMatching(/^footer script not loaded: http/)])
      await expect(footer(page)).toHaveCount(0)
    }
    await page.clock.install()
    await page.addInitScript(() => {
      const w = window as unknown as { readyHeard: number }
      w.readyHeard = 0
      addEventListener('lumora:ready', () => w.readyHeard++)
    })
    shop.pages.set('/monitored', { body: monitoredPage(tagOn(assets.origin)) })
    await page.goto(`${shop.origin}/monitored`)
    await expect(footer(page)).toBeVisible()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { readyHeard: number }).readyHeard))
      .toBe(1)
    await page.clock.fastForward(20_000)
    expect(await reports(page)).toEqual([])
  } finally {
    noCors.closeAllConnections()
    await new Promise((resolve) => noCors.close(resolve))
  }
})

test("a console line's address opens the code's row in the release folder, beside the bundle", async ({
  page,
}) => {
  const log = watchPage(page)
  shop.pages.set('/w1', {
    body: hostPage(tagOn(assets.origin).replace('data-site="DE"', 'data-site="FR"')),
  })
  await page.goto(`${shop.origin}/w1`)
  await expect.poll(() => log.warnings.join('\n')).toMatch(/\] W1 \(/)
  const address = /\] W1 \((\S+)\)/.exec(log.warnings.join('\n'))![1]
  expect(address).toBe(`${assets.origin}/static/console-codes.html#w1`)
  await page.goto(address)
  const row = page.locator('tr#w1')
  await expect(row.getByRole('rowheader')).toHaveText('W1')
  await expect(row).toContainText('Unknown data-site; showing the script')
})

test('images the CSP blocks: the footer stands without them and the page hears W29 for each', async ({
  page,
}) => {
  const policy = policies[0]!
    .trim()
    .replace(/\s*\n\s*/g, ' ')
    .replaceAll('https://cdn.example.com', assets.origin)
    .replace(`img-src 'self' ${assets.origin}`, "img-src 'self'")
  expect(policy).toContain("img-src 'self';")
  await page.addInitScript(() => {
    const w = window as unknown as { w29: string[] }
    w.w29 = []
    addEventListener('lumora:warning', (e) => {
      const { code, detail } = (e as CustomEvent<{ code: string; detail: unknown[] }>).detail
      if (code === 'W29') w.w29.push(String(detail[0]))
    })
  })
  shop.pages.set('/no-images', {
    body: hostPage(tagOn(assets.origin)),
    headers: { 'content-security-policy': policy },
  })
  await page.setViewportSize(TALL)
  await page.goto(`${shop.origin}/no-images`)
  await expect(footer(page).getByRole('link', { name: content.legalLinks[0].text })).toBeVisible()
  const images = await page.locator('#footer img').count()
  expect(images).toBeGreaterThan(10)
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { w29: string[] }).w29.length))
    .toBe(images)
  const named = await page.evaluate(() => (window as unknown as { w29: string[] }).w29)
  expect(named.filter((src) => !src.startsWith(`${assets.origin}/service/`))).toEqual([])
})
