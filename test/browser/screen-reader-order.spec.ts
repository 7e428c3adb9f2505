/**
 * A message reaches a screen reader after the focus move that comes with it (WCAG 4.1.3, 3.3.1):
 * a screen reader stops speaking when the focus moves, so a message sent before the move is cut
 * off. Read where a screen reader reads it, at the accessibility API (AT-SPI events from a headed
 * Chromium, test/browser/atspi.ts): the refused submit's alert with the other fields' errors (HU)
 * and the double opt-in landing's invalid-link banner (DE) come after their focus move.
 */
import { expect, test } from '@playwright/test'
import { flatten, loadDictionary } from '../../build/product/locales.ts'
import { startScreenReaderSession, type Heard } from './atspi.ts'

/** Where in `heard` the focus came to `name`, and where a text containing `message` was inserted. */
function order(heard: Heard[], name: string, message: string) {
  return {
    focus: heard.findIndex((h) => h.type === 'focus' && h.name.startsWith(name)),
    message: heard.findIndex((h) => h.type === 'text' && h.text.includes(message)),
  }
}

test('each message reaches the screen reader after its focus move: a refused submit (HU), an invalid link (DE)', async ({
  playwright,
  baseURL,
}) => {
  const hu = flatten(await loadDictionary('hu-HU'))
  const de = flatten(await loadDictionary('de-DE'))
  const session = await startScreenReaderSession(playwright.chromium)
  try {
    const page = await session.browser.newPage({ baseURL })
    const { heard } = session

    await test.step('HU: the e-mail field takes the focus, then the alert reads the other errors', async () => {
      await page.goto('/hu/')
      const submit = page.locator('#footer button[type=submit]')
      await submit.scrollIntoViewIfNeeded()
      const from = heard.length
      await submit.click()
      const others = hu['newsletter.errors.lastNameRequiredErrorMessage']!
      await expect
        .poll(() => order(heard.slice(from), '', others).message)
        .toBeGreaterThanOrEqual(0)
      const seen = order(heard.slice(from), hu['newsletter.email']!, others)
      expect(seen.focus, JSON.stringify(heard.slice(from))).toBeGreaterThanOrEqual(0)
      expect(seen.message, JSON.stringify(heard.slice(from))).toBeGreaterThan(seen.focus)
    })

    await test.step('DE: the heading takes the focus, then the invalid-link banner is read', async () => {
      // A token of the issued format that the server does not know.
      await page.goto(`/de/?subscriberToken=${'x'.repeat(22)}`)
      const confirm = page
        .locator('#footer')
        .getByRole('button', { name: de['newsletter.doiConfirm'] })
      await confirm.scrollIntoViewIfNeeded()
      const from = heard.length
      await confirm.click()
      const invalid = de['newsletter.doiInvalid']!
      await expect
        .poll(() => order(heard.slice(from), '', invalid).message)
        .toBeGreaterThanOrEqual(0)
      const seen = order(heard.slice(from), de['newsletter.title']!, invalid)
      expect(seen.focus, JSON.stringify(heard.slice(from))).toBeGreaterThanOrEqual(0)
      expect(seen.message, JSON.stringify(heard.slice(from))).toBeGreaterThan(seen.focus)
    })
  } finally {
    await session.stop()
  }
})
