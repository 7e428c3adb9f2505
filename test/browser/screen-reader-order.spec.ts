/**
 * A message reaches a screen reader whole, after the focus move that comes with it (WCAG 4.1.3,
 * 3.3.1): a screen reader stops speaking when the focus moves, and Chromium sends a live region's
 * change before a focus move of the same update, so a message announced beside the move is cut
 * off. Read where a screen reader reads it, at the accessibility API (AT-SPI events from a headed
 * Chromium, test/browser/atspi.ts): the refused submit's errors (HU) and the double opt-in
 * landing's invalid-link banner (DE) go with their focus move, as the focused element's
 * description, and no live region speaks them, before the move or after it; a left field's
 * error, which has no move of the widget's own, is spoken after the visitor's (HU).
 */
import { expect, test, type Page } from '@playwright/test'
import { flatten, loadDictionary } from '../../build/product/locales.ts'
import { startScreenReaderSession, type Heard } from './atspi.ts'

/** Whether a live region speaks an inserted text (Orca's reading of container-live). */
const spoken = (h: Heard) => h.type === 'text' && (h.live === 'polite' || h.live === 'assertive')

/**
 * Moves the focus on with Tab and waits until the screen reader hears that move: what the page
 * sent before it has arrived by then (AT-SPI keeps the order), so a late announcement would show.
 */
async function moveOn(page: Page, heard: Heard[]) {
  const from = heard.length
  await page.keyboard.press('Tab')
  await expect.poll(() => heard.slice(from).some((h) => h.type === 'focus')).toBe(true)
}

/** What was heard, as a failure message shows it. */
const shown = (heard: Heard[]) =>
  heard.map((h) => `${h.type}:${h.role}:${h.name}|${h.description}|${h.live}|${h.text}`).join('\n')

test('each message goes with its focus move, as the description of the focused element, and no live region speaks it: a refused submit (HU), an invalid link (DE)', async ({
  playwright,
  baseURL,
}) => {
  // Up to three sessions to start (atspi.ts), each a headed browser, on a machine that may be busy.
  test.setTimeout(150_000)
  const hu = flatten(await loadDictionary('hu-HU'))
  const de = flatten(await loadDictionary('de-DE'))
  const session = await startScreenReaderSession(playwright.chromium)
  try {
    const page = await session.browser.newPage({ baseURL })
    const { heard } = session

    await test.step('HU: the e-mail field takes the focus and reads its own error, then the others', async () => {
      await page.goto('/hu/')
      const submit = page.locator('#footer button[type=submit]')
      await submit.scrollIntoViewIfNeeded()
      const from = heard.length
      await submit.click()
      const errors = ['email', 'salutation', 'lastName', 'firstName'].map(
        (field) => hu[`newsletter.errors.${field}RequiredErrorMessage`]!,
      )
      const move = () =>
        heard
          .slice(from)
          .find((h) => h.type === 'focus' && h.name.startsWith(hu['newsletter.email']!))
      await expect.poll(() => move()?.description ?? '').toContain(errors[3])
      const description = move()!.description
      const at = errors.map((error) => description.indexOf(error))
      expect(at, description).toEqual([...at].sort((a, b) => a - b))
      expect(at[0], description).toBeGreaterThanOrEqual(0)
      await moveOn(page, heard)
      const said = heard
        .slice(from)
        .filter((h) => spoken(h) && errors.some((e) => h.text.includes(e)))
      expect(said, shown(heard.slice(from))).toEqual([])
    })

    await test.step("HU: a left field's error is spoken after the focus move to the next field", async () => {
      // No move of the widget's own goes with it: its alert waits for the visitor's (base/announce.ts).
      await page.goto('/hu/')
      const email = page.locator('#footer input[type=email]')
      await email.fill('anna@')
      const from = heard.length
      await email.press('Tab')
      const error = hu['newsletter.errors.emailRegexErrorMessage']!
      const at = () => heard.slice(from).findIndex((h) => spoken(h) && h.text.includes(error))
      await expect.poll(at).toBeGreaterThanOrEqual(0)
      const move = heard
        .slice(from)
        .findIndex((h) => h.type === 'focus' && h.name.startsWith(hu['newsletter.salutation']!))
      expect(move, shown(heard.slice(from))).toBeGreaterThanOrEqual(0)
      expect(at(), shown(heard.slice(from))).toBeGreaterThan(move)
      // Polite: it waits for the next field's name instead of cutting it off.
      expect(heard.slice(from)[at()]!.live).toBe('polite')
    })

    await test.step('DE: the heading takes the focus and reads the invalid-link banner', async () => {
      // A token of the issued format that the server does not know.
      await page.goto(`/de/?subscriberToken=${'x'.repeat(22)}`)
      const confirm = page
        .locator('#footer')
        .getByRole('button', { name: de['newsletter.doiConfirm'] })
      await confirm.scrollIntoViewIfNeeded()
      const from = heard.length
      await confirm.click()
      const invalid = de['newsletter.doiInvalid']!
      const move = () =>
        heard
          .slice(from)
          .find((h) => h.type === 'focus' && h.name.startsWith(de['newsletter.title']!))
      await expect.poll(() => move()?.description ?? '').toContain(invalid)
      await moveOn(page, heard)
      const said = heard.slice(from).filter((h) => spoken(h) && h.text.includes(invalid))
      expect(said, shown(heard.slice(from))).toEqual([])
    })
  } finally {
    await session.stop()
  }
})
