/**
 * The files a footer bundle adds only when few visitors need them, each behind its own condition:
 * the staff preview panel (a staff cookie, src/preview/load.ts), the double opt-in landing (a
 * token in the address, src/newsletter/newsletter.model.ts) and the logged-in visitor's file (a
 * LoginToken cookie, src/login.lazy.ts: the session monitor, src/session/index.ts, and the
 * customer base data's merge into the form, src/newsletter/newsletter-status.model.ts). Each is a
 * classic script whose hashed name and SRI hash the build defines here: one file for all markets,
 * or, for a file that carries its own texts (the landing), this bundle's market's copy
 * (build/product/build.ts LAZY_FILES). It runs on this bundle's runtime (Preact, signals, kit,
 * texts: build/product/preview-runtime.ts); one with texts of its own adds them to this bundle's
 * dictionary when it runs, before its view renders (src/i18n/add-texts.ts).
 *
 * The URL is resolved against the footer bundle's address as fetched (the checked tag,
 * src/own-script.ts; never anything else the page could name or a later `<base href>` could
 * bend), so a footer served from a CDN path loads its files from the same place; with `integrity`
 * a changed file is refused by the browser (logged; the footer stays).
 *
 * Hand-off without new globals: the file, when it runs, calls its name (`preview`, `doi`,
 * `login`) on window.__lumoraFooter with a function that takes this bundle's runtime and returns
 * the file's exports; the load event resolves the promise with them.
 *
 * Trusted Types: under `require-trusted-types-for 'script'` assigning a string to script.src
 * throws, so each URL goes through one policy per page ("lumora-footer-preview"; pages with a
 * `trusted-types` allow-list must name it) that accepts exactly the URLs of these files.
 */
import { GLOBAL_KEY, type FooterGlobal, type WithFooterGlobal } from './contract/contract'
import { log } from './log'
import { fromDocument } from './dom'
import runtime from 'virtual:preview-runtime'

export const TRUSTED_TYPES_POLICY = 'lumora-footer-preview'

/** The lazily loaded files by the name their hand-off calls. */
const FILES = {
  preview: [__PREVIEW_FILE__, __PREVIEW_INTEGRITY__],
  doi: [__DOI_FILE__, __DOI_INTEGRITY__],
  login: [__LOGIN_FILE__, __LOGIN_INTEGRITY__],
}

export type LazyFile = keyof typeof FILES

/** Loads a file once and resolves with its exports; a failure is logged and rejects. */
export type LoadFile = <Exports>(name: LazyFile) => Promise<Exports>

/** The hand-offs on the page global (src/contract/contract.ts) while the files load. */
export type HandOffs = Pick<FooterGlobal, LazyFile>

interface TrustedTypesWindow {
  trustedTypes?: {
    createPolicy(
      name: string,
      rules: { createScriptURL(url: string): string },
    ): { createScriptURL(url: string): unknown }
  }
}

/** The URLs the policy accepts; the policy itself exists once (a second one of the same name is refused). */
const accepted: string[] = []
let policy: { createScriptURL(url: string): unknown } | undefined

function scriptUrl(win: Window, url: string): unknown {
  const tt = (win as unknown as TrustedTypesWindow).trustedTypes
  if (!tt) return url
  accepted.push(url)
  if (!policy)
    policy = tt.createPolicy(TRUSTED_TYPES_POLICY, {
      createScriptURL(candidate) {
        if (accepted.indexOf(candidate) < 0) throw new TypeError(candidate)
        return candidate
      },
    })
  return policy.createScriptURL(url)
}

/**
 * The loader of one footer: `footerUrl` is the footer bundle's address as fetched
 * (src/own-script.ts), null without the own tag (then nothing can load). Each file is added once.
 */
export function fileLoader(
  win: Window,
  footerUrl: string | null,
  doc: Document,
  nonce?: string,
): LoadFile {
  const loaded: Partial<Record<LazyFile, Promise<unknown>>> = {}
  const load = (name: LazyFile) =>
    new Promise((resolve, reject) => {
      const [file, integrity] = FILES[name]
      let url = file
      // One message for every failure (the network panel or the error tells which): bytes count here.
      const fail = (error?: unknown) => {
        log.error('E6', url, error ?? '')
        reject(error)
      }
      try {
        // Throws without a base (no own script): then there is no place to load from.
        url = new URL(file, footerUrl || undefined).href
        const handOffs = (win as Window & WithFooterGlobal)[GLOBAL_KEY]
        let exports: unknown
        if (handOffs) handOffs[name] = (define) => (exports = define(runtime))
        const createElement = fromDocument(doc, 'createElement')
        const tag = createElement.call(doc, 'script') as HTMLScriptElement
        tag.src = scriptUrl(win, url) as string
        tag.setAttribute('integrity', integrity)
        // CORS, so the browser can check the hash of a file from a CDN; the footer's own tag needs the same.
        tag.setAttribute('crossorigin', 'anonymous')
        if (nonce) tag.nonce = nonce
        tag.onerror = () => fail()
        tag.onload = () => (exports ? resolve(exports) : fail())
        fromDocument(doc, 'head').appendChild(tag)
      } catch (error) {
        fail(error)
      }
    })
  return <Exports>(name: LazyFile) => {
    if (!loaded[name]) {
      loaded[name] = load(name)
      // Failures are logged above; a caller that only starts the load has nothing to handle.
      loaded[name].catch(() => {})
    }
    return loaded[name] as Promise<Exports>
  }
}
