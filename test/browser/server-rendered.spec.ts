/**
 * The server-rendered footer (docs/server-rendering.md) on the demo's DE page (`?ssr=smartphone`:
 * the reference backend's fragment in #footer, then the manifest's tag): on screen before the
 * bundle runs, taken over by the bundle with no frame without a footer, no layout shift and no
 * second download of the picture; kept when the backend is gone; complete without JavaScript.
 */
import { expect, test, type Page } from '@playwright/test'
import {
  FOOTER_CONTENT_PATH,
  NEWSLETTER_IMAGES,
  PSDATA_PATH,
  SUBSCRIBERS_PATH,
} from '../../src/contract/contract.ts'
import { axeViolations } from './axe.ts'
import { watchPage } from './helpers.ts'

const PAGE = '/de/?ssr=smartphone&after'

/** The server's footer, while it is in #footer's shadow root. */
const served = (page: Page) => page.locator('#footer [data-lumora-footer]')

/** Every frame from the page's first: is a footer on screen, and where is the host's paragraph after it? */
async function recordFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const frames: [boolean, number | null][] = []
    const shifts: number[] = []
    Object.assign(window, { __frames: frames, __shifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        shifts.push(entry.value)
    }).observe({ type: 'layout-shift', buffered: true })
    const sample = () => {
      const root = document.getElementById('footer')?.shadowRoot
      const footers = root ? [...root.querySelectorAll('footer')] : []
      const after = document.getElementById('host-after')
      frames.push([
        footers.some((f) => f.getBoundingClientRect().height > 100),
        after ? after.getBoundingClientRect().top + scrollY : null,
      ])
      requestAnimationFrame(sample)
    }
    requestAnimationFrame(sample)
  })
}

const frames = (page: Page) =>
  page.evaluate(() => (window as unknown as { __frames: [boolean, number | null][] }).__frames)
const shifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1440, height: 900 },
])
  test(`${viewport.width}×${viewport.height}: the footer is there from the page's first frame; the bundle takes it over with no frame without it, CLS at most 0.01 (on the phone the host's paragraph after it never moves), one picture download; axe finds nothing`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    const log = watchPage(page)
    const pictures: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith(NEWSLETTER_IMAGES)) pictures.push(r.url())
    })
    await recordFrames(page)
    await page.goto(PAGE)
    // Taken over: the server's footer gone, the widget's own in its place.
    await expect(served(page)).toHaveCount(0)
    await expect(page.locator('#footer').getByRole('contentinfo')).toBeVisible()
    await expect(
      page.locator('#footer').getByRole('link', { name: 'Impressum', exact: true }),
    ).toBeVisible()
    const seen = await frames(page)
    const first = seen.findIndex(([footer]) => footer)
    expect(first, 'a frame with the footer').toBeGreaterThan(-1)
    expect(
      seen.slice(first).filter(([footer]) => !footer),
      'frames without a footer',
    ).toEqual([])
    // Frames before the parser reached the paragraph have none.
    const positions = new Set(
      seen
        .slice(first)
        .map(([, top]) => top)
        .filter((top) => top !== null),
    )
    if (viewport.width === 360)
      expect([...positions], 'the paragraph after #footer never moved').toHaveLength(1)
    // The server guessed a phone; on a wide screen the bundle's own layout is the desktop one.
    await expect(page.locator('#footer .lf-root')).toHaveAttribute(
      'data-platform',
      viewport.width === 360 ? 'smartphone' : 'classic',
    )
    expect((await shifts(page)).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(0.01)
    expect(pictures.length, pictures.join('\n')).toBe(1)
    expect(await axeViolations(page, '#footer')).toEqual([])
    expect(log.pageErrors).toEqual([])
    expect(log.errors).toEqual([])
  })

test('what the visitor typed into the server-rendered form before the bundle ran survives the takeover: the text, the ticked box, the focus; the sign-up sends it', async ({
  page,
}) => {
  const log = watchPage(page)
  // The bundle is held until the visitor has typed: a slow phone's script arrives late.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/static\/[^/]*de-DE[^/]*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(PAGE, { waitUntil: 'commit' })
  const theirs = served(page)
  await theirs.getByRole('checkbox').check()
  const address = `typed.${Date.now()}@example.com`
  await theirs.getByRole('textbox', { name: /^E-Mail/ }).fill(address)
  release()
  await expect(theirs).toHaveCount(0)
  const footer = page.locator('#footer')
  const email = footer.getByRole('textbox', { name: /^E-Mail/ })
  await expect(email).toHaveValue(address)
  await expect(email).toBeFocused()
  await expect(footer.getByRole('checkbox')).toBeChecked()
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith(SUBSCRIBERS_PATH),
  )
  await email.press('Enter')
  const request = await sent
  expect(request.postDataJSON()).toMatchObject({ email: address, consents: ['DNE'] })
  expect((await request.response())!.status()).toBe(201)
  expect(log.pageErrors).toEqual([])
})

test('the backend gone after the page loaded (content call fails): the server-rendered footer stays, with its legal links, and the console says W30', async ({
  page,
}) => {
  const log = watchPage(page)
  await page.route(`**${FOOTER_CONTENT_PATH}`, (route) => route.abort('connectionrefused'))
  await page.goto(PAGE)
  await expect.poll(() => log.warnings.join('\n')).toMatch(/\bW30\b/)
  await expect(served(page)).toBeVisible()
  await expect(
    page.locator('#footer').getByRole('link', { name: 'Impressum', exact: true }),
  ).toBeVisible()
  await expect(page.locator('#footer').getByRole('contentinfo')).toHaveCount(1)
  expect(log.pageErrors).toEqual([])
})

test('a subscriber: the bundle takes over with the newsletter block hidden, the rest as the server rendered it', async ({
  page,
}) => {
  await page.route(`**${PSDATA_PATH}`, (route) =>
    route.fulfill({ json: { newsletterStatus: 'SUBSCRIBED' } }),
  )
  const answer = await page.goto(PAGE)
  expect(await answer!.text(), 'the server rendered the block').toContain('class="lf-nl"')
  await expect(served(page)).toHaveCount(0)
  await expect(page.locator('#footer .lf-nl')).toHaveCount(0)
  await expect(
    page.locator('#footer').getByRole('link', { name: 'Impressum', exact: true }),
  ).toBeVisible()
})

test('one tag without a server-rendered footer: when the content call fails, the page’s own fallback inside #footer shows again', async ({
  page,
}) => {
  const log = watchPage(page)
  await page.route(`**${FOOTER_CONTENT_PATH}`, (route) => route.fulfill({ status: 502 }))
  await page.goto('/_hosts/modern.html')
  await expect.poll(() => log.errors.join('\n')).toMatch(/\bE5\b/)
  for (const name of ['Impressum', 'Datenschutz'])
    await expect(
      page.locator('#footer-fallback').getByRole('link', { name, exact: true }),
    ).toBeVisible()
  expect(log.pageErrors).toEqual([])
})

test('without JavaScript: the footer with its legal links, at least 40 links and the newsletter picture', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
  })
  const page = await context.newPage()
  await page.goto(PAGE)
  const footer = page.locator('#footer')
  for (const name of ['Impressum', 'Datenschutz', 'AGB'])
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible()
  // In the page's HTML, as a crawler reads it: on a phone the teaser and SEO panels start collapsed.
  expect(await footer.locator('a[href]').count()).toBeGreaterThanOrEqual(40)
  const img = footer.locator('picture img')
  await expect(img).toBeVisible()
  await expect
    .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
    .toBeGreaterThan(0)
  await context.close()
})
