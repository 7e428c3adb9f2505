/**
 * Bench part (f): interaction to next paint at 4x CPU slowdown (CDP), from the Event Timing API in
 * the page (PerformanceObserver 'event', durationThreshold 16: an entry's duration runs from the
 * input to the next paint after its handlers, rounded to 8 ms). Four interactions on the German
 * page, each in a fresh context: the fields appearing when the e-mail field gets the focus (a
 * click), typing an address (the slowest keystroke), submitting, and opening a link panel on a
 * phone (375 px, touch, a tap). The page loads unthrottled; the slowdown starts once the footer
 * is complete, so that only the interactions are slowed.
 */
import type { Browser, BrowserContextOptions, Page } from '@playwright/test'
import { median } from './browser.ts'

declare global {
  interface Window {
    __events: { id: number; duration: number }[]
  }
}

/** Runs in the page before any of its scripts. */
function observeEvents() {
  window.__events = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { interactionId?: number })[])
      if (e.interactionId) window.__events.push({ id: e.interactionId, duration: e.duration })
    // durationThreshold is Event Timing's option, not yet in TypeScript's DOM types.
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit)
}

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }
const PHONE: BrowserContextOptions = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
}

const email = (page: Page) => page.locator('#footer input[type=email]')

/** What is timed, on a page whose footer is complete: the interaction itself. */
const INTERACTIONS: {
  name: string
  context: BrowserContextOptions
  prepare?: (page: Page) => Promise<void>
  act: (page: Page) => Promise<void>
}[] = [
  {
    name: 'focus the e-mail field (the fields appear)',
    context: DESKTOP,
    act: (page) => email(page).click(),
  },
  {
    name: 'type an e-mail address (slowest key)',
    context: DESKTOP,
    prepare: (page) => email(page).click(),
    act: (page) => page.keyboard.type('kundin@example.com', { delay: 60 }),
  },
  {
    name: 'submit the sign-up',
    context: DESKTOP,
    prepare: async (page) => {
      await email(page).fill('kundin@example.com')
      await page.locator('#footer input[type=checkbox]').first().check()
    },
    act: (page) => page.locator('#footer form button[type=submit]').click(),
  },
  {
    name: 'open a link panel on a phone (tap)',
    context: PHONE,
    act: (page) => page.locator('#footer .lf-teasers button[aria-expanded]').first().tap(),
  },
]

/** The longest interaction (ms) of one fresh page, 0 when none took 16 ms or more. */
async function timeOnce(
  browser: Browser,
  url: string,
  interaction: (typeof INTERACTIONS)[number],
): Promise<number> {
  const context = await browser.newContext(interaction.context)
  const page = await context.newPage()
  try {
    await page.addInitScript(`(${observeEvents})()`)
    await page.goto(url)
    await page.locator('#footer .lf-bottom a').first().waitFor({ timeout: 30_000 })
    await email(page).waitFor()
    await page.waitForLoadState('networkidle')
    await interaction.prepare?.(page)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const before = await page.evaluate(() => window.__events.length)
    await interaction.act(page)
    // The observer reports an entry after its next paint: two frames and a moment later.
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))),
        ),
    )
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    const events = (await page.evaluate(() => window.__events)).slice(before)
    const byInteraction = new Map<number, number>()
    for (const e of events)
      byInteraction.set(e.id, Math.max(byInteraction.get(e.id) ?? 0, e.duration))
    return Math.max(0, ...byInteraction.values())
  } finally {
    await context.close()
  }
}

export interface InteractionFigures {
  name: string
  median: number
  worst: number
  runs: number
}

/** Each interaction `runs` times on `url` (the German market page). */
export async function interactionLatencies(
  browser: Browser,
  url: string,
  runs: number,
): Promise<InteractionFigures[]> {
  const out: InteractionFigures[] = []
  for (const interaction of INTERACTIONS) {
    const times: number[] = []
    for (let i = 0; i < runs; i++) times.push(await timeOnce(browser, url, interaction))
    out.push({ name: interaction.name, median: median(times), worst: Math.max(...times), runs })
  }
  return out
}
