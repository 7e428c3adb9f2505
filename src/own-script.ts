/**
 * The widget's own script tag, checked. The host page's markup can shadow document properties
 * by name: `<img name="currentScript">` makes `document.currentScript` that image. So the
 * bundle's wrapper reads the tag through the getter on the document's prototype chain
 * (build/product/build.ts DEFERRED_START), and here it counts only if it is a script element of this window (checked
 * with the window's own constructor, which named elements cannot shadow) whose file is this
 * bundle: `footer.<locale>.<hash>.js`, from any path or origin. Everything the widget reads from
 * the tag (embed attributes, nonce, the staff preview's and the images' location) hangs on this.
 */
export function ownScript(win: Window, candidate: unknown): HTMLScriptElement | null {
  if (!(candidate instanceof (win as unknown as typeof globalThis).HTMLScriptElement)) return null
  try {
    const path = new URL(candidate.src).pathname
    const file = path.slice(path.lastIndexOf('/') + 1)
    return file.indexOf(`footer.${__LOCALE__}.`) === 0 && /\.js$/.test(file) ? candidate : null
  } catch {
    return null
  }
}
