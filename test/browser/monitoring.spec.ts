/**
 * The page's monitoring (issue 38.2): every console code is also dispatched on `window` as
 * `lumora:error` (E codes) or `lumora:warning` (W codes) with `{ code, detail }`, the console's
 * short detail.
 */
import { expect, test, type Page } from '@playwright/test'
import { watchPage } from './helpers.ts'

interface Report {
  type: string
  code: string
  detail: unknown[]
}

/** What the page's error tracker hears, from the page's first moment (docs/EMBEDDING.md's example, in substance). */
function listen(page: Page) {
  return page.addInitScript(() => {
    const heard: unknown[] = ((window as unknown as { __heard: unknown[] }).__heard = [])
    for (const type of ['lumora:error', 'lumora:warning'])
      addEventListener(type, (e) => {
        const { code, detail } = (e as CustomEvent<{ code: string; detail: unknown[] }>).detail
        heard.push({ type, code, detail: detail.map((d) => (d instanceof Error ? 'Error' : d)) })
      })
  })
}
const heard = (page: Page) =>
  page.evaluate(() => (window as unknown as { __heard: Report[] }).__heard)

test('a page without #footer receives lumora:error with code E1', async ({ page }) => {
  const log = watchPage(page)
  await listen(page)
  await page.goto('/_hosts/no-footer.html')
  await expect.poll(() => heard(page)).toEqual([{ type: 'lumora:error', code: 'E1', detail: [] }])
  expect(log.errors.join('\n')).toContain('] E1 (')
  expect(log.pageErrors).toEqual([])
})

test('data-site="FR" receives lumora:warning with code W1 and the attribute as written, the footer shows', async ({
  page,
}) => {
  const log = watchPage(page)
  await listen(page)
  await page.route('**/_hosts/modern.html*', async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace('data-site="DE"', 'data-site="FR"')
    await route.fulfill({ response, body })
  })
  await page.goto('/_hosts/modern.html')
  await expect(page.locator('#footer').getByRole('contentinfo')).toBeVisible()
  expect(await heard(page)).toEqual([
    { type: 'lumora:warning', code: 'W1', detail: ['data-site="FR"'] },
  ])
  expect(log.warnings.join('\n')).toContain('] W1 (')
  expect(log.pageErrors).toEqual([])
})
