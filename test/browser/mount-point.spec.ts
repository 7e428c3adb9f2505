/**
 * Several elements with id="footer" (issue 42.7): CMS markup in the page's content carries an
 * earlier #footer; the footer goes into the last one, the integrator's, and the console says
 * there were several (W28).
 */
import { expect, test, type Page } from '@playwright/test'
import { watchPage } from './helpers.ts'

/** modern.html with `markup` in its content, before the integrator's <div id="footer">. */
async function pageWith(page: Page, markup: string) {
  await page.route('**/_hosts/modern.html*', async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace('<!--content-->', markup)
    await route.fulfill({ response, body })
  })
  await page.goto('/_hosts/modern.html')
}

for (const markup of [
  '<span id="footer" hidden></span>',
  '<p id="cms-text">Text <span id="footer"></span></p>',
]) {
  test(`CMS markup ${markup} before the integrator's #footer: the footer shows in the <div id="footer">, the console says there are several`, async ({
    page,
  }) => {
    const log = watchPage(page)
    await pageWith(page, markup)
    await expect(page.locator('div#footer').getByRole('contentinfo')).toBeVisible()
    expect(await page.locator('span#footer').evaluate((span) => span.shadowRoot)).toBeNull()
    expect(await page.locator('main').getByRole('contentinfo').count()).toBe(0)
    expect(log.warnings.join('\n')).toMatch(/\] W28 \(/)
    expect(log.errors).toEqual([])
    expect(log.pageErrors).toEqual([])
  })
}
