/**
 * A jsdom window as the global environment for component tests. Runs before any test module
 * (test/runners/run-unit-tests.ts imports it first). Node's own fetch, Request, Response, URL and
 * AbortController stay, so the contract server's in-process handler can be used as `fetch`.
 */
import { JSDOM } from 'jsdom'

const g = globalThis as Record<string, unknown>

if (!g.__jsdom) {
  const dom = new JSDOM('<!doctype html><html lang="de"><head></head><body></body></html>', {
    url: 'https://shop.test/de/',
    pretendToBeVisual: true,
  })
  const win = dom.window as unknown as Record<string, unknown>
  g.__jsdom = dom
  // DOM events must be jsdom's own or jsdom refuses to dispatch them.
  const forced = new Set([
    'Event',
    'CustomEvent',
    'EventTarget',
    'KeyboardEvent',
    'MouseEvent',
    'FocusEvent',
    'InputEvent',
    'UIEvent',
  ])
  const own = new Set(['window', 'self', 'globalThis', 'document', 'top', 'parent'])
  for (const key of Object.getOwnPropertyNames(win)) {
    if (own.has(key) || (key in g && !forced.has(key))) continue
    Object.defineProperty(g, key, {
      configurable: true,
      enumerable: true,
      get: () => win[key],
      set: (v) => (win[key] = v),
    })
  }
  g.window = win
  g.document = win.document
  // jsdom lacks matchMedia; the platform code needs one. Width queries answer for innerWidth
  // (1024 in jsdom, a tablet), like a browser's; any other query does not match.
  win.matchMedia = (query: string) => ({
    get matches() {
      const [, kind, px] = /\((max|min)-width:\s*(\d+)px\)/.exec(query) ?? []
      const width = Number(win.innerWidth)
      return kind === 'max' ? width <= Number(px) : kind === 'min' ? width >= Number(px) : false
    },
    media: query,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
    onchange: null,
  })
  win.scrollTo = () => {}
  ;(win.HTMLElement as { prototype: { scrollIntoView?: () => void } }).prototype.scrollIntoView =
    () => {}
}
