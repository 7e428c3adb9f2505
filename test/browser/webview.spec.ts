/**
 * A good guest in a slow phone's webview (issue 7): the whole sign-up by touch at 4x CPU slowdown
 * on a slow network, and no long task over 50 ms from the widget meanwhile. This file runs after
 * every other spec, alone (the `webview` project in playwright.config.ts), so the long-task check
 * does not share the machine's two cores with another browser.
 */
import { writeFileSync } from 'node:fs'
import { expect, test, type CDPSession, type Page } from '@playwright/test'
import {
  formatTask,
  LONG_TASK_MS,
  longTasks,
  startTrace,
  stopTrace,
  type LongTask,
} from '../helpers/trace.ts'
import { watchPage, widgetRoot } from './helpers.ts'
import { emailField, market, submitButton, successText } from './hosts-helpers.ts'

/** The phone: small viewport, touch, a device pixel ratio of 2. */
const WEBVIEW = {
  viewport: { width: 360, height: 640 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
}

/** A slow phone on a slow network: 4x CPU slowdown, 400 kbit/s each way at 400 ms latency. */
async function emulateSlowPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Network.enable')
  const bytesPerSecond = (400 * 1024) / 8
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  })
  return cdp
}

/** The whole sign-up by touch on the clean host page, ending on the focused success view. */
async function signUpByTouch(page: Page): Promise<void> {
  const m = market('DE')
  await page.goto('/_hosts/clean.html', { timeout: 60_000 })
  await expect(widgetRoot(page)).toHaveAttribute('data-platform', 'smartphone', { timeout: 60_000 })
  await expect(emailField(page, m)).toBeVisible({ timeout: 60_000 })
  await emailField(page, m).tap()
  await emailField(page, m).fill('mobil@example.com')
  await page.getByRole('checkbox').first().tap()
  await expect(page.getByRole('checkbox').first()).toBeChecked()
  await submitButton(page, m).tap()
  await expect(successText(page, m, 'mobil@example.com')).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('.lf-nl__success h3')).toBeFocused()
}

test.describe('mobile webview (360x640, touch, 4x CPU slowdown, 400 kbit/s at 400 ms)', () => {
  test.use(WEBVIEW)
  // One after the other in one worker: the long-task test should not share the 2 cores with its
  // sibling's slowed-down sign-up (and the whole file runs after every other spec: the `webview` project).
  test.describe.configure({ mode: 'default' })

  test('the whole sign-up works: tap, fill, submit, success view', async ({ page }) => {
    test.setTimeout(180_000)
    const log = watchPage(page)
    await emulateSlowPhone(page)
    await signUpByTouch(page)
    // The slow network was in effect: the bundle alone took longer than the emulated latency.
    const scriptMs = await page.evaluate(
      () =>
        performance.getEntriesByType('resource').find((e) => /\/static\/footer\./.test(e.name))!
          .duration,
    )
    expect(scriptMs).toBeGreaterThan(400)
    expect(log.pageErrors).toEqual([])
  })

  // The main thread is traced from before the page loads until the success view shows, and every
  // task over 50 ms is attributed from the trace (test/helpers/trace.ts): Playwright's own work in
  // the page is not the widget's (docs/performance.md, "Why 4x"); anything not proven foreign
  // counts as the widget's, including style, layout and paint that Playwright forces early.
  // Best of 3: this machine is shared and a task's wall time jitters by +-30 % (more under load),
  // so one attempt may catch a task of ours stretched past 50 ms by another process. An attempt
  // without a widget task over 50 ms passes; a real regression (e.g. rendering the whole footer in
  // one task) is long in every attempt and fails. Each attempt is a fresh context (cold HTTP and
  // code cache, as on a first visit); the trace of an attempt that failed is kept beside the
  // test's results (trace-<attempt>.json, opens in the DevTools Performance panel).
  // Judged by the widget's thread (CPU) time in the task, not its wall time: in CI the other
  // worker's browser runs beside this one and can deschedule our thread mid-task
  // (docs/performance.md, "Why 4x").
  const overLimit = (t: LongTask) => t.owner === 'widget' && t.widgetCpuMs > LONG_TASK_MS
  test('no long task over 50 ms comes from the widget during the sign-up (best of 3)', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(240_000)
    const attempts: LongTask[][] = []
    for (let attempt = 1; attempt <= 3; attempt++) {
      const context = await browser.newContext(WEBVIEW)
      try {
        const page = await context.newPage()
        const log = watchPage(page)
        const cdp = await emulateSlowPhone(page)
        await startTrace(cdp)
        await signUpByTouch(page)
        const events = await stopTrace(cdp)
        expect(log.pageErrors).toEqual([])
        const tasks = longTasks(events)
        attempts.push(tasks)
        console.log(
          `long tasks, attempt ${attempt}:${tasks.map((t) => `\n  ${formatTask(t)}`).join('') || ' none'}`,
        )
        if (!tasks.some(overLimit)) break
        writeFileSync(
          testInfo.outputPath(`trace-${attempt}.json`),
          JSON.stringify({ traceEvents: events }),
        )
      } finally {
        await context.close()
      }
    }
    const widgetTasks = attempts.map((tasks) => tasks.filter(overLimit).map(formatTask))
    const report = widgetTasks
      .map((lines, i) => `attempt ${i + 1}:\n${lines.map((line) => `  ${line}`).join('\n')}`)
      .join('\n')
    expect(
      widgetTasks.at(-1),
      `every attempt had a task over ${LONG_TASK_MS} ms from the widget:\n${report}\n`,
    ).toEqual([])
  })
})
