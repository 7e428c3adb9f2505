/**
 * The newsletter sign-up in Chromium against the contract server: the whole double opt-in flow
 * (one market; every market's in the unit table), the error paths, accessibility (axe) in every
 * state, and keyboard only.
 */
import { expect, test as freshPageTest, type Page } from '@playwright/test'
import { MARKETS, type Market } from '../../build/product/markets.ts'
import { DEMO_ACCOUNT } from '../../server/core/routes/login.ts'
import { flatten, loadDictionary } from '../../build/product/locales.ts'
import { axeViolations } from './axe.ts'
// Tests load their page first: one page per worker (helpers.ts), but for the one that installs a
// clock, which stays with its page.
import { stopClock, testOnWorkerPage as test, watchPage } from './helpers.ts'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

const texts = Object.fromEntries(
  await Promise.all(
    MARKETS.map(async (m) => [m.site, flatten(await loadDictionary(m.locale))] as const),
  ),
)

/** A locale's newsletter text, with {{placeholders}} filled. */
function tx(market: Market, key: string, params: Record<string, string> = {}): string {
  return texts[market.site][`newsletter.${key}`].replace(
    /\{\{\s*(\w+)\s*\}\}/g,
    (_, k: string) => params[k] ?? (k === 'brand' ? 'Lumora' : ''),
  )
}

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
const market = (site: string) => MARKETS.find((m) => m.site === site)!

const emailField = (page: Page, m: Market) =>
  page.getByRole('textbox', { name: startsWith(tx(m, 'email')) })
const submitButton = (page: Page, m: Market) =>
  page.getByRole('button', { name: startsWith(tx(m, 'submit')) })

/** Fills what the market requires, by label, the way a visitor would. */
async function fillRequired(page: Page, m: Market, address: string) {
  await emailField(page, m).fill(address)
  if (m.site === 'HU')
    await page.getByRole('combobox', { name: startsWith(tx(m, 'salutation')) }).selectOption('MRS')
  if (m.site === 'HU' || m.site === 'TR' || m.site === 'AT') {
    await page.getByRole('textbox', { name: startsWith(tx(m, 'firstName')) }).fill('Ayşe')
    await page.getByRole('textbox', { name: startsWith(tx(m, 'lastName')) }).fill('O´Brien')
  }
  if (m.site === 'TR') await page.getByRole('checkbox').first().check()
}

async function expectNoAxeViolations(page: Page, state: string) {
  expect(await axeViolations(page, '#footer'), state).toEqual([])
}

// One market walks the whole journey in the browser: Hungary's form asks the most (salutation and
// names) and its texts are the longest. What differs between markets (fields, texts, the mail's
// link, the landing) is proven for each in test/unit/newsletter-markets.test.tsx.
test('HU: sign up, find the mail in /_mail/, follow its link, confirmed; follow again, link no longer valid', async ({
  page,
}) => {
  const m = market('HU')
  // Four axe runs and two landings: more than the default on a busy shared machine.
  test.setTimeout(90_000)
  const log = watchPage(page)
  const address = `doi.${m.site.toLowerCase()}.${Date.now()}@example.com`
  await page.goto(m.path)
  await expect(emailField(page, m)).toBeVisible()
  await expectNoAxeViolations(page, 'initial')
  await fillRequired(page, m, address)
  await submitButton(page, m).click()
  const success = page.getByText(tx(m, 'success', { email: address }))
  await expect(success).toBeVisible()
  await expect(page.getByRole('heading', { name: tx(m, 'successTitle') })).toBeFocused()
  await expect(emailField(page, m)).toHaveCount(0)
  await expectNoAxeViolations(page, 'success view')

  await page.goto('/_mail/')
  const mail = page.locator('article', { hasText: address })
  await expect(mail).toHaveCount(1)
  const link = mail.getByRole('link')
  const href = (await link.getAttribute('href'))!
  expect(new URL(href).pathname).toBe(m.path)
  await link.click()
  // The landing asks; nothing is confirmed before the visitor says so. The token has left the address bar.
  const confirm = page.getByRole('button', { name: tx(m, 'doiConfirm') })
  await expect(confirm).toBeVisible()
  expect(page.url()).not.toContain('subscriberToken')
  // By keyboard: the pressed button goes, and the focus goes on from the block's heading.
  const title = page.getByRole('heading', { name: tx(m, 'title') })
  await confirm.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText(tx(m, 'confirmed'))).toBeVisible()
  await expect(title).toBeFocused()

  await page.goto(href)
  await page.getByRole('button', { name: tx(m, 'doiConfirm') }).click()
  const banner = page.getByText(tx(m, 'doiInvalid'))
  await expect(banner).toBeVisible()
  await expect(title).toBeFocused()
  await expectNoAxeViolations(page, 'link no longer valid banner')
  await emailField(page, m).focus()
  await expect(banner).toHaveCount(0)
  expect(log.pageErrors).toEqual([])
})

test('DOI landing: the token leaves the address bar (other parameters stay); a cross-origin server sees no token in Referer, even with a host Referrer-Policy unsafe-url', async ({
  page,
  baseURL,
  request,
}) => {
  const log = watchPage(page)
  const seen: { path: string; referer: string | undefined }[] = []
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', referer: req.headers.referer })
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Partner</title><p>partner page</p>')
  })
  // A second, cross-origin server on loopback, on a port the system picks: a fixed one can be taken.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const partnerPort = (server.address() as AddressInfo).port
  try {
    const landingPage = `${baseURL}/_hosts/referrer.html`
    await request.post('/service/newsletter/api/internal/newsletter-subscribers', {
      headers: {
        'content-type': 'application/json',
        'X-Hunter-Site': 'DE',
        'X-Original-Address': landingPage,
      },
      data: { email: `referer.${Date.now()}@example.com`, consents: [], origin: 'footer' },
    })
    const outbox = (await (await request.get('/_mail/outbox.json')).json()) as { link: string }[]
    const link = outbox
      .map((mail) => mail.link)
      .filter((l) => l.startsWith(landingPage))
      .pop()!
    const token = new URL(link).searchParams.get('subscriberToken')!
    expect(token).toBeTruthy()
    // A partner link in the content, on another origin.
    await page.route('**/service/promotion/api/promotion/SHOP_FOOTER', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { contentJSON: string }
      const content = JSON.parse(body.contentJSON) as {
        teaserGroups: { links: { link: { url: string; text: string } }[] }[]
      }
      content.teaserGroups[0].links.unshift({
        link: { url: `http://127.0.0.1:${partnerPort}/partner`, text: 'Partnerseite' },
      })
      await route.fulfill({ response, json: { ...body, contentJSON: JSON.stringify(content) } })
    })
    await page.goto(`${link}&utm_source=mail#newsletter`)
    const m = market('DE')
    await expect(page.getByRole('button', { name: tx(m, 'doiConfirm') })).toBeVisible()
    expect(
      await page.evaluate(() =>
        document.querySelector('meta[name=referrer]')?.getAttribute('content'),
      ),
    ).toBe('unsafe-url')
    expect(page.url()).not.toContain(token)
    expect(new URL(page.url()).search).toBe('?utm_source=mail')
    expect(new URL(page.url()).hash).toBe('#newsletter')
    await page.getByRole('link', { name: 'Partnerseite' }).click()
    await expect(page.getByText('partner page')).toBeVisible()
    const visit = seen.find((s) => s.path === '/partner')!
    expect(visit).toBeTruthy()
    expect(visit.referer ?? '').not.toContain(token)
    expect(visit.referer, 'a cross-origin link sends no referrer at all').toBeUndefined()
    expect(log.pageErrors).toEqual([])
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
})

test('revealed fields and errors have no axe violations; errors are announced and linked (AT, HU, TR)', async ({
  page,
}) => {
  for (const site of ['AT', 'HU', 'TR']) {
    const m = market(site)
    await page.goto(m.path)
    await emailField(page, m).focus()
    await expect(page.getByRole('textbox', { name: startsWith(tx(m, 'firstName')) })).toBeVisible()
    await expectNoAxeViolations(page, `${site} revealed`)
    await emailField(page, m).fill('not-an-address')
    await emailField(page, m).blur()
    const message = tx(m, 'errors.emailRegexErrorMessage')
    await expect(page.locator('form [role=status]', { hasText: message })).toHaveCount(1)
    await expect(emailField(page, m)).toHaveAttribute('aria-invalid', 'true')
    await expect(emailField(page, m)).toHaveAccessibleDescription(message)
    await submitButton(page, m).click()
    await expectNoAxeViolations(page, `${site} with errors`)
  }
})

test('an email_invalid answer: the email error shows and every typed value stays (AT)', async ({
  page,
}) => {
  const m = market('AT')
  await page.route('**/newsletter-subscribers', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'urn:newsletter:email_invalid', status: 400 }),
    }),
  )
  await page.goto(m.path)
  await fillRequired(page, m, 'anna@example.com')
  await submitButton(page, m).click()
  await expect(emailField(page, m)).toHaveAttribute('aria-invalid', 'true')
  await expect(emailField(page, m)).toHaveAccessibleDescription(
    tx(m, 'errors.emailRegexErrorMessage'),
  )
  await expect(emailField(page, m)).toHaveValue('anna@example.com')
  await expect(page.getByRole('textbox', { name: startsWith(tx(m, 'firstName')) })).toHaveValue(
    'Ayşe',
  )
})

test('a 500 shows the technical-error banner, values stay, and one click retries after the fault is gone (TR)', async ({
  page,
  context,
  baseURL,
}) => {
  const m = market('TR')
  await context.addCookies([
    { name: 'lf-fault', value: '500@/newsletter-subscribers', url: baseURL },
  ])
  await page.goto(m.path)
  await fillRequired(page, m, 'hata@example.com')
  await submitButton(page, m).click()
  const banner = page.getByText(tx(m, 'errorGeneric'))
  await expect(banner).toBeVisible()
  await expect(page.locator('[role=alert]', { hasText: tx(m, 'errorGeneric') })).toHaveCount(1)
  await expectNoAxeViolations(page, 'technical-error banner')
  await expect(emailField(page, m)).toHaveValue('hata@example.com')
  await expect(page.getByRole('textbox', { name: startsWith(tx(m, 'firstName')) })).toHaveValue(
    'Ayşe',
  )
  await expect(page.getByRole('checkbox').first()).toBeChecked()
  await context.clearCookies()
  await submitButton(page, m).click()
  await expect(page.getByText(tx(m, 'success', { email: 'hata@example.com' }))).toBeVisible()
})

freshPageTest(
  'the 15 s time-out shows the technical-error banner and keeps the values (DE)',
  async ({ page }) => {
    const m = market('DE')
    await page.clock.install()
    await page.setExtraHTTPHeaders({ 'X-Fault': 'timeout@/newsletter-subscribers' })
    await page.goto(m.path)
    await emailField(page, m).fill('zeit@example.com')
    await stopClock(page)
    await submitButton(page, m).click()
    await expect(submitButton(page, m)).toHaveAttribute('aria-busy', 'true')
    await expect(emailField(page, m)).toBeDisabled()
    await page.clock.fastForward(15_000)
    await page.clock.resume()
    await expect(page.getByText(tx(m, 'errorGeneric'))).toBeVisible()
    await expect(emailField(page, m)).toHaveValue('zeit@example.com')
    await expect(emailField(page, m)).toBeEnabled()
  },
)

test('keyboard only: reach, fill, tick, open the legal notice and submit; the success view takes focus (TR)', async ({
  page,
}) => {
  const m = market('TR')
  await page.goto(m.path)
  await expect(emailField(page, m)).toBeVisible()
  const focused = () =>
    page.evaluate(() => {
      let el: Element | null = document.activeElement
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
      return el
        ? `${el.tagName.toLowerCase()}|${el.getAttribute('type') ?? ''}|${el.textContent?.trim().slice(0, 40) ?? ''}`
        : ''
    })
  // From the top of the page, Tab until the email field has focus.
  for (let i = 0; i < 30 && !(await focused()).startsWith('input|email'); i++)
    await page.keyboard.press('Tab')
  expect(await focused()).toMatch(/^input\|email/)
  await page.keyboard.type('klavye@example.com')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Ayşe')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Yılmaz')
  await page.keyboard.press('Tab')
  expect(await focused()).toMatch(/^summary/)
  await page.keyboard.press('Enter')
  await expect(page.getByText(/6563/)).toBeVisible()
  // Through the links of the legal text to the consent checkbox.
  for (let i = 0; i < 10 && !(await focused()).startsWith('input|checkbox'); i++)
    await page.keyboard.press('Tab')
  await page.keyboard.press('Space')
  await expect(page.getByRole('checkbox').first()).toBeChecked()
  for (let i = 0; i < 10 && !(await focused()).startsWith('button|submit'); i++)
    await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByText(tx(m, 'success', { email: 'klavye@example.com' }))).toBeVisible()
  await expect(page.getByRole('heading', { name: tx(m, 'successTitle') })).toBeFocused()
})

test('the React 19 build signs up too (DE)', async ({ page }) => {
  const m = market('DE')
  const log = watchPage(page)
  await page.goto(`/react${m.path}`)
  await emailField(page, m).fill('react@example.com')
  await emailField(page, m).blur()
  await page.getByRole('checkbox').first().check()
  await submitButton(page, m).click()
  await expect(page.getByText(tx(m, 'success', { email: 'react@example.com' }))).toBeVisible()
  await expect(page.getByRole('heading', { name: tx(m, 'successTitle') })).toBeFocused()
  expect(log.pageErrors).toEqual([])
  expect(log.errors).toEqual([])
})

test('a logged-in visitor gets the base data prefilled, known fields locked (AT)', async ({
  page,
}) => {
  const m = market('AT')
  // The server signs login tokens: log in with the demo account, which sets the LoginToken cookie.
  expect(
    (
      await page.request.post('/service/login/api/v1/login', {
        headers: { 'X-hunter-csrf': '1' },
        data: DEMO_ACCOUNT,
      })
    ).status(),
  ).toBe(200)
  await page.goto(m.path)
  await expect(emailField(page, m)).toHaveValue('anna.schmidt@example.com')
  await expect(emailField(page, m)).toBeDisabled()
  await expect(page.getByRole('textbox', { name: startsWith(tx(m, 'firstName')) })).toHaveValue(
    'Anna',
  )
  await expect(page.getByRole('combobox', { name: startsWith(tx(m, 'salutation')) })).toHaveValue(
    'MRS',
  )
  await expectNoAxeViolations(page, 'prefilled')
  await submitButton(page, m).click()
  await expect(
    page.getByText(tx(m, 'success', { email: 'anna.schmidt@example.com' })),
  ).toBeVisible()
})

test('hidden when the page marks the form hidden, shown without the mark', async ({ page }) => {
  for (const [path, count] of [
    ['/de/?newsletter=hidden', 0],
    ['/de/', 1],
  ] as const) {
    const psdata = page.waitForResponse(/psdata/)
    await page.goto(path)
    await psdata
    await expect(page.getByRole('contentinfo')).toBeVisible()
    // The last start step, below the newsletter's: the block had its turn.
    await expect(page.locator('#footer .lf-bottom nav a').first()).toBeAttached()
    await expect(page.locator('.lf-nl')).toHaveCount(count)
  }
})

test('on a phone the form has no axe violations either (TR, 375 px)', async ({ page }) => {
  const m = market('TR')
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(m.path)
  await emailField(page, m).focus()
  await expect(page.getByRole('textbox', { name: startsWith(tx(m, 'firstName')) })).toBeVisible()
  await expectNoAxeViolations(page, 'phone revealed')
})
