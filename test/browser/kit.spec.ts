/** The kit gallery in Chromium: axe (WCAG 2.2 AA) in every locale, target sizes, keyboard, and the React build. */
import { expect, type Page } from '@playwright/test'
import { LOCALES } from '../../src/contract/sites.ts'
import { axeViolations } from './axe.ts'
// Each test opens the gallery and acts in it: one page per worker (helpers.ts).
import { testOnWorkerPage as test, watchPage } from './helpers.ts'

const gallery = (page: Page) => page.locator('#kit-gallery .lf-gallery')

async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(gallery(page).getByRole('heading', { name: 'Button', level: 2 })).toBeVisible()
}

for (const locale of LOCALES) {
  test(`gallery in ${locale}: zero axe violations (wcag2a, wcag2aa, wcag21aa, wcag22aa)`, async ({
    page,
  }) => {
    const log = watchPage(page)
    await open(page, `/kit/?locale=${locale}`)
    await expect(gallery(page).locator('[data-locale]')).toHaveAttribute('data-locale', locale)
    expect(await axeViolations(page)).toEqual([])
    expect(log.pageErrors).toEqual([])
    expect(log.errors).toEqual([])
  })
}

test('every interactive target is at least 24 x 24 px (inline links in text excepted)', async ({
  page,
}) => {
  await open(page, '/kit/')
  const small = await page.evaluate(() => {
    const root = document.getElementById('kit-gallery')!.shadowRoot!
    const out: string[] = []
    for (const el of root.querySelectorAll<HTMLElement>(
      'button, input, select, a[href], summary, [tabindex]',
    )) {
      if (el.tagName === 'A' && el.closest('p, label')) continue // links inside a sentence: the inline exception of WCAG 2.5.8
      const r = el.getBoundingClientRect()
      if (r.width === 0 && r.height === 0) continue // not rendered (e.g. a collapsed panel)
      if (r.width < 24 || r.height < 24)
        out.push(
          `${el.tagName} ${el.getAttribute('name') ?? el.textContent?.trim()} ${r.width}x${r.height}`,
        )
    }
    return out
  })
  expect(small).toEqual([])
})

test('the locale switch changes the kit texts (de-DE -> fr-CH) and keeps axe clean', async ({
  page,
}) => {
  await open(page, '/kit/')
  const root = gallery(page)
  await expect(root.getByRole('button', { name: 'Mehr anzeigen' })).toBeVisible()
  await root.getByRole('combobox', { name: 'Locale' }).selectOption('fr-CH')
  await expect(root.getByRole('button', { name: 'Afficher plus' })).toBeVisible()
  await expect(root.getByRole('button', { name: 'Mehr anzeigen' })).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])
})

test('keyboard: text slider and expansion panel toggle with Enter and Space', async ({ page }) => {
  await open(page, '/kit/')
  const root = gallery(page)
  const more = root.getByRole('button', { name: 'Mehr anzeigen' })
  await more.focus()
  await page.keyboard.press('Enter')
  await expect(root.getByRole('button', { name: 'Weniger anzeigen' }).first()).toBeFocused()
  const panel = root.getByRole('button', { name: 'Collapsed panel' })
  await panel.focus()
  await page.keyboard.press('Space')
  await expect(panel).toHaveAttribute('aria-expanded', 'true')
  await expect(root.getByText('Content of the collapsed panel.')).toBeVisible()
  // Native radios: arrow keys move the selection inside the group and skip the disabled option.
  const home = root.getByRole('radio', { name: 'Home' })
  await home.focus()
  await page.keyboard.press('Space')
  await expect(home).toBeChecked()
  await page.keyboard.press('ArrowDown')
  await expect(root.getByRole('radio', { name: 'Store' })).toBeChecked()
  await expect(root.getByRole('radio', { name: 'Store' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(home).toBeChecked()
  // Checkbox with links in its label: Space ticks it, the links are separate Tab stops.
  const consent = root.getByRole('checkbox', { name: /I accept the terms/ })
  await consent.focus()
  await page.keyboard.press('Space')
  await expect(consent).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(root.getByRole('link', { name: /^terms/ })).toBeFocused()
})

test('IBAN input groups while typing and keeps the caret in place', async ({ page }) => {
  await open(page, '/kit/')
  const iban = gallery(page).getByRole('textbox', { name: 'IBAN', exact: true })
  await iban.click()
  // The x breaks the head (two letters, two check digits) and is refused; '-' and ' ' are not IBAN characters.
  await page.keyboard.type('de8x9 3704-0044 0532013000')
  await expect(iban).toHaveValue('DE89 3704 0044 0532 0130 00')
  // Move the caret into the middle and type a digit: it lands there and the caret follows it.
  await iban.evaluate((el: HTMLInputElement) => el.setSelectionRange(7, 7))
  await page.keyboard.type('1')
  await expect(iban).toHaveValue('DE89 3710 4004 4053 2013 000')
  expect(await iban.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(8)
})

test('a loading button ignores clicks and says it is busy', async ({ page }) => {
  await open(page, '/kit/')
  const root = gallery(page)
  const loading = root.getByRole('button', { name: /^Loading Wird geladen$/ })
  await expect(loading).toHaveAttribute('aria-disabled', 'true')
  await expect(loading).toHaveAttribute('aria-busy', 'true')
  await loading.click({ force: true }) // Playwright treats aria-disabled as disabled; force sends the click anyway
  await expect(root.getByRole('button', { name: 'Clicked 0 times' })).toBeVisible()
  await root.getByRole('button', { name: 'Clicked 0 times' }).click()
  await expect(root.getByRole('button', { name: 'Clicked 1 times' })).toBeVisible()
})

test('after interaction (panels open, message announced, errors, password typed) axe stays clean', async ({
  page,
}) => {
  await open(page, '/kit/?locale=hu-HU')
  const root = gallery(page)
  const live = root.locator('#gallery-live')
  await expect(live).toHaveAttribute('role', 'status')
  await expect(live).toHaveText('')
  await root.getByRole('button', { name: 'Announce a message' }).click()
  await expect(live).toContainText('Saved.')
  await root.getByRole('button', { name: 'Collapsed panel' }).click()
  await root.getByRole('button', { name: 'Továbbiak megjelenítése' }).click()
  await root.getByRole('combobox', { name: 'Page language' }).selectOption('sv')
  await root.getByLabel('Password', { exact: true }).fill('Abcdefg1')
  await expect(root.locator('#gallery-password-strength')).toHaveText(
    'Lösenordets styrka: mycket stark',
  )
  await root.getByRole('button', { name: 'Értesítés bezárása' }).first().click()
  expect(await axeViolations(page)).toEqual([])
})

test('on a 360 px phone the gallery passes axe and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await open(page, '/kit/?locale=sk-SK')
  expect(await axeViolations(page)).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})
