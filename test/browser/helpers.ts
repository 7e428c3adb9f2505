/** Shared helpers for browser specs: console and error capture, the widget's root, a page per worker. */
import { test as base, expect, type Page } from '@playwright/test'

export interface PageLog {
  errors: string[]
  warnings: string[]
  /** Uncaught exceptions: must stay empty, the widget never throws into the host page. */
  pageErrors: string[]
}

export function watchPage(page: Page): PageLog {
  const log: PageLog = { errors: [], warnings: [], pageErrors: [] }
  page.on('console', (m) => {
    if (m.type() === 'error') log.errors.push(m.text())
    if (m.type() === 'warning') log.warnings.push(m.text())
  })
  page.on('pageerror', (e) => log.pageErrors.push(e.message))
  return log
}

/** The widget's root element inside #footer's shadow root (Playwright locators pierce open shadow roots). */
export const widgetRoot = (page: Page) => page.locator('#footer .lf-root')

/** Every image of the footer (more than ten) has loaded, and each came from `assetOrigin`. */
export async function expectImagesFrom(page: Page, assetOrigin: string): Promise<void> {
  const images = page.locator('#footer img')
  await expect.poll(() => images.count()).toBeGreaterThan(10)
  await expect
    .poll(() =>
      images.evaluateAll((all) =>
        (all as HTMLImageElement[])
          .filter((img) => !(img.complete && img.naturalWidth > 0))
          .map((img) => img.currentSrc || img.src),
      ),
    )
    .toEqual([])
  const sources = await images.evaluateAll((all) =>
    (all as HTMLImageElement[]).map((img) => img.currentSrc),
  )
  expect(sources.filter((src) => !src.startsWith(`${assetOrigin}/`))).toEqual([])
}

/** The demo's staff page makes you staff by a form post (a GET changes nothing). */
export async function becomeStaff(page: Page, button = 'Become staff'): Promise<void> {
  await page.goto('/_staff/')
  await page.getByRole('button', { name: button, exact: true }).click()
  await expect(page.getByRole('heading', { name: 'You are staff now' })).toBeVisible()
}

/**
 * Stops Playwright's fake clock (installed with `page.clock.install()`), so that from here on only
 * the test moves it. An installed clock runs with real time, and on a busy machine the seconds the
 * test's own steps take would count against the widget's waits and time-outs. The clock jumps a
 * minute ahead as it stops (timers due in that minute fire once): the page's time is read first,
 * and the jump leaves room for any delay before the stop, since a whole test gets a minute.
 */
export async function stopClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now())
  await page.clock.pauseAt(now + 60_000)
}

/**
 * Resolves once every request the page has started so far has been reported to the test: the
 * browser reports requests in the order they start, so one the page sends now comes after them.
 * What a test waits for before it asserts that a request was never made (not for the network to
 * fall silent for a while).
 */
export async function requestsSoFar(page: Page): Promise<void> {
  let seen!: () => void
  const barrier = new Promise<void>((resolve) => (seen = resolve))
  const marker = `/?requests-so-far=${Math.random().toString(36).slice(2)}`
  const onRequest = (request: { url(): string }) => {
    if (request.url().endsWith(marker)) seen()
  }
  page.on('request', onRequest)
  try {
    await page.evaluate((url) => {
      void fetch(url, { cache: 'no-store' }).catch(() => {})
    }, marker)
    await barrier
  } finally {
    page.off('request', onRequest)
  }
}

/** A page with nothing of the widget's on it, on the suite's origin: where a worker's page waits between tests. */
const RESTING_PAGE = '/_hosts/clean.html?nowidget'

/**
 * `test` whose `page` (and `context`) is one per worker: every test still loads its own page
 * first, but in a tab whose renderer is already running. A fresh context costs a new renderer,
 * a cold first load and a cold axe, about a second a test. For spec files whose tests open a page,
 * act and read in it, and leave nothing behind: after each test the page goes to a page without
 * the widget (so nothing of the last one runs on into the next) and loses its listeners, routes,
 * cookies, storage, permissions, viewport, colour scheme and motion preference. A failed test ends
 * its worker, and with it the page. Not for tests that add init scripts (they stay with the page),
 * install a clock, or assert on requests, bytes or a first visit (the worker's HTTP cache is warm).
 */
export const testOnWorkerPage = base.extend<object, { workerPage: Page }>({
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport } = workerInfo.project.use
      const context = await browser.newContext({ baseURL, viewport })
      await use(await context.newPage())
      await context.close()
    },
    { scope: 'worker' },
  ],
  context: async ({ workerPage }, use) => {
    await use(workerPage.context())
  },
  page: async ({ workerPage }, use, testInfo) => {
    await use(workerPage)
    for (const event of ['console', 'pageerror', 'request', 'response', 'dialog'] as const)
      workerPage.removeAllListeners(event)
    await workerPage.unrouteAll({ behavior: 'ignoreErrors' })
    await workerPage.goto(RESTING_PAGE)
    await workerPage.evaluate(() => {
      localStorage.clear()
      sessionStorage.clear()
    })
    const context = workerPage.context()
    await context.clearCookies()
    await context.clearPermissions()
    await workerPage.setViewportSize(testInfo.project.use.viewport ?? { width: 1280, height: 720 })
    await workerPage.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' })
  },
})
