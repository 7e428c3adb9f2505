/**
 * The widget keeps its page eligible for the back/forward cache (issue 7, host pages). A file of
 * its own because Playwright launches Chromium with the cache turned off, and this needs a
 * browser launched with it on.
 */
import { expect, test } from '@playwright/test'
import { findChromium } from '../runners/ensure-chromium.ts'
import { emailField, footerSettled, market } from './hosts-helpers.ts'

test.use({
  launchOptions: {
    executablePath: findChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
})

test('after using the footer, leaving and coming back restores the page from the back/forward cache', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.enable')
  const notRestored: unknown[] = []
  cdp.on('Page.backForwardCacheNotUsed', (e) => notRestored.push(e.notRestoredExplanations))
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/_hosts/clean.html')
  await footerSettled(page)
  const m = market('DE')
  await page.locator('#footer [aria-expanded]').first().click()
  await emailField(page, m).fill('half@')
  await emailField(page, m).blur()
  await expect(emailField(page, m)).toHaveAttribute('aria-invalid', 'true')
  await page.evaluate(() =>
    Object.defineProperty(window, '__stillHere', { value: true, enumerable: false }),
  )
  await page.goto('/_hosts/other.html')
  await expect(page.getByRole('heading', { name: 'Another page' })).toBeVisible()
  await page.goBack({ waitUntil: 'commit' })
  await expect(page.locator('#footer footer')).toBeVisible()
  // Restored, not reloaded: the marker set before leaving is still there, and Chromium reported no reason against the cache.
  expect(notRestored).toEqual([])
  expect(
    await page.evaluate(
      () => (window as unknown as { __stillHere?: boolean }).__stillHere === true,
    ),
  ).toBe(true)
  await expect(emailField(page, m)).toHaveValue('half@')
})
