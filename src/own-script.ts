/**
 * The widget's own script tag, checked, and the address its bundle was fetched from. The host
 * page's markup can shadow document properties by name: `<img name="currentScript">` makes
 * `document.currentScript` that image. So the bundle's wrapper reads the tag through the getter
 * on the document's prototype chain (build/product/build.ts DEFERRED_START), and here it counts
 * only if it is a script element of this window (checked with the window's own constructor,
 * which named elements cannot shadow) whose file is this bundle: `footer.<locale>.<hash>.js`,
 * from any path or origin. Everything the widget reads from the tag (embed attributes, nonce,
 * the staff preview's and the images' location) hangs on this.
 */
import { fromDocument } from './dom'

/**
 * The bundle's address as fetched (the base of the preview file and the images) when `candidate`
 * is the own tag, else null. `src` is the tag's `src` as the wrapper read it while the bundle was evaluated: `script.src`
 * resolves the attribute against the document's base at each read, and a `<base href>` parsed or
 * added later changes it. A deferred or async bundle runs after markup that follows its tag: when
 * the document's first `<base href>` comes after the tag, the tag was fetched before that base
 * existed, so its address is the attribute against the page's own address.
 */
export function ownScript(win: Window, candidate: unknown, src: string): string | null {
  if (!(candidate instanceof (win as unknown as typeof globalThis).HTMLScriptElement)) return null
  try {
    const doc = win.document
    const base = fromDocument(doc, 'querySelector').call(doc, 'base[href]')
    const url =
      // 4: Node.DOCUMENT_POSITION_FOLLOWING
      base && candidate.compareDocumentPosition(base) & 4
        ? new URL(candidate.getAttribute('src')!, win.location.href).href
        : src
    const path = new URL(url).pathname
    const file = path.slice(path.lastIndexOf('/') + 1)
    return file.indexOf(`footer.${__LOCALE__}.`) === 0 && /\.js$/.test(file) ? url : null
  } catch {
    return null
  }
}
