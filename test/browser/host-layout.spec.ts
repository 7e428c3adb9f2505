/**
 * The host page's layout around the footer (issue 38.4 and 38.6), on the embed docs/EMBEDDING.md
 * recommends (fixtures/hosts/modern.html, a page shorter than a screen, whose #footer keeps the
 * footer's place from the first paint): a host line after #footer does not move while the footer appears nor while the visitor scrolls through it and back; and the footer's
 * content follows the host's centred column through the custom properties set on #footer.
 */
import { expect, test, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'
import type { FooterContent } from '../../src/footer/footer.schema.ts'
import { watchPage } from './helpers.ts'

const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 360, height: 740 },
} as const
/** The project's bar: a tenth of the "good" CLS. */
const MAX_CLS = 0.01

const content = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'fixtures/footer/de.json'), 'utf8'),
) as FooterContent

/** The footer as loaded: its last part (the bottom group's links) and the form's button are there. */
async function footerLoaded(page: Page) {
  const footer = page.locator('#footer').getByRole('contentinfo')
  await expect(footer.getByRole('link', { name: content.legalLinks.at(-1)!.text })).toBeAttached()
  await expect(footer.locator('button[type=submit]')).toBeVisible()
}

const twoFrames = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  )

for (const [device, viewport] of Object.entries(VIEWPORTS))
  test(`${device}: a host line after #footer does not move while the footer loads nor while the visitor scrolls through it and back`, async ({
    page,
  }) => {
    const log = watchPage(page)
    // Every layout shift from the page's first moment; `line` when the host line is one of what moved.
    await page.addInitScript(() => {
      const shifts: unknown[] = ((window as unknown as { __shifts: unknown[] }).__shifts = [])
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number
          sources: { node?: Node }[]
        })[]) {
          const line = document.getElementById('host-line')
          shifts.push({
            value: entry.value,
            line: entry.sources.some((s) => !!s.node && !!line?.contains(s.node)),
          })
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.setViewportSize(viewport)
    await page.goto('/_hosts/modern.html')
    await footerLoaded(page)
    const step = Math.round(viewport.height * 0.8)
    let lineSeen = false
    for (const direction of [1, -1])
      for (let i = 0; i < 40; i++) {
        const moved = await page.evaluate((dy) => {
          const before = scrollY
          scrollBy(0, dy)
          return scrollY !== before
        }, direction * step)
        await twoFrames(page)
        const box = await page.locator('#host-line').boundingBox()
        lineSeen ||= !!box && box.y < viewport.height && box.y + box.height > 0
        if (!moved) break
      }
    expect(lineSeen, 'the host line came into view while scrolling').toBe(true)
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: { value: number; line: boolean }[] }).__shifts,
    )
    const sum = (list: { value: number }[]) => list.reduce((total, s) => total + s.value, 0)
    console.log(
      `${device}: shifts moving the host line ${sum(shifts.filter((s) => s.line)).toFixed(4)}, all shifts ${sum(shifts).toFixed(4)} (${shifts.length})`,
    )
    expect(sum(shifts.filter((s) => s.line))).toBeLessThanOrEqual(MAX_CLS)
    expect(sum(shifts)).toBeLessThanOrEqual(MAX_CLS)
    expect(log.pageErrors).toEqual([])
  })

for (const [device, viewport] of Object.entries(VIEWPORTS))
  test(`${device}: the footer's content follows the host's centred column (--lumora-footer-max-width, --lumora-footer-gutter on #footer)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await page.goto('/_hosts/modern.html')
    await footerLoaded(page)
    const edges = (selector: string) =>
      page.locator(selector).evaluate((element) => {
        const box = element.getBoundingClientRect()
        const style = getComputedStyle(element)
        return {
          left: Math.round(box.left + parseFloat(style.paddingLeft)),
          right: Math.round(box.right - parseFloat(style.paddingRight)),
        }
      })
    const column = await edges('#host-main')
    const footer = await edges('#footer .lf-root')
    expect(footer).toEqual(column)
    // The column is centred and narrower than the window on the desktop: the default would be wider.
    if (device === 'desktop') expect(column.right - column.left).toBe(960 - 2 * 24)
    // The footer's own texts start at the column's edge.
    const heading = await page
      .locator('#footer')
      .getByRole('contentinfo')
      .getByRole('heading')
      .first()
      .boundingBox()
    expect(Math.round(heading!.x)).toBeGreaterThanOrEqual(column.left)
    // In the column's narrow teaser columns a heading's text wraps: its icon stays on the text's
    // first line, left of it, instead of standing above it.
    const iconAbove = await page.locator('#footer h3').evaluateAll((headings) =>
      headings.flatMap((h) => {
        const icon = h.querySelector('svg')?.getBoundingClientRect()
        const text = h.querySelector('a')?.getBoundingClientRect()
        if (!icon || !text) return []
        const firstLine = parseFloat(getComputedStyle(h).lineHeight)
        const beside = icon.right <= text.left && icon.top < text.top + firstLine
        return beside ? [] : [h.textContent]
      }),
    )
    expect(await page.locator('#footer h3 svg').count()).toBeGreaterThan(0)
    expect(iconAbove).toEqual([])
  })
