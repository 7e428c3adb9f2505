/**
 * Console output with the widget's prefix: the widget reports problems, never throws them into the
 * host. Each message is a short code, the address of its row in docs/EMBEDDING.md (what it means
 * and what to do; one row per code, checked by test/rules/console-codes.test.ts) and its detail.
 * Codes instead of sentences keep the texts out of every visitor's download.
 * Each is also dispatched on `window` as `lumora:warning` or `lumora:error` with
 * `{ code, detail }`, so the page's monitoring sees it without wrapping the console.
 */
import { LOG_PREFIX } from './contract/brand'

/**
 * The console codes' page: the build's FOOTER_DOCS_URL, else the release folder's
 * `console-codes.html` beside the bundle, resolved against the bundle's own address (docsBeside).
 */
let docs = __DOCS_URL__

/** Resolves the codes' address against the bundle's address, so a console line's link opens. */
export const docsBeside = (scriptUrl: string) => {
  docs = new URL(docs, scriptUrl).href
}

/** `[Lumora footer] W1 (<docs address>#w1)`. */
const line = (code: string) => `${LOG_PREFIX} ${code} (${docs}#${code.toLowerCase()})`

const report =
  (kind: 'warn' | 'error', type: string) =>
  (code: string, ...detail: unknown[]) => {
    console[kind](line(code), ...detail)
    try {
      // Host markup cannot shadow it: a window's named elements give way to what its prototype
      // chain has (`<img id="dispatchEvent">` is not window.dispatchEvent). A listener's error is
      // the browser's to report; it does not come back here.
      dispatchEvent(new CustomEvent(type, { detail: { code, detail } }))
    } catch {}
  }

export const log: {
  warn(code: `W${number}`, ...detail: unknown[]): void
  error(code: `E${number}`, ...detail: unknown[]): void
} = {
  warn: report('warn', 'lumora:warning'),
  error: report('error', 'lumora:error'),
}

/** An `<img>`'s `onError`: a footer image that did not load (CSP `img-src`, a missing file), named by its address. */
export const imageFailed = (event: { currentTarget: HTMLImageElement }) =>
  log.warn('W29', event.currentTarget.currentSrc)
