/**
 * The staff preview panel in Chromium: loaded only for staff (network log), the dialog by
 * keyboard, A/B tests for a date, apply, logout, axe with the dialog open, a missing preview
 * file, a changed preview file (integrity), Trusted Types, and the React build.
 */
import { expect, test as freshPageTest, type Page } from '@playwright/test'
import { axeViolations } from './axe.ts'
// Tests load their page first: one page per worker (helpers.ts), but for the two that list the
// requests a visit makes, which a warm HTTP cache would change.
import {
  becomeStaff,
  requestsSoFar,
  testOnWorkerPage as test,
  watchPage,
  widgetRoot,
} from './helpers.ts'

const panel = (page: Page) => page.getByRole('region', { name: 'Preview settings' })
const opener = (page: Page) => page.getByRole('button', { name: 'Set preview settings' })
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Set preview settings' })

/** Every request the page makes, as paths. */
function recordPaths(page: Page): string[] {
  const paths: string[] = []
  page.on('request', (r) => paths.push(new URL(r.url()).pathname))
  return paths
}

freshPageTest(
  'an anonymous visitor downloads one script and no preview code, and no preview call is made',
  async ({ page }) => {
    const log = watchPage(page)
    const paths = recordPaths(page)
    await page.goto('/de/')
    // The footer's last start step: whatever it would load, it has asked for by now.
    await expect(page.locator('#footer .lf-bottom nav a').first()).toBeAttached()
    await requestsSoFar(page)
    // The widget's files only: the demo page has a script of its own (/_demo/view.js).
    expect(paths.filter((p) => p.startsWith('/static/'))).toEqual([
      expect.stringMatching(/^\/static\/footer\.de-DE\.[0-9a-f]{10}\.js$/),
    ])
    expect(paths.filter((p) => p.includes('preview') || p.includes('abtest'))).toEqual([])
    await expect(panel(page)).toHaveCount(0)
    expect(log.pageErrors).toEqual([])
    expect(log.errors).toEqual([])
  },
)

freshPageTest(
  'staff: the panel appears; the dialog works by keyboard; tests load for a date; apply succeeds; axe is clean; logout hides it',
  async ({ page }) => {
    const log = watchPage(page)
    const paths = recordPaths(page)
    await becomeStaff(page)
    await page.goto('/de/')
    await expect(panel(page)).toBeVisible()
    expect(paths.filter((p) => /^\/static\/preview\.[0-9a-f]{10}\.js$/.test(p))).toHaveLength(1)
    expect(paths).toContain('/service/preview/api/auth/checkauth')
    expect(paths).toContain('/service/preview/api/auth/login/renew')
    expect(paths).toContain('/service/abtestfrontend/api/v1/getassignment')
    // The panel lives in the widget's shadow root, above the footer.
    expect(
      await page.evaluate(
        () => !!document.getElementById('footer')!.shadowRoot!.querySelector('.lf-preview'),
      ),
    ).toBe(true)
    await expect(widgetRoot(page)).toBeVisible()

    // Keyboard: open with Enter, focus moves in, Tab stays inside, Escape closes and focus returns.
    await opener(page).focus()
    await page.keyboard.press('Enter')
    await expect(dialog(page)).toBeVisible()
    await expect(dialog(page).getByRole('textbox', { name: 'Date' })).toBeFocused()
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab')
      expect(
        await page.evaluate(
          () =>
            !!document
              .getElementById('footer')!
              .shadowRoot!.activeElement?.closest('[role="dialog"]'),
        ),
      ).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toHaveCount(0)
    await expect(opener(page)).toBeFocused()

    // Space opens it again; a click outside closes it.
    await page.keyboard.press('Space')
    await expect(dialog(page)).toBeVisible()
    await page.getByRole('heading', { level: 1 }).click()
    await expect(dialog(page)).toHaveCount(0)

    // Tests for a date.
    await opener(page).click()
    const d = dialog(page)
    await expect(d.getByText('Active tests found.')).toBeVisible()
    await d.getByRole('textbox', { name: 'Date' }).fill('2027-06-01')
    await expect(d.getByText('No active tests for this date.')).toBeVisible()
    await d.getByRole('textbox', { name: 'Date' }).fill('2026-12-01')
    await expect(d.getByText('Active tests found.')).toBeVisible()
    await d.getByRole('textbox', { name: 'Time' }).fill('10:30')
    await d.getByRole('combobox', { name: 'Name' }).selectOption('advent-teaser')
    await expect(d.getByText('Required', { exact: true })).toBeVisible()

    // axe with the dialog open (and the group in its required state).
    expect(await axeViolations(page)).toEqual([])

    await d.getByRole('button', { name: 'Apply' }).click()
    await expect(d.getByText('Please also select an A/B test group!')).toBeVisible()
    await d.getByRole('combobox', { name: /^Group/ }).selectOption('B')
    await d.getByRole('button', { name: 'Apply' }).click()
    await expect(d.getByText('Settings applied successfully.')).toBeVisible()
    await expect(panel(page)).toContainText('advent-teaser / B')
    expect(await axeViolations(page)).toEqual([])

    await d.getByRole('button', { name: 'Logout' }).click()
    await expect(panel(page)).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toBeVisible()
    expect(paths).toContain('/service/preview/api/auth/logout')

    // The server cleared the cookie: the next page loads no preview code.
    const before = paths.length
    await page.reload()
    await expect(page.locator('#footer .lf-bottom nav a').first()).toBeAttached()
    await requestsSoFar(page)
    expect(paths.slice(before).filter((p) => p.includes('preview'))).toEqual([])
    expect(log.pageErrors).toEqual([])
    expect(log.errors).toEqual([])
  },
)

test('the CobraAuthToken cookie counts as staff too', async ({ page }) => {
  await becomeStaff(page, 'Become staff with CobraAuthToken')
  await page.goto('/at/')
  await expect(panel(page)).toBeVisible()
})

test('a stale staff cookie: the preview file loads, checkauth says no, nothing is shown', async ({
  page,
  baseURL,
}) => {
  const log = watchPage(page)
  await page.context().addCookies([{ name: 'StaffAuthToken', value: 'expired', url: baseURL! }])
  const checked = page.waitForResponse((r) => r.url().includes('/auth/checkauth'))
  await page.goto('/de/')
  expect((await checked).status()).toBe(401)
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(panel(page)).toHaveCount(0)
  expect(log.pageErrors).toEqual([])
})

test("the panel runs on the footer bundle's Preact: one copy of Preact on the page, and the panel renders and reacts with it", async ({
  page,
}) => {
  const log = watchPage(page)
  await becomeStaff(page)
  await page.goto('/de/')
  await expect(panel(page)).toBeVisible()
  const scripts = await page.evaluate(async () =>
    Promise.all(
      [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map(async (s) => ({
        src: s.src,
        code: await (await fetch(s.src)).text(),
      })),
    ),
  )
  const widgetScripts = scripts.filter((s) => /\/static\/(footer|preview)\./.test(s.src))
  expect(widgetScripts).toHaveLength(2)
  // Preact's mangled internals (vnode children `__k`, hook state `__H`) appear only where Preact is.
  const withPreact = widgetScripts.filter((s) => s.code.includes('__k') && s.code.includes('__H'))
  expect(withPreact.map((s) => new URL(s.src).pathname)).toEqual([
    expect.stringMatching(/^\/static\/footer\./),
  ])
  await opener(page).click()
  await expect(dialog(page).getByText('Active tests found.')).toBeVisible()
  expect(log.pageErrors).toEqual([])
})

test('a missing preview file is logged; the footer and the page stay intact', async ({ page }) => {
  const log = watchPage(page)
  await becomeStaff(page)
  await page.route(/\/static\/preview\.[0-9a-f]+\.js$/, (route) =>
    route.fulfill({ status: 404, body: 'gone' }),
  )
  await page.goto('/de/')
  await expect.poll(() => log.errors.join('\n')).toContain('] E6 (')
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deutschland')
  await expect(panel(page)).toHaveCount(0)
  expect(log.pageErrors).toEqual([])
})

test('a preview file changed on its way is refused by its hash (integrity): it never runs, it is logged, the footer works', async ({
  page,
}) => {
  const log = watchPage(page)
  await becomeStaff(page)
  // The real file with one statement added: a different hash. (A preview that throws while
  // starting is contained too: src/preview/load.test.ts.)
  await page.route(/\/static\/preview\.[0-9a-f]+\.js$/, async (route) => {
    const response = await route.fetch()
    await route.fulfill({ response, body: (await response.text()) + ';window.__tampered=1' })
  })
  await page.goto('/de/')
  await expect.poll(() => log.errors.join('\n')).toContain('] E6 (')
  expect(log.errors.join('\n')).toMatch(/integrity/i)
  expect(
    await page.evaluate(() => (window as unknown as { __tampered?: number }).__tampered),
  ).toBeUndefined()
  await expect(panel(page)).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await page.getByRole('textbox', { name: /^E-Mail/ }).fill('still@example.com')
  await expect(page.getByRole('textbox', { name: /^E-Mail/ })).toHaveValue('still@example.com')
  expect(
    await page.evaluate(() => Object.keys(window).filter((k) => k.startsWith('__lumora'))),
  ).toEqual(['__lumoraFooter'])
  expect(log.pageErrors).toEqual([])
})

test("under CSP require-trusted-types-for 'script' the panel still loads through the policy", async ({
  page,
}) => {
  const log = watchPage(page)
  await becomeStaff(page)
  await page.route('**/de/', async (route) => {
    const response = await route.fetch()
    await route.fulfill({
      response,
      headers: {
        ...response.headers(),
        'content-security-policy':
          "require-trusted-types-for 'script'; trusted-types lumora-footer-preview",
      },
    })
  })
  await page.goto('/de/')
  await expect(panel(page)).toBeVisible()
  expect(log.pageErrors).toEqual([])
  expect(log.errors.filter((e) => /trusted/i.test(e))).toEqual([])
})
