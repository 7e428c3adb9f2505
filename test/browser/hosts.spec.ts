/**
 * A good guest on any page (issue 7, host pages): a hostile legacy stylesheet, a strict CSP,
 * odd embeddings, no traces left before a sign-up (the slow phone webview: webview.spec.ts). Host pages are
 * plain files in fixtures/hosts/, served by server/demo/hosts.ts.
 */
import { writeFileSync } from 'node:fs'
import { expect, test, type Page, type Request } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../server/core/routes/login.ts'
import { becomeStaff, requestsSoFar, testOnWorkerPage, watchPage, widgetRoot } from './helpers.ts'
import {
  apiCalls,
  collectIds,
  duplicates,
  emailField,
  firstNameField,
  footerSettled,
  lastNameField,
  market,
  pixelDiff,
  recordRequests,
  showWholePage,
  storageSnapshot,
  submitButton,
  successText,
  tx,
  violations,
  watchViolations,
} from './hosts-helpers.ts'

const widgetFooter = (page: Page) => page.locator('#footer footer')

// ---------------------------------------------------------------------------------------------
// 1. Hostile CSS

/** Host elements whose computed style the widget must not change. */
const HOST_ELEMENTS = [
  'html',
  'body',
  '#host-header',
  '#host-h2',
  '#host-link',
  '#host-text',
  '#host-button',
  '#host-input',
  '#host-list',
  '#host-item',
  '#host-hidden',
]
/** Geometry follows the page's height (a scrollbar may appear once the footer is there); everything else must be equal. */
const GEOMETRY =
  /^(width|height|inline-size|block-size|min-block-size|perspective-origin|transform-origin|inset.*|top|bottom|left|right)$/

for (const { name, viewport, query } of [
  { name: 'classic', viewport: { width: 1280, height: 900 }, query: '' },
  { name: 'smartphone', viewport: { width: 375, height: 800 }, query: '' },
]) {
  test(`hostile CSS (${name}): the footer and the revealed, invalid form look as on a clean page`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000)
    const m = market('AT')
    const shots: Record<string, Buffer[]> = { clean: [], hostile: [] }
    for (const host of ['clean', 'hostile'] as const) {
      const page = await browser.newPage({ viewport })
      const log = watchPage(page)
      await page.goto(`/_hosts/${host}.html?site=AT${query}`)
      await footerSettled(page)
      await showWholePage(page)
      shots[host].push(
        await page.locator('#footer').screenshot({ animations: 'disabled', caret: 'hide' }),
      )
      // Reveal the extra fields, leave an invalid address: inputs, labels and the error message.
      await emailField(page, m).fill('not-an-address')
      await expect(firstNameField(page, m)).toBeVisible()
      await emailField(page, m).blur()
      await expect(
        page.locator('#footer form [role=status]', {
          hasText: tx(m, 'newsletter.errors.emailRegexErrorMessage'),
        }),
      ).toHaveCount(1)
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
      await showWholePage(page)
      shots[host].push(
        await page.locator('#footer').screenshot({ animations: 'disabled', caret: 'hide' }),
      )
      expect(log.pageErrors).toEqual([])
      await page.close()
    }
    for (const [i, state] of ['initial', 'revealed with an error'].entries()) {
      const diff = await pixelDiff(browser, shots.clean[i], shots.hostile[i])
      if (diff.ratio >= 0.002) {
        // Kept next to the error context for a look at what differs.
        writeFileSync(testInfo.outputPath(`clean-${i}.png`), shots.clean[i])
        writeFileSync(testInfo.outputPath(`hostile-${i}.png`), shots.hostile[i])
      }
      expect(diff.sizeB, `${state}: size of #footer on the hostile page`).toBe(diff.sizeA)
      console.log(
        `hostile CSS (${name}), ${state}: ${(diff.ratio * 100).toFixed(3)} % of ${diff.sizeA} pixels differ`,
      )
      expect(diff.ratio, `${state}: share of differing pixels`).toBeLessThan(0.002)
    }
  })
}

test('hostile CSS: host elements keep every computed style when the widget is on the page', async ({
  page,
}) => {
  const styles = () =>
    page.evaluate(
      ([selectors, geometry]) => {
        const skip = new RegExp(geometry)
        const out: Record<string, Record<string, string>> = {}
        for (const selector of selectors) {
          const cs = getComputedStyle(document.querySelector(selector)!)
          const own: Record<string, string> = {}
          for (let i = 0; i < cs.length; i++)
            if (!skip.test(cs[i])) own[cs[i]] = cs.getPropertyValue(cs[i])
          out[selector] = own
        }
        return out
      },
      [HOST_ELEMENTS, GEOMETRY.source] as const,
    )
  for (const host of ['clean', 'hostile']) {
    await page.goto(`/_hosts/${host}.html?nowidget`)
    await expect(page.locator('#footer')).toHaveCount(1)
    const without = await styles()
    await page.goto(`/_hosts/${host}.html`)
    await footerSettled(page)
    // The hostile page's rules for [class*="lf-"] still win on the host's own elements: the check can see a change.
    if (host === 'hostile') expect(without['#host-button']['font-size']).toBe('50px')
    expect(await styles(), `${host} page`).toEqual(without)
  }
})

// ---------------------------------------------------------------------------------------------
// 2. Strict CSP

/** CSP trouble the console reports (Chromium logs every refused resource, style or Trusted Types sink). */
const cspErrors = (errors: string[]) =>
  errors.filter((e) => /Content Security Policy|Trusted Type|Refused to/i.test(e))

test('strict CSP: the whole sign-up (reveal, validation errors, submit, success) raises no securitypolicyviolation', async ({
  page,
}) => {
  const m = market('AT')
  const log = watchPage(page)
  await watchViolations(page)
  const response = await page.goto(`/_hosts/clean.html?site=AT&csp`)
  expect(response?.headers()['content-security-policy']).toContain(
    "require-trusted-types-for 'script'",
  )
  await footerSettled(page)
  await expect(widgetRoot(page)).toHaveCSS('max-width', '1440px')
  await emailField(page, m).focus()
  await expect(firstNameField(page, m)).toBeVisible()
  await submitButton(page, m).click()
  await expect(emailField(page, m)).toHaveAttribute('aria-invalid', 'true')
  await emailField(page, m).fill('not-an-address')
  await emailField(page, m).blur()
  await expect(
    page.locator('#footer form [role=status]', {
      hasText: tx(m, 'newsletter.errors.emailRegexErrorMessage'),
    }),
  ).toHaveCount(1)
  const address = `csp.${Date.now()}@example.com`
  await emailField(page, m).fill(address)
  await firstNameField(page, m).fill('Anna')
  await lastNameField(page, m).fill('Huber')
  await submitButton(page, m).click()
  await expect(successText(page, m, address)).toBeVisible()
  await expect(page.locator('.lf-nl__success h3')).toBeFocused()
  expect(await violations(page)).toEqual([])
  expect(cspErrors(log.errors)).toEqual([])
  expect(log.pageErrors).toEqual([])
  // The watch works: a style attribute set now is reported.
  await page.evaluate(() => document.body.setAttribute('style', 'color: red'))
  await expect.poll(() => violations(page)).toEqual([expect.stringMatching(/^style-src/)])
})

test('strict CSP: the staff preview panel (open the dialog, load tests, apply, logout) raises no securitypolicyviolation', async ({
  page,
}) => {
  const log = watchPage(page)
  await watchViolations(page)
  await becomeStaff(page)
  await page.goto('/_hosts/clean.html?csp')
  const panel = page.getByRole('region', { name: 'Preview settings' })
  await expect(panel).toBeVisible()
  await page.getByRole('button', { name: 'Set preview settings' }).click()
  const dialog = page.getByRole('dialog', { name: 'Set preview settings' })
  await expect(dialog.getByText('Active tests found.')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Date' }).fill('2026-12-01')
  await dialog.getByRole('textbox', { name: 'Time' }).fill('10:30')
  await dialog.getByRole('combobox', { name: 'Name' }).selectOption('advent-teaser')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog.getByText('Please also select an A/B test group!')).toBeVisible()
  await dialog.getByRole('combobox', { name: /^Group/ }).selectOption('B')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog.getByText('Settings applied successfully.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Logout' }).click()
  await expect(panel).toHaveCount(0)
  await expect(widgetFooter(page)).toBeVisible()
  expect(await violations(page)).toEqual([])
  expect(cspErrors(log.errors)).toEqual([])
  expect(log.pageErrors).toEqual([])
})

// ---------------------------------------------------------------------------------------------
// 3. Embeddings

/** The API calls one plain, single-tag embedding makes: every other embedding must make exactly these. */
async function referenceCalls(page: Page): Promise<Record<string, number>> {
  const requests = recordRequests(page)
  await page.goto('/_hosts/clean.html')
  await footerSettled(page)
  const calls = apiCalls(requests)
  expect(
    Object.values(calls).every((n) => n === 1),
    JSON.stringify(calls),
  ).toBe(true)
  expect(Object.keys(calls)).toContain('GET /service/promotion/api/promotion/SHOP_FOOTER')
  return calls
}

for (const { file, what, ready } of [
  {
    file: 'twice',
    what: 'the tag twice, a host <footer class="footer"> and a second id="footer" later',
    ready: null,
  },
  {
    file: 'async',
    what: 'async in <head> before #footer exists, host .footer and <footer>',
    ready: null,
  },
  { file: 'late', what: 'injected by another script after load', ready: 'html[data-injected]' },
  {
    file: 'mixed',
    what: 'async, defer and injected after load on one page, a second id="footer"',
    ready: 'html[data-injected]',
  },
]) {
  test(`embedding (${file}): ${what}: one instance, no duplicate ids, one set of requests`, async ({
    page,
  }) => {
    const expected = await referenceCalls(page)
    const log = watchPage(page)
    const requests = recordRequests(page)
    const lightBefore = await (async () => {
      await page.goto(`/_hosts/${file}.html?nowidget`)
      return (await collectIds(page)).light
    })()
    requests.length = 0
    await page.goto(`/_hosts/${file}.html`)
    if (ready) await expect(page.locator(ready)).toHaveCount(1)
    await footerSettled(page)
    await expect.poll(() => apiCalls(requests)).toEqual(expected)
    // One instance: only the first #footer got a shadow root, with one footer in it.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('*')].filter((e) => e.shadowRoot).map((e) => e.id),
      ),
    ).toEqual(['footer'])
    await expect(page.locator('#footer footer')).toHaveCount(1)
    await expect(widgetRoot(page)).toHaveCount(1)
    // Ids: unique inside the shadow root, none shared with the page, the page's own unchanged.
    const ids = await collectIds(page)
    expect(ids.shadow.length).toBeGreaterThan(0)
    expect(duplicates(ids.shadow)).toEqual([])
    expect(ids.shadow.filter((id) => ids.light.includes(id))).toEqual([])
    expect(ids.light).toEqual(lightBefore)
    expect(apiCalls(requests)).toEqual(expected)
    expect(log.pageErrors).toEqual([])
    if (file !== 'async' && file !== 'late') expect(log.warnings.join('\n')).toContain('] W8 (')
  })
}

test('an unknown site falls back to the German market with a warning', async ({ page }) => {
  const log = watchPage(page)
  await page.goto('/de/')
  // The page's own footer first: it starts a frame and a task after the page, and a second tag
  // added before that is the same footer included twice (W8), not a new embedding.
  await expect(widgetRoot(page)).toHaveAttribute('data-site', 'DE')
  await page.evaluate(() => {
    // The page's footer ends cleanly (docs/EMBEDDING.md, "Single-page apps"), so the next tag
    // is a new embedding, not the same footer included twice.
    ;(window as unknown as { __lumoraFooter: { destroy(): void } }).__lumoraFooter.destroy()
    const s = document.createElement('script')
    s.src = document.querySelector<HTMLScriptElement>('script[data-site]')!.src
    s.setAttribute('data-site', 'FR')
    document.body.appendChild(s)
  })
  await expect(widgetRoot(page)).toHaveAttribute('data-site', 'DE')
  await expect.poll(() => log.warnings.join('\n')).toMatch(/\] W1 \(.* data-site="FR"/)
})

test('embedding without #footer, next to footer-like host elements: a clear error, nothing touched, no API call', async ({
  page,
}) => {
  const log = watchPage(page)
  await page.goto('/_hosts/no-footer.html?nowidget')
  const before = await page.evaluate(() => document.documentElement.outerHTML)
  const requests = recordRequests(page)
  await page.goto('/_hosts/no-footer.html')
  await expect.poll(() => log.errors.join('\n')).toContain('] E1 (')
  await requestsSoFar(page)
  const after = await page.evaluate(() => document.documentElement.outerHTML)
  // The same markup but for the script tag itself.
  expect(after.replace(/<script[^>]*><\/script>/g, '')).toBe(before)
  expect(
    await page.evaluate(() => [...document.querySelectorAll('*')].some((e) => e.shadowRoot)),
  ).toBe(false)
  expect(apiCalls(requests)).toEqual({})
  expect(log.pageErrors).toEqual([])
})

// ---------------------------------------------------------------------------------------------
// 4. No traces before a sign-up, one origin, no unload, one global

/** Uses the footer without signing up: opens every disclosure, types an invalid address, shows the error. */
async function useWithoutSigningUp(page: Page) {
  const m = market('DE')
  const toggles = page.locator('#footer [aria-expanded="false"]')
  const count = await toggles.count()
  expect(count).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) await page.locator('#footer [aria-expanded]').nth(i).click()
  await emailField(page, m).fill('half@')
  await emailField(page, m).blur()
  await expect(emailField(page, m)).toHaveAttribute('aria-invalid', 'true')
}

test("no cookies or storage written before a sign-up; every request goes to the page's own origin", async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 800 })
  const requests = recordRequests(page)
  await page.goto('/_hosts/clean.html?nowidget')
  const before = { ...(await storageSnapshot(page)), jar: await context.cookies() }
  await page.goto('/_hosts/clean.html')
  await footerSettled(page)
  await useWithoutSigningUp(page)
  await requestsSoFar(page)
  expect({ ...(await storageSnapshot(page)), jar: await context.cookies() }).toEqual(before)
  // Then a sign-up, so the origin check covers its calls too.
  const m = market('DE')
  await emailField(page, m).fill('guest@example.com')
  await page.getByRole('checkbox').first().check()
  await submitButton(page, m).click()
  await expect(successText(page, m, 'guest@example.com')).toBeVisible()
  const origin = new URL(baseURL!).origin
  const web = requests.filter((r) => r.url.protocol === 'http:' || r.url.protocol === 'https:')
  expect(web.length).toBeGreaterThan(3)
  expect(web.filter((r) => r.url.origin !== origin).map((r) => r.url.href)).toEqual([])
})

test('no unload or beforeunload listener, and at most one global, after using the footer and the newsletter', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, '__keysBefore', { value: Object.keys(window), enumerable: false })
    const types: string[] = []
    Object.defineProperty(window, '__listeners', { value: types, enumerable: false })
    const add = EventTarget.prototype.addEventListener
    EventTarget.prototype.addEventListener = function (
      this: EventTarget,
      type: string,
      ...rest: [EventListenerOrEventListenerObject | null, (boolean | AddEventListenerOptions)?]
    ) {
      types.push(type)
      return add.call(this, type, ...rest)
    }
  })
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/_hosts/clean.html')
  await footerSettled(page)
  await useWithoutSigningUp(page)
  const m = market('DE')
  await emailField(page, m).fill('global@example.com')
  await page.getByRole('checkbox').first().check()
  await submitButton(page, m).click()
  await expect(successText(page, m, 'global@example.com')).toBeVisible()
  const state = await page.evaluate(() => {
    const w = window as unknown as { __keysBefore: string[]; __listeners: string[] }
    return {
      added: Object.keys(window).filter((k) => !w.__keysBefore.includes(k)),
      listeners: w.__listeners,
      handlers: [window.onunload, window.onbeforeunload].filter(Boolean).length,
    }
  })
  // The instrumentation works: the widget's own listeners (clicks, input, media queries) are seen.
  expect(state.listeners.length).toBeGreaterThan(0)
  expect(state.listeners.filter((t) => t === 'unload' || t === 'beforeunload')).toEqual([])
  expect(state.handlers).toBe(0)
  expect(state.added).toEqual(['__lumoraFooter'])
})

// ---------------------------------------------------------------------------------------------
// 5. Addresses a <base href> cannot bend; host markup named like document and window properties

/** The widget's links (as the browser resolves them) and images (source, and whether it loaded). */
function widgetUrls(page: Page) {
  return page.evaluate(() => {
    const root = document.getElementById('footer')!.shadowRoot!
    return {
      links: [...root.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
      images: [...root.querySelectorAll('img')].map((img) => ({
        src: img.currentSrc || img.src,
        loaded: img.complete && img.naturalWidth > 0,
      })),
    }
  })
}

test("<base href> on a CDN: every link and image is the one of a clean page, on the shop's origin; no image fails", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin
  await page.route('https://cdn.shop.example/**', (route) => route.abort())
  const failed: string[] = []
  page.on('requestfailed', (r) => failed.push(r.url()))
  page.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)))
  await page.goto('/_hosts/clean.html')
  await footerSettled(page)
  await showWholePage(page)
  const clean = await widgetUrls(page)
  await page.goto('/_hosts/base-href.html')
  await footerSettled(page)
  await showWholePage(page)
  expect(await page.evaluate(() => document.baseURI)).toBe('https://cdn.shop.example/assets/')
  const based = await widgetUrls(page)
  expect(based.links.filter((href) => new URL(href).origin === origin).length).toBeGreaterThan(40)
  expect(based.links).toEqual(clean.links)
  expect(based.images.length).toBeGreaterThan(10)
  expect(based.images.map((i) => i.src)).toEqual(clean.images.map((i) => i.src))
  expect(based.images.filter((i) => !i.loaded || new URL(i.src).origin !== origin)).toEqual([])
  expect(failed).toEqual([])
})

for (const csp of [false, true]) {
  test(`host markup shadowing currentScript and the global (staff visitor${csp ? ', strict CSP with Trusted Types' : ''}): the widget reads its own tag, no foreign script is requested`, async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin
    const log = watchPage(page)
    await page.route('**://evil.example/**', (route) => route.abort())
    const scripts: string[] = []
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(r.url())))
    await becomeStaff(page)
    await page.goto(`/_hosts/clobber.html?site=AT${csp ? '&csp' : ''}`)
    await expect(page.getByRole('region', { name: 'Preview settings' })).toBeVisible()
    await expect(widgetRoot(page)).toHaveAttribute('data-site', 'AT')
    // The markup does shadow document.currentScript; the global is the widget's own marker, not the link.
    expect(
      await page.evaluate(() => [
        (document.currentScript as Element | null)?.tagName,
        document.getElementById('__lumoraFooter')?.tagName,
        (window as unknown as Record<string, { locale?: string }>).__lumoraFooter.locale,
      ]),
    ).toEqual(['IMG', 'A', 'de-AT'])
    await expect.poll(() => scripts.length).toBeGreaterThanOrEqual(2)
    await requestsSoFar(page)
    expect(scripts.filter((url) => new URL(url).origin !== origin)).toEqual([])
    expect(scripts.map((url) => new URL(url).pathname)).toEqual([
      expect.stringMatching(/^\/static\/footer\.de-AT\.\w+\.js$/),
      expect.stringMatching(/^\/static\/preview\.\w+\.js$/),
    ])
    expect(log.warnings.join('\n')).not.toContain('] W8 (')
    expect(log.pageErrors).toEqual([])
  })
}

for (const { file, tag } of [
  { file: 'base-after.html', tag: 'deferred' },
  { file: 'base-after-sync.html', tag: 'classic' },
]) {
  test(`<base href> after the footer's ${tag} tag (staff visitor): the preview file and every image come from the shop's origin`, async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin
    const log = watchPage(page)
    await page.route('https://cdn.evil.example/**', (route) => route.abort())
    const fetched: string[] = []
    page.on('request', (r) => void fetched.push(r.url()))
    await becomeStaff(page)
    await page.goto(`/_hosts/${file}`)
    expect(await page.evaluate(() => document.baseURI)).toBe('https://cdn.evil.example/assets/')
    await expect(page.getByRole('region', { name: 'Preview settings' })).toBeVisible()
    await footerSettled(page)
    await showWholePage(page)
    const { images } = await widgetUrls(page)
    expect(images.length).toBeGreaterThan(10)
    expect(images.filter((i) => !i.loaded || new URL(i.src).origin !== origin)).toEqual([])
    expect(fetched.filter((url) => new URL(url).origin !== origin)).toEqual([])
    expect(fetched.filter((url) => /\/static\/preview\.\w+\.js$/.test(url))).toHaveLength(1)
    expect(log.pageErrors).toEqual([])
  })
}

/**
 * clobber-api.html with `markup` (host content a CMS lets through) in place of `where`: by default
 * before #footer. Its tests share a page per worker (helpers.ts): each loads its own first.
 */
async function clobberPage(page: Page, markup: string, where = '<!--markup-->') {
  await page.route('**/_hosts/clobber-api.html*', async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace(where, markup)
    await route.fulfill({ response, body })
  })
  await page.goto('/_hosts/clobber-api.html')
}

for (const markup of [
  '<img name="cookie" alt="">',
  '<form name="cookie"></form>',
  '<img name="getElementById" alt="">',
  '<img name="createElement" alt="">',
  '<img name="createTextNode" alt="">',
  '<img name="createElementNS" alt="">',
  '<img name="readyState" alt="">',
  '<form name="querySelector"></form>',
  '<img name="documentElement" alt=""><img name="documentElement" alt="">',
  '<iframe name="documentElement" title="x"></iframe>',
  '<img name="documentElement" platform="smartphone" alt="">',
  '<img name="defaultView" alt="">',
  '<img name="activeElement" alt=""><img name="body" alt="">',
]) {
  testOnWorkerPage(
    `host markup ${markup} shadowing a document property: the footer shows, nothing thrown`,
    async ({ page }) => {
      const log = watchPage(page)
      await clobberPage(page, markup)
      await expect(widgetFooter(page)).toBeVisible()
      await expect(widgetRoot(page)).toHaveAttribute('data-site', 'DE')
      expect(log.errors).toEqual([])
      expect(log.pageErrors).toEqual([])
    },
  )
}

testOnWorkerPage(
  'an earlier <a id="footer"> (a jump mark): the footer shows in the <div id="footer">, the console says there are several',
  async ({ page }) => {
    const log = watchPage(page)
    await clobberPage(page, '<a id="footer" href="#footer">To the footer</a>')
    await expect(page.locator('div#footer footer')).toBeVisible()
    await expect(page.getByRole('link', { name: 'To the footer' })).toBeVisible()
    expect(log.warnings.join('\n')).toMatch(/\] W28 \(/)
    expect(log.errors).toEqual([])
    expect(log.pageErrors).toEqual([])
  },
)

testOnWorkerPage(
  'only a #footer that cannot hold a shadow root (<a id="footer">): a clear console error, the page untouched',
  async ({ page }) => {
    const log = watchPage(page)
    await clobberPage(page, '<a id="footer" href="#top">Top</a>', '<div id="footer"></div>')
    await expect(page.getByRole('link', { name: 'Top' })).toBeVisible()
    await expect.poll(() => log.errors.join('\n')).toContain('] E1 (')
    expect(log.warnings.join('\n')).toMatch(/\] W7 \(.*<a id="footer">/)
    expect(log.errors.join('\n')).toContain('] E1 (')
    expect(await page.evaluate(() => document.getElementById('footer')!.shadowRoot)).toBeNull()
    expect(log.pageErrors).toEqual([])
  },
)

test('host markup <img name="addEventListener"> (logged-in staff visitor): the preview shows and the session monitor renews the due token', async ({
  page,
}) => {
  const log = watchPage(page)
  const login = await page.request.post('/service/login/api/v1/login', {
    headers: { 'X-hunter-csrf': '1' },
    data: DEMO_ACCOUNT,
  })
  expect(login.status()).toBe(200)
  await becomeStaff(page)
  // The token may be renewed 10 minutes after login: the page believes 11 minutes have passed.
  await page.clock.install({ time: Date.now() + 11 * 60_000 })
  const renewals: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/service/login/api/v1/logintoken/renew')
      renewals.push(r.method())
  })
  await clobberPage(page, '<img name="addEventListener" alt="">')
  await expect(page.getByRole('region', { name: 'Preview settings' })).toBeVisible()
  await expect.poll(() => renewals).toEqual(['POST'])
  expect(log.pageErrors).toEqual([])
})

test('a cookie named "undefined" stays a cookie: no request of the widget carries it as a header', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'undefined', value: 'x', url: baseURL! }])
  const pending: Promise<{ path: string; headers: Record<string, string> }>[] = []
  const onRequest = (r: Request) => {
    const path = new URL(r.url()).pathname
    if (path.startsWith('/service/'))
      pending.push(r.allHeaders().then((headers) => ({ path, headers })))
  }
  page.on('request', onRequest)
  await page.goto('/_hosts/clean.html')
  await footerSettled(page)
  // Every header read is awaited here, none left running into the test's end.
  page.off('request', onRequest)
  const sent = await Promise.all(pending)
  // psdata and the footer content both went out.
  expect(sent.length).toBeGreaterThanOrEqual(2)
  expect(sent.filter((r) => 'undefined' in r.headers).map((r) => r.path)).toEqual([])
  expect(sent.every((r) => /undefined=x/.test(r.headers.cookie ?? ''))).toBe(true)
})

// The back/forward cache test lives in hosts-bfcache.spec.ts: it needs a browser launched with the cache on.

// 5. The mobile webview profile is in webview.spec.ts (its own project in playwright.config.ts).
