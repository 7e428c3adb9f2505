/**
 * Faults in Chromium (issue 7): one path per call the visitor meets, in a real browser. The footer
 * content answering 500, psdata never answering (the form stops waiting for it before its own
 * time-out, on Playwright's clock), the double opt-in link answering 500. No page error ever; the
 * visitor sees what SPEC §8 says; once the fault is cleared, a retry works. The sign-up's paths
 * (500 with a retry, the 15 s time-out) are newsletter.spec.ts's. Every call against every fault
 * kind (500, 404, malformed JSON, an empty body, never) is the table of test/unit/faults.test.tsx.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { MARKETS } from '../../build/product/markets.ts'
import { flatten, loadDictionary } from '../../build/product/locales.ts'
import { watchPage, widgetRoot } from './helpers.ts'
import { STATUS_WAIT_MS } from '../../src/contract/newsletter.constants.ts'

const AT = MARKETS.find((m) => m.site === 'AT')!
const DE = MARKETS.find((m) => m.site === 'DE')!
const texts = flatten(await loadDictionary(AT.locale))
const tx = (key: string, params: Record<string, string> = {}) =>
  texts[`newsletter.${key}`].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => params[k] ?? '')
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

const email = (page: Page) => page.getByRole('textbox', { name: startsWith(tx('email')) })
const submit = (page: Page) => page.getByRole('button', { name: startsWith(tx('submit')) })

/** A fault for this browser context only (the contract server reads the lf-fault cookie). */
const setFault = (context: BrowserContext, baseURL: string | undefined, value: string) =>
  context.addCookies([{ name: 'lf-fault', value, url: baseURL! }])
const clearFault = (context: BrowserContext) => context.clearCookies({ name: 'lf-fault' })

test('footer content answering 500: no content section, the newsletter and the bottom line stand, no page error', async ({
  page,
  context,
  baseURL,
}) => {
  const log = watchPage(page)
  await setFault(context, baseURL, '500@/promotion/SHOP_FOOTER')
  await page.goto(DE.path)
  const root = widgetRoot(page)
  await expect(root.locator('footer')).toBeVisible()
  await expect(root.getByRole('textbox').first()).toBeVisible()
  await expect(root.locator('.lf-copyright')).toBeVisible()
  // Nothing half-built: no content section and no link or image from content.
  await expect(
    root.locator('.lf-bottom nav, .lf-teasers, .lf-seo, .lf-icons, .lf-logo'),
  ).toHaveCount(0)
  await expect(root.locator('footer a[href]:not(.lf-nl a)')).toHaveCount(0)
  expect(log.pageErrors).toEqual([])
  // The next page load after recovery renders the content.
  await clearFault(context)
  await page.reload()
  await expect(root.locator('.lf-bottom nav a').first()).toBeVisible()
})

for (const fault of ['timeout'] as const) {
  test(`psdata answering ${fault}: the newsletter shows and signs up, no page error`, async ({
    page,
    context,
    baseURL,
  }) => {
    const log = watchPage(page)
    if (fault === 'timeout') {
      // A clock stopped from the start (no page yet: the jump is harmless), which the test moves
      // 50 ms at a time until the footer has started: the status wait cannot pass unseen, however
      // long the machine takes to load the page.
      const start = Date.now()
      await page.clock.install({ time: start })
      await page.clock.pauseAt(start + 60_000)
    }
    await setFault(context, baseURL, `${fault}@/psdata`)
    await page.goto(AT.path)
    if (fault === 'timeout') {
      // The form waits for the status (so a subscribed visitor never sees it flash) STATUS_WAIT_MS
      // at most, not the request's 15 s, and the footer's content waits below it (nothing may
      // move): until then only the landmark is there.
      const footer = widgetRoot(page).locator('footer')
      await expect
        .poll(async () => {
          await page.clock.runFor(50)
          return footer.count()
        })
        .toBe(1)
      await expect(email(page)).toHaveCount(0)
      await page.clock.fastForward(STATUS_WAIT_MS)
      await page.clock.resume()
      await expect(widgetRoot(page).locator('.lf-bottom nav a').first()).toBeVisible()
    }
    await email(page).fill('status@example.com')
    await submit(page).click()
    await expect(page.getByText(tx('success', { email: 'status@example.com' }))).toBeVisible()
    expect(log.pageErrors).toEqual([])
  })
}

test('double opt-in link answering 500: the technical-error banner, not "no longer valid"; pressing confirm again after recovery confirms', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const log = watchPage(page)
  const address = `doi.fault.${Date.now()}@example.com`
  await request.post('/service/newsletter/api/internal/newsletter-subscribers', {
    headers: { 'X-Hunter-Site': 'AT', 'X-Original-Address': `${baseURL}${AT.path}` },
    data: { email: address, consents: [], origin: 'footer' },
  })
  const mails = (await (await request.get('/_mail/outbox.json')).json()) as {
    to: string
    link: string
  }[]
  const link = new URL(mails.find((m) => m.to === address)!.link)
  await setFault(context, baseURL, '500@/doi')
  await page.goto(link.pathname + link.search)
  // The token has left the address bar, so a reload cannot retry: the confirm button stays for that.
  const confirm = page.getByRole('button', { name: tx('doiConfirm') })
  await confirm.click()
  await expect(page.locator('[role=alert]', { hasText: tx('errorGeneric') })).toBeVisible()
  await expect(page.getByText(tx('doiInvalid'))).toHaveCount(0)
  await clearFault(context)
  await confirm.click()
  await expect(page.getByText(tx('confirmed'))).toBeVisible()
  expect(log.pageErrors).toEqual([])
})
