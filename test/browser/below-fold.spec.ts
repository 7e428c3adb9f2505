/**
 * A footer far below the fold (fixtures/hosts/article.html, a long article) costs the host page
 * nothing while it loads: the bundle runs, but asks for nothing and renders nothing until the
 * visitor comes within three screens of it (src/app/tasks.ts whenNearViewport). Scrolled down, the
 * whole footer shows.
 */
import { expect, test } from '@playwright/test'
import { GLOBAL_KEY } from '../../src/contract.ts'
import { requestsSoFar, watchPage } from './helpers.ts'

const widgetCalls = () =>
  performance.getEntriesByType('resource').filter((e) => /\/service\//.test(e.name)).length

test('a long article: no request and no render before the visitor nears the footer; then the whole footer', async ({
  page,
}) => {
  const log = watchPage(page)
  await page.goto('/_hosts/article.html')
  // The bundle ran (its marker is set) and the page has loaded, yet the footer waits: no call
  // started so far.
  await expect.poll(() => page.evaluate((key) => key in window, GLOBAL_KEY)).toBe(true)
  await requestsSoFar(page)
  expect(await page.evaluate(widgetCalls)).toBe(0)
  await expect(page.locator('#footer footer')).toHaveCount(0)

  await page.locator('#footer').scrollIntoViewIfNeeded()
  await expect(page.locator('#footer footer')).toBeVisible()
  await expect(page.locator('#footer .lf-bottom a').first()).toBeVisible()
  await expect(page.locator('#footer input[type=email]')).toBeVisible()
  expect(await page.evaluate(widgetCalls)).toBeGreaterThan(0)
  expect(log.pageErrors).toEqual([])
})
