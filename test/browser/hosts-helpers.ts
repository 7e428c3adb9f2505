/** Helpers for the host-page specs (hosts.spec.ts): texts, requests, ids, storage, pixel diffs. */
import { expect, type Browser, type Frame, type Page } from '@playwright/test'
import { MARKETS, type Market } from '../../build/product/markets.ts'
import { flatten, loadDictionary } from '../../build/product/locales.ts'

const texts = Object.fromEntries(
  await Promise.all(
    MARKETS.map(async (m) => [m.site, flatten(await loadDictionary(m.locale))] as const),
  ),
)

export const market = (site: string): Market => MARKETS.find((m) => m.site === site)!

/** A market's text, with {{placeholders}} filled. */
export function tx(m: Market, key: string, params: Record<string, string> = {}): string {
  return texts[m.site][key].replace(
    /\{\{\s*(\w+)\s*\}\}/g,
    (_, k: string) => params[k] ?? (k === 'brand' ? 'Lumora' : ''),
  )
}

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
export const emailField = (page: Page | Frame, m: Market) =>
  page.getByRole('textbox', { name: startsWith(tx(m, 'newsletter.email')) })
export const submitButton = (page: Page | Frame, m: Market) =>
  page.getByRole('button', { name: startsWith(tx(m, 'newsletter.submit')) })
export const firstNameField = (page: Page | Frame, m: Market) =>
  page.getByRole('textbox', { name: startsWith(tx(m, 'newsletter.firstName')) })
export const lastNameField = (page: Page | Frame, m: Market) =>
  page.getByRole('textbox', { name: startsWith(tx(m, 'newsletter.lastName')) })
export const successText = (page: Page | Frame, m: Market, email: string) =>
  page.getByText(tx(m, 'newsletter.success', { email }))

/** Every request the page makes (method and full URL), in order. */
export function recordRequests(page: Page): { method: string; url: URL }[] {
  const seen: { method: string; url: URL }[] = []
  page.on('request', (r) => seen.push({ method: r.method(), url: new URL(r.url()) }))
  return seen
}

/** Count of API calls per "METHOD path" (the widget's calls all live under /service/). */
export function apiCalls(requests: { method: string; url: URL }[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { method, url } of requests) {
    if (!url.pathname.startsWith('/service/') || url.pathname.startsWith('/service/footer-images/'))
      continue
    const key = `${method} ${url.pathname}`
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}

/** Ids in the light DOM and in every (open) shadow root, each list in document order. */
export function collectIds(page: Page): Promise<{ light: string[]; shadow: string[] }> {
  return page.evaluate(() => {
    const light = [...document.querySelectorAll('[id]')].map((e) => e.id)
    const shadow: string[] = []
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) {
          shadow.push(...[...el.shadowRoot.querySelectorAll('[id]')].map((e) => e.id))
          walk(el.shadowRoot)
        }
      }
    }
    walk(document)
    return { light, shadow }
  })
}

export const duplicates = (ids: string[]) => ids.filter((id, i) => ids.indexOf(id) !== i)

/** What a page has stored: cookie names (document.cookie), local and session storage keys, IndexedDB and Cache Storage names. */
export function storageSnapshot(page: Page) {
  return page.evaluate(async () => ({
    cookie: document.cookie,
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    indexedDB: 'databases' in indexedDB ? (await indexedDB.databases()).map((d) => d.name) : [],
    caches: 'caches' in window ? await caches.keys() : [],
  }))
}

/**
 * Records securitypolicyviolation events (in the capture phase on window, so none is missed,
 * shadow tree included: the event is composed) into window.__violations.
 */
export async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.defineProperty(window, '__violations', { value: seen, enumerable: false })
    window.addEventListener(
      'securitypolicyviolation',
      (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      true,
    )
  })
}

export const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)

/** One blank page per browser (a worker's) where every comparison runs: a page is opened once, not per comparison. */
const comparisonPages = new WeakMap<Browser, Promise<Page>>()

/** The worker's blank page for work on pixels (decoding screenshots, comparing them). */
export function comparisonPage(browser: Browser): Promise<Page> {
  let pending = comparisonPages.get(browser)
  if (!pending) {
    pending = browser.newPage()
    comparisonPages.set(browser, pending)
  }
  return pending
}

/**
 * Compares two PNG screenshots pixel by pixel in a blank page of the same browser (no image
 * library needed): same size required; returns the share of pixels whose channels differ by more
 * than `threshold` (0-255).
 */
export async function pixelDiff(
  browser: Browser,
  a: Buffer,
  b: Buffer,
  threshold = 32,
): Promise<{ width: number; height: number; sizeA: string; sizeB: string; ratio: number }> {
  const page = await comparisonPage(browser)
  return page.evaluate(
    async ([a64, b64, t]) => {
      const load = async (b64: string) =>
        createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob())
      const [ia, ib] = await Promise.all([load(a64), load(b64)])
      const sizeA = `${ia.width}x${ia.height}`
      const sizeB = `${ib.width}x${ib.height}`
      const width = Math.max(ia.width, ib.width)
      const height = Math.max(ia.height, ib.height)
      const pixels = (img: ImageBitmap) => {
        const canvas = new OffscreenCanvas(width, height)
        const ctx = canvas.getContext('2d')!
        ctx.drawImage(img, 0, 0)
        return ctx.getImageData(0, 0, width, height).data
      }
      const pa = pixels(ia)
      const pb = pixels(ib)
      let differing = 0
      for (let i = 0; i < pa.length; i += 4) {
        if (
          Math.abs(pa[i] - pb[i]) > t ||
          Math.abs(pa[i + 1] - pb[i + 1]) > t ||
          Math.abs(pa[i + 2] - pb[i + 2]) > t ||
          Math.abs(pa[i + 3] - pb[i + 3]) > t
        )
          differing++
      }
      return { width, height, sizeA, sizeB, ratio: differing / (width * height) }
    },
    [a.toString('base64'), b.toString('base64'), threshold] as const,
  )
}

/**
 * The footer rendered and settled: its last start step (the bottom group's links, after every
 * part above them: src/footer/footer-plan.ts) shown, fonts ready, and every image that is not lazy
 * complete.
 */
export async function footerSettled(page: Page, frame: Frame = page.mainFrame()): Promise<void> {
  await expect(frame.locator('#footer footer')).toBeVisible()
  await expect(frame.locator('#footer .lf-bottom nav a').first()).toBeAttached()
  await frame.evaluate(() => document.fonts.ready.then(() => undefined))
  await expect
    .poll(() =>
      frame.evaluate(
        () =>
          [...document.getElementById('footer')!.shadowRoot!.querySelectorAll('img')].filter(
            (img) => img.loading !== 'lazy' && !img.complete,
          ).length,
      ),
    )
    .toBe(0)
}

/**
 * Grows the viewport (keeping its width, so the platform stays) until the whole page fits, so
 * every lazy image loads and no content-visibility placeholder is left: screenshots then do not
 * depend on where the footer happens to sit on the page.
 */
export async function showWholePage(page: Page, frame: Frame = page.mainFrame()): Promise<void> {
  const width = page.viewportSize()!.width
  for (let i = 0; i < 6; i++) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    if (height <= page.viewportSize()!.height) break
    await page.setViewportSize({ width, height })
  }
  await page.evaluate(() => window.scrollTo(0, 0))
  // Text drawn at a fractional y is antialiased differently: move #footer to a whole pixel (a
  // spacer before it that no page rule can style), so two pages can be compared pixel by pixel.
  await frame.evaluate(() => {
    const footer = document.getElementById('footer')!
    for (let i = 0; i < 3; i++) {
      const top = footer.getBoundingClientRect().top + window.scrollY
      const frac = top - Math.floor(top)
      if (frac < 0.01) return
      const spacer = document.createElement('div')
      // Through the CSSOM, which a strict CSP allows (a style attribute it would refuse).
      spacer.style.cssText = `all:initial;display:block;height:${1 - frac}px`
      footer.before(spacer)
    }
  })
  // Every image, the lazy ones included now that the whole page is in view (an image that has
  // not started loading is not complete either).
  await expect
    .poll(() =>
      frame.evaluate(
        () =>
          [...document.getElementById('footer')!.shadowRoot!.querySelectorAll('img')].filter(
            (img) => !img.complete,
          ).length,
      ),
    )
    .toBe(0)
}

/** Fills what the market requires to sign up, by label, the way a visitor would. */
export async function fillRequired(
  target: Page | Frame,
  m: Market,
  address: string,
): Promise<void> {
  await emailField(target, m).fill(address)
  if (m.site === 'HU')
    await target
      .getByRole('combobox', { name: startsWith(tx(m, 'newsletter.salutation')) })
      .selectOption('MRS')
  if (m.site === 'HU' || m.site === 'TR' || m.site === 'AT') {
    await firstNameField(target, m).fill('Ayşe')
    await lastNameField(target, m).fill('Yılmaz')
  }
  // TR's newsletter consent, elsewhere the optional personalised-offers consent.
  await target.locator('#footer').getByRole('checkbox').first().check()
}

/** Every link of the widget as the browser resolves it, in document order. */
export const widgetHrefs = (frame: Frame): Promise<string[]> =>
  frame.evaluate(() =>
    [...document.getElementById('footer')!.shadowRoot!.querySelectorAll('a[href]')].map(
      (a) => (a as HTMLAnchorElement).href,
    ),
  )

export interface ContrastFailure {
  text: string
  color: string
  background: string
  ratio: number
  required: number
}

/**
 * WCAG contrast of every visible text of the widget (text nodes, field values and placeholders)
 * against what is painted behind it: the background colours of its ancestors up through #footer
 * into the host page, composited, down to the page's canvas (dark when the page's used colour
 * scheme is dark). AA: 4.5:1, 3:1 for large text (24px, or 18.66px bold). Returns the failures
 * and how many texts were checked.
 */
export function contrastFailures(
  frame: Frame,
): Promise<{ checked: number; failures: ContrastFailure[] }> {
  return frame.evaluate(() => {
    type RGBA = [number, number, number, number]
    const parse = (c: string): RGBA => {
      const n = (c.match(/[\d.]+/g) ?? ['0', '0', '0', '0']).map(Number)
      return [n[0], n[1], n[2], n.length > 3 ? n[3] : 1]
    }
    const over = (top: RGBA, below: RGBA): RGBA => {
      const a = top[3] + below[3] * (1 - top[3])
      if (a === 0) return [0, 0, 0, 0]
      return [0, 1, 2]
        .map((i) => (top[i] * top[3] + below[i] * below[3] * (1 - top[3])) / a)
        .concat(a) as RGBA
    }
    const luminance = ([r, g, b]: RGBA) => {
      const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }
    const rootScheme = getComputedStyle(document.documentElement).colorScheme
    const darkCanvas =
      /dark/.test(rootScheme) &&
      (!/light/.test(rootScheme) || matchMedia('(prefers-color-scheme: dark)').matches)
    const canvas: RGBA = darkCanvas ? [18, 18, 18, 1] : [255, 255, 255, 1]
    const composedParent = (el: Element): Element | null =>
      el.parentElement ?? (el.parentNode as ShadowRoot | null)?.host ?? null
    const backgroundOf = (start: Element): RGBA | null => {
      const layers: RGBA[] = []
      for (let el: Element | null = start; el; el = composedParent(el)) {
        const cs = getComputedStyle(el)
        if (cs.backgroundImage !== 'none') return null
        const bg = parse(cs.backgroundColor)
        if (bg[3] > 0) layers.push(bg)
        if (bg[3] >= 1) break
      }
      return layers.reduceRight((below, top) => over(top, below), canvas)
    }
    const root = document.getElementById('footer')!.shadowRoot!
    const items: { el: Element; text: string; color: string }[] = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement!
      const text = node.textContent!.trim()
      if (
        !text ||
        !el.checkVisibility({
          checkOpacity: true,
          checkVisibilityCSS: true,
        } as CheckVisibilityOptions)
      )
        continue
      const range = document.createRange()
      range.selectNodeContents(node)
      const box = range.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue
      items.push({ el, text, color: getComputedStyle(el).color })
    }
    for (const el of root.querySelectorAll('input, select, textarea')) {
      const field = el as HTMLInputElement
      if (
        field.type === 'checkbox' ||
        field.type === 'radio' ||
        !field.checkVisibility({
          checkOpacity: true,
          checkVisibilityCSS: true,
        } as CheckVisibilityOptions)
      )
        continue
      const box = field.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue
      if (field.value)
        items.push({
          el,
          text: `${field.name || field.localName} value`,
          color: getComputedStyle(el).color,
        })
      else if (field.placeholder)
        items.push({
          el,
          text: `placeholder ${field.placeholder}`,
          color: getComputedStyle(el, '::placeholder').color,
        })
    }
    const failures: ContrastFailure[] = []
    for (const { el, text, color } of items) {
      const bg = backgroundOf(el)
      if (!bg) continue
      const fg = over(parse(color), bg)
      const [l1, l2] = [luminance(fg), luminance(bg)].sort((a, b) => b - a)
      const ratio = (l1 + 0.05) / (l2 + 0.05)
      const cs = getComputedStyle(el)
      const size = parseFloat(cs.fontSize)
      const required = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700) ? 3 : 4.5
      if (ratio < required)
        failures.push({
          text: text.slice(0, 40),
          color,
          background: `rgb(${bg.slice(0, 3).map(Math.round).join(', ')})`,
          ratio: Math.round(ratio * 100) / 100,
          required,
        })
    }
    return { checked: items.length, failures }
  })
}
