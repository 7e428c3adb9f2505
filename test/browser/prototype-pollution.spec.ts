/**
 * A host page whose legacy query parser polluted Object.prototype (issue 42, item 1:
 * `?__proto__[baseURL]=https://evil.example` through jquery-deparam, BBQ, purl or mootools-more):
 * every call of the widget still goes to the page's origin, with none of the polluted options or
 * headers, for a logged-in visitor who signs up.
 */
import { expect, test } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../server/core/routes/login.ts'
import { POLLUTION } from '../helpers/prototype-pollution.ts'
import { watchPage } from './helpers.ts'
import { fillRequired, footerSettled, market, submitButton, successText } from './hosts-helpers.ts'

test('with Object.prototype polluted, every call goes to the page origin with none of the polluted headers', async ({
  page,
  baseURL,
}) => {
  const login = await page.request.post('/service/login/api/v1/login', {
    headers: { 'X-hunter-csrf': '1' },
    data: DEMO_ACCOUNT,
  })
  expect(login.status()).toBe(200)
  await page.addInitScript((pollution) => {
    for (const [key, value] of Object.entries(pollution))
      (Object.prototype as Record<string, unknown>)[key] = value
  }, POLLUTION)
  const elsewhere: string[] = []
  await page.route(
    (url) => url.origin !== new URL(baseURL!).origin,
    (route) => {
      elsewhere.push(route.request().url())
      return route.abort()
    },
  )
  const calls: {
    url: URL
    method: string
    headers: Record<string, string>
    body: string | null
  }[] = []
  page.on('request', async (r) => {
    const url = new URL(r.url())
    if (url.pathname.startsWith('/service/'))
      calls.push({ url, method: r.method(), headers: await r.allHeaders(), body: r.postData() })
  })
  const log = watchPage(page)
  const de = market('DE')
  await page.goto('/_hosts/clean.html')
  await footerSettled(page)
  await fillRequired(page, de, 'polluted@example.com')
  await submitButton(page, de).click()
  await expect(successText(page, de, 'polluted@example.com')).toBeVisible()

  expect(elsewhere).toEqual([])
  const paths = calls.map((c) => `${c.method} ${c.url.pathname}`)
  expect(paths).toContain('GET /service/promotion/api/promotion/SHOP_FOOTER')
  expect(paths).toContain('GET /service/newsletter/api/internal/customers/base-data')
  expect(paths).toContain('POST /service/newsletter/api/internal/newsletter-subscribers')
  for (const call of calls) {
    expect(call.url.origin, call.url.pathname).toBe(new URL(baseURL!).origin)
    expect(call.url.search, call.url.pathname).toBe('')
    expect(Object.keys(call.headers), call.url.pathname).not.toContain('x-polluted')
    expect(Object.keys(call.headers), call.url.pathname).not.toContain('x-evil-header')
    expect(Object.keys(call.headers), call.url.pathname).not.toContain('authorization')
    if (call.method === 'GET') expect(call.body, call.url.pathname).toBeNull()
  }
  const signUp = calls.find((c) => c.method === 'POST')!
  expect(JSON.parse(signUp.body!)).toMatchObject({ email: 'polluted@example.com' })
  expect(JSON.parse(signUp.body!)).not.toHaveProperty('stolen')
  expect(log.pageErrors).toEqual([])
})
