/**
 * Bench part (e), the widget's tasks at an observed 4x: Lighthouse's mobile run only simulates its
 * 4x CPU (its trace is the unthrottled load), so each host page is also loaded with Chromium's
 * own throttling (Emulation.setCPUThrottlingRate 4) and Lighthouse's phone screen, traced from
 * before navigation until the whole footer is there (its bottom group's links, then an idle
 * moment), and the widget's tasks are read from the trace by thread time (lighthouse.ts
 * widgetTasks).
 */
import type { Browser } from '@playwright/test'
import { startTrace, stopTrace } from '../../test/helpers/trace.ts'
import { widgetTasks, type WidgetTasks } from './lighthouse.ts'

/** Lighthouse's mobile screen (moto g power): 412 × 823 CSS px at 1.75 device pixels per px. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true }

/** One traced load of `url` at `cpu`x per run; the widget's tasks of each. */
export async function observedWidgetTasks(
  browser: Browser,
  url: string,
  runs: number,
  cpu = 4,
): Promise<WidgetTasks[]> {
  const out: WidgetTasks[] = []
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ ...PHONE, hasTouch: true })
    try {
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
      await startTrace(cdp)
      await page.goto(url)
      // The bottom group comes last (src/base/start-plan.ts); its links are the footer complete.
      await page.locator('#footer .lf-bottom a').first().waitFor({ state: 'attached' })
      await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 5000 })))
      out.push(widgetTasks(await stopTrace(cdp)))
    } finally {
      await context.close()
    }
  }
  return out
}
