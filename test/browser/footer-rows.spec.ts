/**
 * The footer rows of issue 20, tried from outside on the demo: the view changer on a phone in
 * DE with the demo host persisting the choice, the teaser heading link on phones, the teaser
 * icons on desktop, Polish heading ids, and pasting a Dutch IBAN into the kit gallery.
 */
import { expect, type Page } from '@playwright/test'
import { axeViolations } from './axe.ts'
// Each test loads its page first: one page per worker (helpers.ts).
import { testOnWorkerPage as test, watchPage } from './helpers.ts'

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1440, height: 900 }
const footer = (page: Page) => page.getByRole('contentinfo')
const teasers = (page: Page) =>
  footer(page).getByRole('navigation', { name: 'Service und Informationen' })

test('DE phone: "Zur Desktop-Ansicht" switches to the desktop view; the demo host remembers it; "Zur mobilen Ansicht" switches back', async ({
  page,
  context,
}) => {
  const log = watchPage(page)
  await page.setViewportSize(PHONE)
  await page.goto('/de/')
  const toDesktop = footer(page).getByRole('button', { name: 'Zur Desktop-Ansicht' })
  await expect(toDesktop).toBeVisible()
  await expect(footer(page).getByRole('button', { name: 'Zur mobilen Ansicht' })).toHaveCount(0)
  expect(await axeViolations(page, '#footer')).toEqual([])
  const heard = page.evaluate(
    () =>
      new Promise((resolve) =>
        document.addEventListener(
          'lumora:view-change',
          (e) => resolve({ detail: (e as CustomEvent).detail, cancelable: e.cancelable }),
          { once: true },
        ),
      ),
  )
  await toDesktop.focus()
  await page.keyboard.press('Enter')
  expect(await heard).toEqual({
    detail: { view: 'desktop', platform: 'CLASSIC' },
    cancelable: true,
  })
  // The desktop layout at once: teaser groups as headings with links, no panels.
  await expect(
    teasers(page).getByRole('heading', { name: 'Zahlung & Versand', level: 3 }),
  ).toBeVisible()
  await expect(teasers(page).getByRole('button', { name: 'Zahlung & Versand' })).toHaveCount(0)
  const toMobile = footer(page).getByRole('button', { name: 'Zur mobilen Ansicht' })
  await expect(toMobile).toBeFocused()
  // The demo host stored the choice; the widget wrote no cookie of its own.
  expect((await context.cookies()).map((c) => `${c.name}=${c.value}`)).toEqual([
    'Hunter-Platform=classic',
  ])
  await page.reload()
  await expect(footer(page).getByRole('button', { name: 'Zur mobilen Ansicht' })).toBeVisible()
  await expect(
    teasers(page).getByRole('heading', { name: 'Zahlung & Versand', level: 3 }),
  ).toBeVisible()
  await footer(page).getByRole('button', { name: 'Zur mobilen Ansicht' }).click()
  await expect(teasers(page).getByRole('button', { name: 'Zahlung & Versand' })).toBeVisible()
  await expect(footer(page).getByRole('button', { name: 'Zur Desktop-Ansicht' })).toBeVisible()
  expect((await context.cookies()).map((c) => `${c.name}=${c.value}`)).toEqual([
    'Hunter-Platform=smartphone',
  ])
  expect(log.pageErrors).toEqual([])
  expect(log.errors).toEqual([])
})

test('DE desktop: no view changer on a large screen', async ({ page }) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/de/')
  await expect(footer(page).getByRole('link', { name: 'Impressum' })).toBeVisible()
  await expect(footer(page).getByRole('button', { name: /Ansicht$/ })).toHaveCount(0)
})

test('DE phone: the teaser heading link "Zahlung & Versand" is reached by keyboard inside its panel', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  await page.goto('/de/')
  const toggle = teasers(page).getByRole('button', { name: 'Zahlung & Versand' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Tab')
  const link = teasers(page).getByRole('link', { name: 'Zahlung & Versand', exact: true })
  await expect(link).toBeFocused()
  await page.route('**/zahlung-versand-s1000.html', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Zahlung</title>' }),
  )
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/zahlung-versand-s1000\.html$/)
})

test('DE desktop: every teaser heading shows its icon, decorative', async ({ page }) => {
  const log = watchPage(page)
  await page.setViewportSize(DESKTOP)
  await page.goto('/de/')
  const headings = teasers(page).getByRole('heading', { level: 3 })
  await expect(headings).toHaveCount(4)
  for (const heading of await headings.all()) {
    const icon = heading.locator('svg')
    await expect(icon).toBeVisible()
    await expect(icon).toHaveAttribute('aria-hidden', 'true')
    expect((await icon.boundingBox())!.width).toBe(24)
  }
  await expect(
    teasers(page).getByRole('link', { name: 'Zahlung & Versand', exact: true }),
  ).toBeVisible()
  expect(await axeViolations(page, '#footer')).toEqual([])
  expect(log.warnings.filter((w) => w.includes('teaser icon'))).toEqual([])
})

test('PL: heading ids keep Polish letters', async ({ page }) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/pl/')
  const heading = teasers(page)
    .getByRole('heading', { name: 'Płatność i dostawa' })
    .or(footer(page).getByRole('heading', { name: 'Płatność i dostawa' }))
  await expect(heading.first()).toHaveAttribute('id', 'lf-płatność-i-dostawa')
})

test('kit gallery: pasting "NL91 ABNA 0417 1643 00" into the IBAN field keeps its letters; a wrong check digit gets the generic message', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/kit/?locale=de-DE')
  const gallery = page.locator('#kit-gallery .lf-gallery')
  const iban = gallery.getByRole('textbox', { name: 'IBAN', exact: true })
  await iban.click()
  await page.evaluate(() => navigator.clipboard.writeText('NL91 ABNA 0417 1643 00'))
  await page.keyboard.press('ControlOrMeta+V')
  await expect(iban).toHaveValue('NL91 ABNA 0417 1643 00')
  await page.keyboard.press('Tab')
  await expect(gallery.getByText('IBAN ist ungültig.')).toHaveCount(0)
  await iban.click()
  await page.keyboard.press('End')
  await page.keyboard.press('Backspace')
  await page.keyboard.type('1')
  await page.keyboard.press('Tab')
  await expect(gallery.getByText('IBAN ist ungültig.')).toBeVisible()
  await expect(iban).toHaveAttribute('aria-invalid', 'true')
})
