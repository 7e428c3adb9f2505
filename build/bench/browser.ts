/**
 * Bench parts (b) and (c): the market page in Chromium, one fresh page per run, timed in the page.
 *
 * In the page (an init script, so nothing of Playwright runs on the page's main thread while it
 * renders): a long-task observer, and a MutationObserver on the widget's shadow root (caught by
 * wrapping attachShadow) that notes when the newsletter block, the bottom group and the last
 * content link arrive. Times are from the footer script's response end (resource timing), so
 * they cover the script's evaluation plus rendering, not the download.
 */
import type { Browser } from '@playwright/test'
import { BENCH_SCALE_COOKIE } from '../contract-server/routes/footer.ts'
import { startTrace, stopTrace, widgetWork } from '../../test/helpers/trace.ts'

export interface RunResult {
  /** Script response end to the newsletter block in the DOM (evaluation + first render), ms. */
  newsletter: number
  /** Script response end to the whole footer rendered (every content link and the bottom group), ms. */
  footer: number
  /** Total blocking time: sum of (long task - 50 ms) from navigation until 500 ms after the footer. */
  tbt: number
  /** Longest task in that window, ms (0: none over 50 ms). */
  longest: number
  /** With `trace`: the widget's own main-thread time and its style, layout and paint (test/helpers/trace.ts widgetWork). */
  work?: { total: number; rendering: number }
}

export interface RunOptions {
  url: string
  cpu: number
  /** Content scale (contract server: lf-bench-scale cookie), 1 = the fixture as it is. */
  scale?: number
  viewport?: { width: number; height: number }
  /** Trace the load (Chromium tracing) to measure the widget's own main-thread time. */
  trace?: boolean
}

declare global {
  interface Window {
    __bench: {
      long: number[]
      newsletter?: number
      footer?: number
      links: number
      expected?: number
    }
  }
}

/** The contract server's scale cookie, for the whole site (a cookie set by URL would get the page's path). */
function scaleCookie(options: RunOptions) {
  return {
    name: BENCH_SCALE_COOKIE,
    value: String(options.scale),
    domain: new URL(options.url).hostname,
    path: '/',
  }
}

/** Runs in the page before any of its scripts. */
export function instrument() {
  const bench: Window['__bench'] = (window.__bench = { long: [], links: 0 })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.long.push(e.duration)
  }).observe({ type: 'longtask', buffered: true })
  const attach = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init)
    new MutationObserver(() => {
      const now = performance.now()
      if (bench.newsletter === undefined && root.querySelector('form')) bench.newsletter = now
      const links = root.querySelectorAll('footer a').length
      bench.links = links
      if (
        bench.footer === undefined &&
        bench.expected !== undefined &&
        links >= bench.expected &&
        root.querySelector('.lf-bottom a')
      )
        bench.footer = now
    }).observe(root, { childList: true, subtree: true })
    return root
  }
}

export async function runOnce(
  browser: Browser,
  options: RunOptions & { expectedLinks: number },
): Promise<RunResult> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1440, height: 900 },
  })
  if ((options.scale ?? 1) > 1) await context.addCookies([scaleCookie(options)])
  const page = await context.newPage()
  try {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpu })
    await page.addInitScript(
      `(${instrument})(); window.__bench.expected = ${options.expectedLinks}`,
    )
    if (options.trace) await startTrace(cdp)
    await page.goto(options.url)
    await page.waitForFunction(() => window.__bench.footer !== undefined, null, {
      polling: 200,
      timeout: 60_000,
    })
    await page.waitForTimeout(500)
    const work = options.trace ? widgetWork(await stopTrace(cdp)) : undefined
    const timings = await page.evaluate(() => {
      const b = window.__bench
      const script = performance
        .getEntriesByType('resource')
        .find((e) => /\/static\/footer\.[^/]+\.js$/.test(e.name)) as PerformanceResourceTiming
      const start = script.responseEnd
      return {
        newsletter: b.newsletter! - start,
        footer: b.footer! - start,
        tbt: b.long.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
        longest: Math.max(0, ...b.long),
      }
    })
    return { ...timings, work }
  } finally {
    await context.close()
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export interface Summary {
  newsletter: number
  footer: number
  tbt: number
  longest: number
  runs: number
}

export function summarize(results: RunResult[]): Summary {
  return {
    newsletter: median(results.map((r) => r.newsletter)),
    footer: median(results.map((r) => r.footer)),
    tbt: median(results.map((r) => r.tbt)),
    longest: median(results.map((r) => r.longest)),
    runs: results.length,
  }
}

/**
 * How many links the complete footer has on this page (it differs per platform, variant and
 * content scale): loads it once without throttling and waits until the count stops changing.
 */
export async function countLinks(browser: Browser, options: RunOptions): Promise<number> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1440, height: 900 },
  })
  if ((options.scale ?? 1) > 1) await context.addCookies([scaleCookie(options)])
  const page = await context.newPage()
  try {
    await page.addInitScript(`(${instrument})()`)
    await page.goto(options.url)
    let last = -1
    for (let stable = 0; stable < 5; ) {
      await page.waitForTimeout(300)
      const now = await page.evaluate(() =>
        document.getElementById('footer')?.shadowRoot?.querySelector('.lf-bottom a')
          ? window.__bench.links
          : -1,
      )
      stable = now > 0 && now === last ? stable + 1 : 0
      last = now
    }
    return last
  } finally {
    await context.close()
  }
}
