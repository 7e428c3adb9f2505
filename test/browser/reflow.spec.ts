/**
 * Reflow (WCAG 1.4.10) whatever layout the page forces: at 320 px the footer's columns stack,
 * so nothing overlaps and no text is cut off or needs a sideways scroll, even where the page
 * fixes the desktop layout (`<html platform="classic">`, data-platform="CLASSIC", the
 * Hunter-Platform cookie). The layout's parts follow the platform; its columns follow the width.
 */
import { expect, test, type Page } from '@playwright/test'
import { MARKETS } from '../../build/product/markets.ts'

const NARROW = { width: 320, height: 800 }

/** Two ways a page forces the desktop layout. */
const FORCE = {
  /** The page's html element says so. */
  'html platform': async (page: Page, path: string) => {
    await page.route(`**${path}`, async (route) => {
      const response = await route.fetch()
      const body = (await response.text()).replace(/<html\b/, '<html platform="classic"')
      await route.fulfill({ response, body })
    })
  },
  /** The shop's view cookie, which the demo page turns into the html attribute. */
  'Hunter-Platform cookie': async (page: Page) => {
    await page
      .context()
      .addCookies([{ name: 'Hunter-Platform', value: 'classic', domain: '127.0.0.1', path: '/' }])
  },
}

for (const [site, force] of [
  ['DE', 'html platform'],
  ['HU', 'Hunter-Platform cookie'],
] as const) {
  const m = MARKETS.find((x) => x.site === site)!
  test(`${site}: desktop layout forced (${force}) at 320 px: the columns stack, nothing overlaps or is cut off`, async ({
    page,
  }) => {
    await page.setViewportSize(NARROW)
    await FORCE[force](page, m.path)
    await page.goto(m.path)
    // The desktop layout, as forced: the root says which layout it renders.
    await expect(page.locator('#footer .lf-root')).toHaveAttribute('data-platform', 'classic')
    const footer = page.locator('#footer footer')
    await expect(footer).toHaveCount(1)
    const columns = footer.locator('.lf-col')
    // Four teaser groups and the SEO columns, all there.
    await expect(footer.locator('.lf-teasers > .lf-col')).toHaveCount(4)
    await expect(footer.locator('.lf-seo .lf-col').first()).toBeVisible()
    const boxes = await columns.evaluateAll((cols) =>
      cols.map((c) => {
        const r = c.getBoundingClientRect()
        return { x: r.x, y: r.y, width: r.width, bottom: r.bottom }
      }),
    )
    for (const [i, box] of boxes.entries()) {
      // Each column takes the footer's width: one per row, none beside another.
      expect(box.width, `column ${i}`).toBeGreaterThan(NARROW.width / 2)
      if (i) expect(box.y, `column ${i} below the one before`).toBeGreaterThan(boxes[i - 1].y)
    }
    // No link or heading reaches past the viewport, and the page does not scroll sideways.
    const outside = await footer.locator('a, h2, h3, p, li').evaluateAll(
      (nodes, width) =>
        nodes
          .filter((n) => {
            const r = n.getBoundingClientRect()
            return r.width > 0 && (r.left < 0 || r.right > width + 0.5)
          })
          .map((n) => n.textContent!.trim().slice(0, 40)),
      NARROW.width,
    )
    expect(outside).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      NARROW.width,
    )
  })
}
