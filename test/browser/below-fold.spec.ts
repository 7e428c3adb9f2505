/**
 * A footer far below the fold (fixtures/hosts/article.html, a long article) costs the host page
 * nothing while it loads: the bundle runs, but asks for nothing until the page has loaded, then
 * renders in idle time (src/base/tasks.ts whenNearViewportOrIdle). Scrolled down, the whole footer
 * shows.
 */
import { expect, test } from '@playwright/test'
import { GLOBAL_KEY } from '../../src/contract/contract.ts'
import { watchPage } from './helpers.ts'

/** The widget's requests, and how many of them started before the page's load event ended. */
const widgetCalls = () => {
  const calls = performance.getEntriesByType('resource').filter((e) => /\/service\//.test(e.name))
  const loaded = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
  return {
    calls: calls.length,
    beforeLoad: calls.filter((e) => e.startTime < loaded.loadEventEnd).length,
  }
}

test('a long article: no request before the page has loaded; then the whole footer', async ({
  page,
}) => {
  const log = watchPage(page)
  await page.goto('/_hosts/article.html')
  // The bundle ran (its marker is set) while the page loaded, yet the footer asked for nothing then.
  await expect.poll(() => page.evaluate((key) => key in window, GLOBAL_KEY)).toBe(true)
  await expect(page.locator('#footer footer')).toBeAttached()
  await expect.poll(() => page.evaluate(widgetCalls)).toMatchObject({ beforeLoad: 0 })

  await page.locator('#footer').scrollIntoViewIfNeeded()
  await expect(page.locator('#footer footer')).toBeVisible()
  await expect(page.locator('#footer .lf-bottom a').first()).toBeVisible()
  await expect(page.locator('#footer input[type=email]')).toBeVisible()
  expect((await page.evaluate(widgetCalls)).calls).toBeGreaterThan(0)
  expect(log.pageErrors).toEqual([])
})
