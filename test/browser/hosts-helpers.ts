/** Helpers for the host-page specs (hosts.spec.ts): texts, requests, ids, storage, pixel diffs. */
import { expect, type Browser, type Page } from '@playwright/test'
import { MARKETS, type Market } from '../../build/markets.ts'
import { flatten, loadDictionary } from '../../build/locales.ts'

const texts = Object.fromEntries(await Promise.all(MARKETS.map(async (m) => [m.site, flatten(await loadDictionary(m.locale))] as const)))

export const market = (site: string): Market => MARKETS.find((m) => m.site === site)!

/** A market's text, with {{placeholders}} filled. */
export function tx(m: Market, key: string, params: Record<string, string> = {}): string {
  return texts[m.site][key].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => params[k] ?? (k === 'brand' ? 'Lumora' : ''))
}

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
export const emailField = (page: Page, m: Market) => page.getByRole('textbox', { name: startsWith(tx(m, 'newsletter.email')) })
export const submitButton = (page: Page, m: Market) => page.getByRole('button', { name: startsWith(tx(m, 'newsletter.submit')) })
export const firstNameField = (page: Page, m: Market) => page.getByRole('textbox', { name: startsWith(tx(m, 'newsletter.firstName')) })
export const lastNameField = (page: Page, m: Market) => page.getByRole('textbox', { name: startsWith(tx(m, 'newsletter.lastName')) })
export const successText = (page: Page, m: Market, email: string) => page.getByText(tx(m, 'newsletter.success', { email }))

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
    if (!url.pathname.startsWith('/service/') || url.pathname.startsWith('/service/footer-images/')) continue
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
    window.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`), true)
  })
}

export const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)

/**
 * Compares two PNG screenshots pixel by pixel in a blank page of the same browser (no image
 * library needed): same size required; returns the share of pixels whose channels differ by more
 * than `threshold` (0-255).
 */
export async function pixelDiff(browser: Browser, a: Buffer, b: Buffer, threshold = 32): Promise<{ width: number; height: number; sizeA: string; sizeB: string; ratio: number }> {
  const page = await browser.newPage()
  try {
    return await page.evaluate(
      async ([a64, b64, t]) => {
        const load = async (b64: string) => createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob())
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
          if (Math.abs(pa[i] - pb[i]) > t || Math.abs(pa[i + 1] - pb[i + 1]) > t || Math.abs(pa[i + 2] - pb[i + 2]) > t || Math.abs(pa[i + 3] - pb[i + 3]) > t) differing++
        }
        return { width, height, sizeA, sizeB, ratio: differing / (width * height) }
      },
      [a.toString('base64'), b.toString('base64'), threshold] as const,
    )
  } finally {
    await page.close()
  }
}

/**
 * The footer rendered and settled: content shown, the network quiet, fonts ready, and every image
 * that has started loading (lazy ones near the viewport) complete.
 */
export async function footerSettled(page: Page): Promise<void> {
  await expect(page.locator('#footer footer')).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  await expect
    .poll(() => page.evaluate(() => [...document.getElementById('footer')!.shadowRoot!.querySelectorAll('img')].filter((img) => img.loading !== 'lazy' && !img.complete).length))
    .toBe(0)
}

/**
 * Grows the viewport (keeping its width, so the platform stays) until the whole page fits, so
 * every lazy image loads and no content-visibility placeholder is left: screenshots then do not
 * depend on where the footer happens to sit on the page.
 */
export async function showWholePage(page: Page): Promise<void> {
  const width = page.viewportSize()!.width
  for (let i = 0; i < 6; i++) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    if (height <= page.viewportSize()!.height) break
    await page.setViewportSize({ width, height })
  }
  await page.evaluate(() => window.scrollTo(0, 0))
  // Text drawn at a fractional y is antialiased differently: move #footer to a whole pixel (a
  // spacer before it that no page rule can style), so two pages can be compared pixel by pixel.
  await page.evaluate(() => {
    const footer = document.getElementById('footer')!
    for (let i = 0; i < 3; i++) {
      const top = footer.getBoundingClientRect().top + window.scrollY
      const frac = top - Math.floor(top)
      if (frac < 0.01) return
      const spacer = document.createElement('div')
      spacer.setAttribute('style', `all:initial;display:block;height:${1 - frac}px`)
      footer.before(spacer)
    }
  })
  await page.waitForLoadState('networkidle')
  await expect.poll(() => page.evaluate(() => [...document.getElementById('footer')!.shadowRoot!.querySelectorAll('img')].filter((img) => !img.complete).length)).toBe(0)
}
