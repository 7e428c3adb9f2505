/**
 * A visible focus indicator at every keyboard stop of the widget (WCAG 2.4.7, issue 19.1): real
 * Tab presses walk from the host page's content through the whole footer (on phones with every
 * panel opened first), and at the first stop of each kind (the same element, classes and place in
 * the tree, on one line or wrapped: the same CSS draws the same ring) the pixels around the focused
 * element are compared with the same pixels once it is blurred. The ring must show on all four sides: a ring clipped by
 * paint containment (content-visibility) shows on fewer, or not at all.
 */
import { expect, type Browser, type Page } from '@playwright/test'
import { MARKETS } from '../../build/product/markets.ts'
// Each test loads its market's page first: one page per worker (helpers.ts).
import { testOnWorkerPage as test, watchPage } from './helpers.ts'
import { comparisonPage } from './hosts-helpers.ts'

const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 360, height: 740 },
} as const
/** How far outside the element's box the ring is looked for (base.css: a 3 px outline 2 px off the box). */
const BAND = { from: 1, to: 7 }
/** A side shows the ring when at least this share of its length differs focused vs blurred. */
const MIN_SIDE = 0.6
/** A channel difference (0-255) that is a ring and not anti-aliasing noise. */
const THRESHOLD = 48

interface Stop {
  name: string
  /** Stops of one kind get their ring from the same rules: one of them is photographed. */
  kind: string
  /** Line boxes of the element: a link wrapped in a sentence has a ring around each line, so its bounding box's sides are ringed only in part. */
  lines: number
  box: { x: number; y: number; width: number; height: number }
  focused: Buffer
  blurred: Buffer
}

/** The focused element inside the widget's shadow root, or null when focus is outside the widget. */
async function focusedInWidget(
  page: Page,
): Promise<{ name: string; kind: string; lines: number; box: Stop['box'] } | null> {
  return page.evaluate(() => {
    const host = document.getElementById('footer')
    if (document.activeElement !== host || !host?.shadowRoot?.activeElement) return null
    const element = host.shadowRoot.activeElement as HTMLElement
    element.scrollIntoView({ block: 'center', inline: 'nearest' })
    const r = element.getBoundingClientRect()
    const label = (element.getAttribute('aria-label') ?? element.textContent ?? '')
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40)
    const name = `${element.tagName.toLowerCase()}${element.getAttribute('type') ? `[type=${element.getAttribute('type')}]` : ''} "${label}"`
    const lines = element.getClientRects().length
    const path: string[] = []
    for (let e: Element | null = element; e && e !== host; e = e.parentElement)
      path.unshift(`${e.tagName.toLowerCase()}.${e.className}`)
    const kind = `${path.join(' > ')}${element.getAttribute('type') ?? ''} ${lines > 1 ? 'wrapped' : 'one line'}`
    return {
      name,
      kind,
      lines,
      box: { x: r.x, y: r.y, width: r.width, height: r.height },
    }
  })
}

const deepActive = (page: Page, action: 'blur' | 'focus', marker?: string) =>
  page.evaluate(
    ([action, marker]) => {
      const root = document.getElementById('footer')!.shadowRoot!
      if (action === 'blur') {
        const element = root.activeElement as HTMLElement
        element.setAttribute('data-focus-walk', marker!)
        element.blur()
      } else {
        const element = root.querySelector<HTMLElement>(`[data-focus-walk="${marker}"]`)!
        element.removeAttribute('data-focus-walk')
        element.focus()
      }
    },
    [action, marker] as const,
  )

/** Two frames, so a change of focus is painted before the screenshot. */
const twoFrames = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  )

/** Walks every keyboard stop of the widget; the first of each kind is photographed. */
async function walkStops(
  page: Page,
  viewport: { width: number; height: number },
): Promise<{ visited: number; stops: Stop[] }> {
  // The sequential focus starting point: the host page's content right above the widget.
  await page.locator('main h1').click()
  const stops: Stop[] = []
  let visited = 0
  for (let i = 0; i < 250; i++) {
    await page.keyboard.press('Tab')
    const stop = await focusedInWidget(page)
    if (!stop) {
      if (visited) break
      continue
    }
    visited++
    if (stops.some((s) => s.kind === stop.kind)) continue
    await twoFrames(page)
    const margin = BAND.to + 2
    const x = Math.max(0, stop.box.x - margin)
    const y = Math.max(0, stop.box.y - margin)
    const clip = {
      x,
      y,
      width: Math.min(viewport.width, stop.box.x + stop.box.width + margin) - x,
      height: Math.min(viewport.height, stop.box.y + stop.box.height + margin) - y,
    }
    const focused = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' })
    await deepActive(page, 'blur', String(i))
    await twoFrames(page)
    const blurred = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' })
    await deepActive(page, 'focus', String(i))
    stops.push({
      name: stop.name,
      kind: stop.kind,
      lines: stop.lines,
      box: { ...stop.box, x: stop.box.x - x, y: stop.box.y - y },
      focused,
      blurred,
    })
  }
  return { visited, stops }
}

/** Per side of each stop, the share of its length where the band outside the box differs focused vs blurred. */
async function ringCoverage(
  browser: Browser,
  stops: Stop[],
): Promise<
  { name: string; lines: number; sides: Record<'top' | 'right' | 'bottom' | 'left', number> }[]
> {
  const page = await comparisonPage(browser)
  return page.evaluate(
    async ({ stops, band, threshold }) => {
      const pixels = async (b64: string) => {
        const image = await createImageBitmap(
          await (await fetch(`data:image/png;base64,${b64}`)).blob(),
        )
        const canvas = new OffscreenCanvas(image.width, image.height)
        const context = canvas.getContext('2d')!
        context.drawImage(image, 0, 0)
        return {
          width: image.width,
          height: image.height,
          data: context.getImageData(0, 0, image.width, image.height).data,
        }
      }
      const results = []
      for (const stop of stops) {
        const [a, b] = await Promise.all([pixels(stop.focused), pixels(stop.blurred)])
        const differs = (x: number, y: number) => {
          if (x < 0 || y < 0 || x >= a.width || y >= a.height) return false
          const i = (y * a.width + x) * 4
          return [0, 1, 2].some((c) => Math.abs(a.data[i + c] - b.data[i + c]) > threshold)
        }
        const left = Math.round(stop.box.x)
        const top = Math.round(stop.box.y)
        const right = Math.round(stop.box.x + stop.box.width)
        const bottom = Math.round(stop.box.y + stop.box.height)
        const share = (along: number[], across: (p: number, d: number) => boolean) =>
          along.length
            ? along.filter((p) =>
                Array.from({ length: band.to - band.from + 1 }, (_, k) => band.from + k).some((d) =>
                  across(p, d),
                ),
              ).length / along.length
            : 0
        const range = (from: number, to: number) =>
          Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k)
        results.push({
          name: stop.name,
          lines: stop.lines,
          sides: {
            top: share(range(left, right), (x, d) => differs(x, top - d)),
            right: share(range(top, bottom), (y, d) => differs(right - 1 + d, y)),
            bottom: share(range(left, right), (x, d) => differs(x, bottom - 1 + d)),
            left: share(range(top, bottom), (y, d) => differs(left - d, y)),
          },
        })
      }
      return results
    },
    {
      stops: stops.map((s) => ({
        name: s.name,
        lines: s.lines,
        box: s.box,
        focused: s.focused.toString('base64'),
        blurred: s.blurred.toString('base64'),
      })),
      band: BAND,
      threshold: THRESHOLD,
    },
  )
}

for (const site of ['DE', 'HU', 'TR']) {
  const market = MARKETS.find((m) => m.site === site)!
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`${site} ${device}: every keyboard stop of the widget shows a focus indicator on all four sides`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000)
      const log = watchPage(page)
      await page.setViewportSize(viewport)
      await page.goto(market.path)
      const footer = page.getByRole('contentinfo')
      await expect(footer.locator('.lf-bottom a').first()).toBeAttached()
      await expect(footer.locator('button[type=submit]')).toBeVisible()
      await page.evaluate(() => document.fonts.ready.then(() => undefined))
      if (device === 'phone') {
        // Every collapsible panel open, so the walk reaches the links inside them too.
        const closed = footer.locator('button[aria-expanded="false"]')
        for (let n = await closed.count(); n > 0; n = await closed.count())
          await closed.first().click()
      }
      const { visited, stops } = await walkStops(page, viewport)
      const coverage = await ringCoverage(browser, stops)
      // A wrapped link (several line boxes) is judged by the mean of its sides: a ring on each line covers about half of them.
      const ringed = (c: (typeof coverage)[number]) =>
        c.lines > 1
          ? Object.values(c.sides).reduce((a, b) => a + b, 0) / 4 >= MIN_SIDE / 2
          : Object.values(c.sides).every((s) => s >= MIN_SIDE)
      const missing = coverage.filter((c) => !ringed(c))
      console.log(
        `${site} ${device}: ${visited} keyboard stops of ${stops.length} kinds, ${missing.length} kinds without a ring on all four sides`,
      )
      expect(visited).toBeGreaterThan(20)
      const describe = (c: (typeof coverage)[number]) =>
        `${c.name}: ${Object.entries(c.sides)
          .map(([side, s]) => `${side} ${Math.round(s * 100)}%`)
          .join(', ')}`
      expect(missing.map(describe), 'stops whose ring does not show on every side').toEqual([])
      expect(log.pageErrors).toEqual([])
    })
  }
}
