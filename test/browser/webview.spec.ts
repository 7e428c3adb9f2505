/**
 * A good guest in a slow phone's webview (issue 7): the whole sign-up by touch at 4x CPU slowdown
 * on a slow network works end to end, as the visitor sees it. How long the widget's tasks are on
 * that phone is a figure of the bench (build/bench/sign-up.ts: the longest widget task during this
 * journey, Preact beside React), not a pass/fail test: wall time depends on how busy the machine is.
 */
import { expect, test, type Page } from '@playwright/test'
import { emulateSlowPhone, WEBVIEW } from '../helpers/webview.ts'
import { watchPage, widgetRoot } from './helpers.ts'
import { emailField, market, submitButton, successText } from './hosts-helpers.ts'

/** The whole sign-up by touch on the clean host page, ending on the focused success view. */
async function signUpByTouch(page: Page): Promise<void> {
  const m = market('DE')
  const address = 'mobil@example.com'
  await page.goto('/_hosts/clean.html', { timeout: 60_000 })
  await expect(widgetRoot(page)).toHaveAttribute('data-platform', 'smartphone', { timeout: 60_000 })
  await expect(emailField(page, m)).toBeVisible({ timeout: 60_000 })
  await emailField(page, m).tap()
  await expect(emailField(page, m)).toBeFocused()
  await emailField(page, m).fill(address)
  await expect(emailField(page, m)).toHaveValue(address)
  await page.getByRole('checkbox').first().tap()
  await expect(page.getByRole('checkbox').first()).toBeChecked()
  await submitButton(page, m).tap()
  await expect(successText(page, m, address)).toBeVisible({ timeout: 60_000 })
  const heading = page.locator('.lf-nl__success h3')
  await expect(heading).toBeFocused()
  // On a 360 px screen the visitor sees the answer where the form was.
  await expect(heading).toBeInViewport()
}

test.describe('mobile webview (360x640, touch, 4x CPU slowdown, 400 kbit/s at 400 ms)', () => {
  test.use(WEBVIEW)

  test('the whole sign-up works: tap, fill, submit, success view', async ({ page }) => {
    // Generous for a loaded 2-core machine: every step waits for what the visitor sees, not for time.
    test.setTimeout(180_000)
    const log = watchPage(page)
    await emulateSlowPhone(page)
    await signUpByTouch(page)
    // The slow network was in effect: the page itself sees a 3G connection.
    expect(
      await page.evaluate(
        () => (navigator as { connection?: { effectiveType?: string } }).connection?.effectiveType,
      ),
    ).toBe('3g')
    expect(log.pageErrors).toEqual([])
  })
})
