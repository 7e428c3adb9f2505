/**
 * The session monitor as shipped, in Chromium with Playwright's fake page clock: started by the
 * main bundle on desktop, renewing a due login token (POST, empty body), checking again after
 * 3 minutes of activity, and skipped on smartphones.
 */
import { expect, test, type Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../server/core/routes/login.ts'
import { requestsSoFar, watchPage } from './helpers.ts'

const RENEW = '/service/login/api/v1/logintoken/renew'

async function logIn(page: Page) {
  const answer = await page.request.post('/service/login/api/v1/login', {
    headers: { 'X-hunter-csrf': '1' },
    data: DEMO_ACCOUNT,
  })
  expect(answer.status()).toBe(200)
}

function renewals(page: Page) {
  const seen: { method: string; body: string | null }[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === RENEW) seen.push({ method: r.method(), body: r.postData() })
  })
  return seen
}

test('desktop: a due token is renewed at once with an empty POST', async ({ page }) => {
  const log = watchPage(page)
  await logIn(page)
  // The token may be renewed 10 minutes after login: the page believes 11 minutes have passed.
  await page.clock.install({ time: Date.now() + 11 * 60_000 })
  const seen = renewals(page)
  await page.goto('/de/?platform=CLASSIC')
  await expect.poll(() => seen.length).toBe(1)
  expect(seen[0]).toEqual({ method: 'POST', body: null })
  expect(log.pageErrors).toEqual([])
})

test('desktop: a token not yet due is checked again after 3 minutes of an active visitor', async ({
  page,
}) => {
  await logIn(page)
  await page.clock.install({ time: Date.now() + 8 * 60_000 })
  const seen = renewals(page)
  await page.goto('/de/?platform=CLASSIC')
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await page.clock.runFor('02:00')
  await page.keyboard.press('Tab')
  expect(seen).toEqual([])
  await page.clock.runFor('01:00') // 3 minutes after the first check: now 11 minutes after login, due
  await expect.poll(() => seen.length).toBe(1)
})

test('smartphone: no monitor, no renewal', async ({ page }) => {
  await logIn(page)
  await page.clock.install({ time: Date.now() + 11 * 60_000 })
  const seen = renewals(page)
  await page.goto('/de/?platform=SMARTPHONE')
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await page.keyboard.press('Tab')
  await page.clock.runFor('10:00')
  await requestsSoFar(page)
  expect(seen).toEqual([])
})
