/**
 * The only preview module in the main bundle (everything else of src/preview/ ships in its own
 * file, see build/product/build.ts SINGLE_BUNDLES). Anonymous visitors pay for this file alone.
 *
 * With a StaffAuthToken or CobraAuthToken cookie it adds the preview panel's script, a classic
 * script built once (English labels, SPEC §9) whose hashed name and SRI hash the build defines as
 * __PREVIEW_FILE__ and __PREVIEW_INTEGRITY__ (it builds the preview first). The URL is resolved
 * against the footer bundle's address as fetched (the checked tag, src/own-script.ts; never
 * anything else the page could name or a later `<base href>` could bend), so a footer served from a CDN path loads the panel from the same place;
 * with `integrity` a changed file is refused by the browser (logged; the footer stays). The auth
 * check (checkauth) happens in the preview file: the main bundle only knows that a staff cookie exists.
 *
 * Hand-off without new globals: the preview file, when it runs, calls `preview` on
 * window.__lumoraFooter with a function that takes this bundle's runtime (Preact, signals, kit:
 * build/product/preview-runtime.ts) and returns the file's exports; on the script's load event we call
 * its `mountPreview` with a container inside the widget's shadow root, the style root (CSP-safe
 * useStyles) and the widget's injected I/O.
 * A missing or failing preview file is logged; the footer and the page stay as they are.
 *
 * Trusted Types: under `require-trusted-types-for 'script'` assigning a string to script.src
 * throws, so the URL goes through a policy ("lumora-footer-preview"; pages with a
 * `trusted-types` allow-list must name it) that accepts exactly this one URL.
 */
import {
  GLOBAL_KEY,
  STAFF_COOKIES,
  type FooterGlobal,
  type WithFooterGlobal,
} from '../contract/contract'
import { log } from '../log'
import { readCookie } from '../cookies'
import { fromDocument } from '../dom'
import type { Widget } from '../base/widget-context'
import type { StyleRoot } from '../styles/style-root'
import runtime from 'virtual:preview-runtime'

export const TRUSTED_TYPES_POLICY = 'lumora-footer-preview'

/** What the main bundle hands the preview file. */
export interface PreviewHost {
  /** An element inside the widget's shadow root, before the footer: the panel's place. */
  container: HTMLElement
  styleRoot: StyleRoot
  widget: Widget
}

/** What the preview file exports. */
interface PreviewExports {
  mountPreview(host: PreviewHost): void
}

/** The hand-off on the page global (src/contract/contract.ts): the preview file calls it with its module function. */
export type PreviewHandOff = Pick<FooterGlobal<PreviewExports>, 'preview'>

interface TrustedTypesWindow {
  trustedTypes?: {
    createPolicy(
      name: string,
      rules: { createScriptURL(url: string): string },
    ): { createScriptURL(url: string): unknown }
  }
}

/** Loads the panel for staff; does nothing for everyone else. Never throws. */
export function loadPreview(
  win: Window,
  /** The footer bundle's address as fetched (src/own-script.ts); null without the own tag. */
  scriptUrl: string | null,
  shadow: ShadowRoot,
  styleRoot: StyleRoot,
  widget: Widget,
): void {
  const doc = widget.document
  if (!__PREVIEW_FILE__ || !STAFF_COOKIES.some((name) => readCookie(doc, name))) return
  // One message for every failure (the network panel or the error tells which): bytes count here.
  const fail = (file: string, error?: unknown) => log.error('E6', file, error ?? '')
  try {
    // Throws without a base (no own script): then there is no place to load from.
    const url = new URL(__PREVIEW_FILE__, scriptUrl || undefined).href
    const tt = (win as unknown as TrustedTypesWindow).trustedTypes
    const src = tt
      ? tt
          .createPolicy(TRUSTED_TYPES_POLICY, {
            createScriptURL(candidate) {
              if (candidate !== url) throw new TypeError(url)
              return candidate
            },
          })
          .createScriptURL(url)
      : url
    const handOff = (win as Window & WithFooterGlobal<PreviewExports>)[GLOBAL_KEY]
    let exports: PreviewExports | undefined
    if (handOff) handOff.preview = (definePreview) => (exports = definePreview(runtime))
    const createElement = fromDocument(doc, 'createElement')
    const tag = createElement.call(doc, 'script') as HTMLScriptElement
    tag.src = src as string
    tag.setAttribute('integrity', __PREVIEW_INTEGRITY__)
    // CORS, so the browser can check the hash of a file from a CDN; the footer's own tag needs the same.
    tag.setAttribute('crossorigin', 'anonymous')
    if (widget.config.nonce) tag.nonce = widget.config.nonce
    tag.onerror = () => fail(url)
    tag.onload = () => {
      const mountPreview = exports?.mountPreview
      if (!mountPreview) return fail(url)
      const container = createElement.call(doc, 'div')
      shadow.insertBefore(container, shadow.firstChild)
      try {
        mountPreview({ container, styleRoot, widget })
      } catch (error) {
        container.remove()
        fail(url, error)
      }
    }
    fromDocument(doc, 'head').appendChild(tag)
  } catch (error) {
    fail(__PREVIEW_FILE__, error)
  }
}
