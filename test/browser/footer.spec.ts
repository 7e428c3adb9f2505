/** The footer in Chromium, per market: renders, switches country, collapses on phones by keyboard, axe-clean; reduced by each cookie. */
import { expect, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { MARKETS } from '../../build/product/markets.ts'
import { REPO_ROOT } from '../../build/repo-root.ts'
import type { FooterContent } from '../../src/footer/footer.schema.ts'
import { axeViolations } from './axe.ts'
// Each test loads its market's page first: one page per worker (helpers.ts).
import { testOnWorkerPage as test, watchPage, widgetRoot } from './helpers.ts'

// The reduced-variant cookies of src/footer/footer.model.ts (not imported: it pulls in the bundle's virtual modules).
const AFFILIATE_COOKIE = 'AffiliateNumber'
const NEW_APP_COOKIE = 'Hunter-NewApp'
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1440, height: 900 }
/** The markets whose reduced footer the browser shows: TR's by the new-app cookie, DE's by the affiliate one. */
const REDUCED_IN_BROWSER = ['DE', 'TR']

const fixture = (site: string) =>
  JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'fixtures/footer', `${site.toLowerCase()}.json`), 'utf8'),
  ) as FooterContent
const footer = (page: Page) => page.getByRole('contentinfo')

for (const market of MARKETS) {
  const content = fixture(market.site)
  const [firstGroup] = content.teaserGroups
  const other = content.international.items.find((i) => !i.selected)!

  test.describe(`${market.site} (${market.locale})`, () => {
    test('desktop: every section renders, axe finds nothing, the switcher navigates', async ({
      page,
    }) => {
      const log = watchPage(page)
      await page.setViewportSize(DESKTOP)
      await page.goto(market.path)
      await expect(widgetRoot(page)).toHaveAttribute('data-site', market.site)
      await expect(widgetRoot(page)).toHaveAttribute('lang', market.locale)
      await expect(
        footer(page).getByRole('heading', { name: firstGroup.heading.link.text }),
      ).toBeVisible()
      await expect(
        footer(page).getByRole('navigation', { name: content.seo.heading }),
      ).toBeVisible()
      await expect(
        footer(page).getByRole('link', { name: content.legalLinks[0].text }),
      ).toBeVisible()
      const switcher = footer(page).getByRole('navigation', { name: content.international.heading })
      await expect(switcher.locator('[aria-current="true"]')).toHaveText(
        content.international.items.find((i) => i.selected)!.label,
      )
      await expect(footer(page).locator('img[src*="/logos/"]').first()).toHaveJSProperty(
        'complete',
        true,
      )
      expect(await axeViolations(page, '#footer')).toEqual([])
      await page.route(other.href + '**', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>${other.code}</title>`,
        }),
      )
      await switcher.getByRole('link', { name: other.label, exact: true }).click()
      await expect(page).toHaveURL(other.href)
      expect(log.pageErrors).toEqual([])
      expect(log.errors).toEqual([])
    })

    test('phone: panels start collapsed and open and close by keyboard; no switcher; axe finds nothing', async ({
      page,
    }) => {
      const log = watchPage(page)
      await page.setViewportSize(PHONE)
      await page.goto(market.path)
      const toggle = footer(page).getByRole('button', { name: firstGroup.heading.link.text })
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      const firstLink = footer(page).getByRole('link', {
        name: firstGroup.links[0].link.text,
        exact: true,
      })
      await expect(firstLink).toBeHidden()
      await expect(
        footer(page).getByRole('navigation', { name: content.international.heading }),
      ).toHaveCount(0)
      expect(await axeViolations(page, '#footer')).toEqual([])
      await toggle.focus()
      await page.keyboard.press('Enter')
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
      await expect(firstLink).toBeVisible()
      // The heading's own link comes first in its panel (the heading itself is the toggle).
      await page.keyboard.press('Tab')
      await expect(
        footer(page).getByRole('link', { name: firstGroup.heading.link.text, exact: true }),
      ).toBeFocused()
      await page.keyboard.press('Tab')
      await expect(
        footer(page).getByRole('link', { name: firstGroup.links[0].link.text, exact: true }),
      ).toBeFocused()
      // SEO columns are one list on phones
      const seoToggle = footer(page).getByRole('button', { name: content.seo.heading })
      await seoToggle.focus()
      await page.keyboard.press('Space')
      const seoLinks = content.seo.columns.reduce((n, c) => n + c.links.length, 0)
      await expect(
        footer(page).getByRole('navigation', { name: content.seo.heading }).getByRole('listitem'),
      ).toHaveCount(seoLinks)
      expect(await axeViolations(page, '#footer')).toEqual([])
      await toggle.focus()
      await page.keyboard.press('Space')
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await expect(firstLink).toBeHidden()
      expect(log.pageErrors).toEqual([])
    })

    // One market per cookie: every market's reduced footer is in test/unit/footer-markets.test.tsx.
    if (REDUCED_IN_BROWSER.includes(market.site))
      test('reduced by cookie: no SEO or icon groups, only the checkout-safe teaser groups', async ({
        page,
        context,
        baseURL,
      }) => {
        await context.addCookies([
          {
            name: market.site === 'TR' ? NEW_APP_COOKIE : AFFILIATE_COOKIE,
            value: 'P-4711',
            url: baseURL!,
          },
        ])
        await page.setViewportSize(DESKTOP)
        await page.goto(market.path)
        await expect(
          footer(page).getByRole('link', { name: content.legalLinks[0].text }),
        ).toBeVisible()
        const kept = content.teaserGroups
          .filter((g) => !g.hideGroupInCheckout)
          .map((g) => g.heading.link.text)
        await expect(footer(page).getByRole('heading', { level: 3 })).toHaveText(kept)
        await expect(
          footer(page).getByRole('navigation', { name: content.seo.heading }),
        ).toHaveCount(0)
        await expect(
          footer(page).getByRole('link', {
            name: content.socialMedia.socialMediaIcons[0].link.text,
          }),
        ).toHaveCount(0)
        expect(await axeViolations(page, '#footer')).toEqual([])
      })
  })
}

test('the layout follows the window across the phone breakpoint', async ({ page }) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/pl/')
  const heading = fixture('PL').teaserGroups[0].heading.link.text
  await expect(footer(page).getByRole('heading', { level: 3, name: heading })).toBeVisible()
  await page.setViewportSize(PHONE)
  await expect(footer(page).getByRole('button', { name: heading })).toHaveAttribute(
    'aria-expanded',
    'false',
  )
})
