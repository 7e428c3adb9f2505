/**
 * The footer where the visitor has not looked yet: on a long article (fixtures/hosts/article.html)
 * at 1440 × 900 the footer lies many screens below the fold. A screen-reader user who jumps by
 * landmarks or opens the links list, and a crawler that does not scroll, find it whole: its
 * landmark and its links are in Chromium's accessibility tree (read over the DevTools protocol,
 * as assistive technology gets it) while the page has not been scrolled, and no link the footer
 * rendered is left out of that tree (content-visibility would do that until it was on screen).
 */
import { expect, test, type Page } from '@playwright/test'
import { watchPage } from './helpers.ts'

const MARKETS = ['DE', 'HU', 'TR']

test.use({ viewport: { width: 1440, height: 900 } })

interface AxNode {
  ignored: boolean
  role?: { value: string }
  name?: { value: string }
}

/** The roles and names of the page's accessibility tree, the ignored nodes left out. */
async function accessibilityTree(page: Page): Promise<{ role: string; name: string }[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] }
    return nodes
      .filter((n) => !n.ignored)
      .map((n) => ({ role: n.role?.value ?? '', name: (n.name?.value ?? '').trim() }))
  } finally {
    await cdp.detach()
  }
}

/** Whether any part of the footer has been inside the viewport (the page is never scrolled here). */
const footerSeen = (page: Page) =>
  page.evaluate(
    () =>
      scrollY > 0 || document.getElementById('footer')!.getBoundingClientRect().top < innerHeight,
  )

for (const site of MARKETS) {
  test(`${site}: without scrolling, the footer's landmark and links are in the accessibility tree`, async ({
    page,
  }) => {
    const log = watchPage(page)
    await page.goto(`/_hosts/article.html?site=${site}`)
    // The last part of the footer to render is the bottom group: then every link is in the DOM.
    await expect(page.locator('#footer .lf-bottom a').first()).toBeAttached()
    const links = await page.locator('#footer footer a[href]').count()
    expect(links).toBeGreaterThanOrEqual(20)
    await expect
      .poll(async () => {
        const tree = await accessibilityTree(page)
        return {
          landmark: tree.some((n) => n.role === 'contentinfo'),
          newsletter: tree.some((n) => n.role === 'textbox'),
          links: tree.filter((n) => n.role === 'link').length >= 20,
        }
      })
      .toEqual({ landmark: true, newsletter: true, links: true })
    expect(await footerSeen(page)).toBe(false)
    expect(log.pageErrors).toEqual([])
  })

  test(`${site}: every popular-category link is in the accessibility tree before it is scrolled to`, async ({
    page,
  }) => {
    await page.goto(`/_hosts/article.html?site=${site}`)
    await expect(page.locator('#footer .lf-bottom a').first()).toBeAttached()
    const names = await page
      .locator('#footer .lf-seo a[href]')
      .evaluateAll((as) => as.map((a) => (a.textContent ?? '').trim()))
    expect(names.length).toBeGreaterThan(0)
    await expect
      .poll(async () => {
        const links = new Set(
          (await accessibilityTree(page)).filter((n) => n.role === 'link').map((n) => n.name),
        )
        return names.filter((name) => !links.has(name))
      })
      .toEqual([])
    expect(await footerSeen(page)).toBe(false)
  })
}
