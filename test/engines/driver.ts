/**
 * The engine-neutral page the journeys drive. Every engine adapter (puppeteer-engine.ts for
 * Chromium and Firefox, webdriver-engine.ts for WebKit) implements the same few verbs; finding
 * things happens in the page (`findInPage`, the same code in every engine), so a journey is
 * written once and means the same in each.
 */

export type EngineName = 'chromium' | 'firefox' | 'webkit'

/**
 * What a visitor would point at: elements matching `css` (searched in the document and every
 * open shadow root), narrowed to those whose accessible name starts with `name`, and to
 * visible ones unless `hidden` is set. `nth` picks among the matches (default the first).
 */
export interface Query {
  css: string
  name?: string
  nth?: number
  hidden?: boolean
}

export type Key = 'Tab' | 'Enter' | 'Space' | 'Escape'

export interface EnginePage {
  readonly engine: EngineName
  /** Loads a path of the test server (or an absolute URL) and waits for the load event. */
  goto(pathOrUrl: string): Promise<void>
  /** Runs `fn` in the page with JSON arguments and returns its (awaited, JSON) result. */
  run<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>
  /** A real pointer click at the element's centre (scrolled into view first). */
  click(query: Query): Promise<void>
  /** Key presses go to the focused element, as the visitor's keyboard would. */
  press(key: Key): Promise<void>
  type(text: string): Promise<void>
  /** The size of the page's viewport (CSS pixels), as near as the engine's window allows. */
  setViewport(width: number, height: number): Promise<void>
  /** Uncaught errors and unhandled rejections the engine reports (WebKit's classic WebDriver reports none). */
  pageErrors(): string[]
  close(): Promise<void>
}

export interface Engine {
  readonly name: EngineName
  /** A page with no cookies from earlier journeys. */
  newPage(baseUrl: string): Promise<EnginePage>
  close(): Promise<void>
}

/**
 * Runs in the page: every element matching the query, in document order, through open shadow
 * roots. Self-contained (it is serialised into the page), so it may not use anything from outside.
 */
function findInPage(query: Query): Element[] {
  const roots: (Document | ShadowRoot)[] = [document]
  const collect = (root: Document | ShadowRoot) => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.shadowRoot) {
        roots.push(el.shadowRoot)
        collect(el.shadowRoot)
      }
    }
  }
  collect(document)
  const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim()
  const nameOf = (el: Element): string => {
    const labelledBy = el.getAttribute('aria-labelledby')
    if (labelledBy) {
      const root = el.getRootNode() as Document | ShadowRoot
      return labelledBy
        .split(/\s+/)
        .map((id) => text(root.getElementById(id)))
        .join(' ')
    }
    const aria = el.getAttribute('aria-label')
    if (aria) return aria.replace(/\s+/g, ' ').trim()
    const labels = (el as HTMLInputElement).labels
    if (labels && labels.length > 0) return text(labels[0])
    return text(el) || el.getAttribute('placeholder') || el.getAttribute('title') || ''
  }
  const visible = (el: Element) => {
    const box = el.getBoundingClientRect()
    if (box.width === 0 && box.height === 0) return false
    for (
      let node: Element | null = el;
      node;
      node = node.parentElement ?? (node.getRootNode() as ShadowRoot).host ?? null
    ) {
      const style = getComputedStyle(node)
      if (style.visibility === 'hidden' || style.display === 'none') return false
    }
    return true
  }
  const found: Element[] = []
  for (const root of roots) {
    for (const el of Array.from(root.querySelectorAll(query.css))) {
      // Names compare with white space folded, no-break spaces included (texts use them after one-letter words).
      if (
        query.name !== undefined &&
        !nameOf(el).startsWith(query.name.replace(/\s+/g, ' ').trim())
      )
        continue
      if (!query.hidden && !visible(el)) continue
      found.push(el)
    }
  }
  return found
}

declare global {
  /** Available inside page functions (`EnginePage.run`) only: `findInPage` in the page. */
  function findAll(query: Query): Element[]
}

/**
 * Source of a page function's body: `findAll` in scope, and `__name` (which tsx's keepNames
 * inserts into compiled functions) defined, then `fn` called with the arguments.
 */
export function pageFunctionSource(fn: (...args: never[]) => unknown): string {
  return `var __name = function (f) { return f }; var findAll = ${findInPage.toString()}; return (${fn.toString()}).apply(null, arguments)`
}

/** Source of a page function that returns the element a query finds (or throws a readable error). */
export function elementSource(): string {
  return pageFunctionSource((q: Query) => {
    const el = findAll(q)[q.nth ?? 0]
    if (!el) throw new Error(`no element for ${JSON.stringify(q)}`)
    return el
  })
}
