/**
 * CSP-safe styles. Components call useStyles(css) with a stylesheet string; it is adopted
 * into the widget's shadow root once. Constructable stylesheets need no nonce and create no
 * <style> element; browsers without them (iOS Safari < 16.4) get a <style> carrying the
 * page's nonce (the script tag's nonce) if one is given.
 */
import { fromDocument } from '../dom'
import { createContext, useContext, type ReactNode } from 'react'

export interface StyleRoot {
  adopt(css: string): void
}

const StyleRootContext = createContext<StyleRoot | null>(null)

export function StyleRootProvider({ root, children }: { root: StyleRoot; children: ReactNode }) {
  return <StyleRootContext.Provider value={root}>{children}</StyleRootContext.Provider>
}

/** Adopts a component's stylesheet into the shadow root it renders in (idempotent, during render so there is no flash). */
export function useStyles(css: string): void {
  useContext(StyleRootContext)?.adopt(css)
}

export function createStyleRoot(shadow: ShadowRoot, nonce?: string): StyleRoot {
  const adopted = new Set<string>()
  const constructable =
    'adoptedStyleSheets' in shadow &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  return {
    adopt(css) {
      if (!css || adopted.has(css)) return
      adopted.add(css)
      if (constructable) {
        const sheet = new CSSStyleSheet()
        sheet.replaceSync(css)
        shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet]
        return
      }
      const doc = shadow.ownerDocument
      const style = fromDocument(doc, 'createElement').call(doc, 'style')
      if (nonce) style.nonce = nonce
      style.textContent = css
      shadow.insertBefore(style, shadow.firstChild)
    },
  }
}
