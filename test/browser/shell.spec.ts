/** The shell in a real browser: every market mounts, bad embeddings are handled, the React build renders. */
import { expect, test } from '@playwright/test'
import { MARKETS } from '../../build/product/markets.ts'
import { watchPage, widgetRoot } from './helpers.ts'

for (const market of MARKETS) {
  test(`${market.path} mounts with site ${market.site} and locale ${market.locale}`, async ({
    page,
  }) => {
    const log = watchPage(page)
    await page.goto(market.path)
    const root = widgetRoot(page)
    await expect(root).toHaveAttribute('data-site', market.site)
    await expect(root).toHaveAttribute('lang', market.locale)
    await expect(page.getByRole('contentinfo')).toBeVisible()
    expect(log.pageErrors).toEqual([])
    expect(log.errors).toEqual([])
  })
}

test('the script included twice mounts once', async ({ page }) => {
  const log = watchPage(page)
  await page.goto('/de/?twice')
  await expect(widgetRoot(page)).toHaveCount(1)
  expect(await page.locator('script[data-site]').count()).toBe(2)
  expect(log.warnings.join('\n')).toContain('] W8 (')
  expect(log.pageErrors).toEqual([])
})

test('loaded async, and injected late by another script, it mounts', async ({ page }) => {
  for (const flag of ['async', 'inject']) {
    const log = watchPage(page)
    await page.goto(`/cz/?${flag}`)
    await expect(widgetRoot(page)).toHaveAttribute('data-site', 'CZ')
    expect(log.pageErrors).toEqual([])
  }
})

test('a page without #footer logs a clear error and stays intact', async ({ page }) => {
  const log = watchPage(page)
  await page.goto('/de/?nofooter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deutschland')
  await expect.poll(() => log.errors.join('\n')).toContain('] E1 (')
  expect(log.pageErrors).toEqual([])
  await expect(page.locator('.lf-root')).toHaveCount(0)
})

test('an unknown site falls back to the German market with a warning', async ({ page }) => {
  const log = watchPage(page)
  await page.goto('/de/')
  // The page's own footer first: it starts a frame and a task after the page, and a second tag
  // added before that is the same footer included twice (W8), not a new embedding.
  await expect(widgetRoot(page)).toHaveAttribute('data-site', 'DE')
  await page.evaluate(() => {
    delete (window as unknown as Record<string, unknown>).__lumoraFooter
    const old = document.getElementById('footer')!
    old.replaceWith(Object.assign(document.createElement('div'), { id: 'footer' }))
    const s = document.createElement('script')
    s.src = document.querySelector<HTMLScriptElement>('script[data-site]')!.src
    s.setAttribute('data-site', 'FR')
    document.body.appendChild(s)
  })
  await expect(widgetRoot(page)).toHaveAttribute('data-site', 'DE')
  await expect.poll(() => log.warnings.join('\n')).toMatch(/\] W1 \(.* data-site="FR"/)
})

test('the React build of the same source renders', async ({ page }) => {
  const log = watchPage(page)
  await page.goto('/react/hu/')
  await expect(widgetRoot(page)).toHaveAttribute('data-site', 'HU')
  await expect(page.getByRole('contentinfo')).toContainText('Minden jog fenntartva')
  expect(log.pageErrors).toEqual([])
})

test('under a strict Content-Security-Policy it renders styled, with no violation', async ({
  page,
}) => {
  const log = watchPage(page)
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __violations: string[] }).__violations = seen
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    )
  })
  const response = await page.goto('/de/?csp')
  expect(response?.headers()['content-security-policy']).toContain(
    "require-trusted-types-for 'script'",
  )
  await expect(widgetRoot(page)).toBeVisible()
  // The adopted stylesheet applied: the root's max-width comes from base.css.
  await expect(widgetRoot(page)).toHaveCSS('max-width', '1440px')
  expect(
    await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
  ).toEqual([])
  expect(log.pageErrors).toEqual([])
})

test('adds at most one global to window', async ({ page }) => {
  // The page's own keys before any script runs, kept non-enumerable so the record is not counted.
  await page.addInitScript(() =>
    Object.defineProperty(window, '__keysBefore', {
      value: Object.keys(window),
      enumerable: false,
    }),
  )
  await page.goto('/de/')
  await expect(widgetRoot(page)).toBeVisible()
  const added = await page.evaluate(() => {
    const before = (window as unknown as { __keysBefore: string[] }).__keysBefore
    return Object.keys(window).filter((k) => !before.includes(k))
  })
  expect(added).toEqual(['__lumoraFooter'])
})
