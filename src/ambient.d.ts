// Modules the build provides (see build/product/build.ts and build/product/esbuild-plugins.ts).

/** CSS files are imported as minified strings and adopted into the widget's shadow root. */
declare module '*.css' {
  const css: string
  export default css
}

/** The merged dictionary of the locale being built (each bundle carries only its own). */
declare module 'virtual:locale-dictionary' {
  const dictionary: Record<string, unknown>
  export default dictionary
}

/**
 * The texts a lazily loaded file carries in its market's locale (build/product/build.ts
 * LAZY_FILES `texts`), which the footer bundles leave out; none in the unit tests, whose
 * dictionary holds every text.
 */
declare module 'virtual:file-texts' {
  interface Texts {
    [key: string]: string | Texts
  }
  const texts: Texts
  export default texts
}

/** Compile-time constants injected by esbuild `define`. */
declare const __LOCALE__: string
/**
 * The market a footer bundle serves (locales and sites are 1:1, src/contract/sites.ts), so the build drops
 * every other market's form rules; null in the unit-test build, which serves all nine.
 */
declare const __SITE__: import('./contract/sites').Site | null
declare const __VERSION__: string
/** Where console codes link to (docs/EMBEDDING.md's address, build/product/build.ts DOCS_URL). */
declare const __DOCS_URL__: string
declare const __PREVIEW_FILE__: string
/** The SRI hash of that file (sha384-...), known because the build makes it first. */
declare const __PREVIEW_INTEGRITY__: string
/** The double opt-in landing's file and its SRI hash (src/lazy-file.ts). */
declare const __DOI_FILE__: string
declare const __DOI_INTEGRITY__: string
/** The logged-in visitor's file (session monitor, base data merge) and its SRI hash (src/lazy-file.ts). */
declare const __LOGIN_FILE__: string
declare const __LOGIN_INTEGRITY__: string
/** The widget's own script tag and its `src`, both read while the bundle was evaluated (build/product/build.ts DEFERRED_START). */
declare const __FOOTER_SCRIPT__: FooterScript
type FooterScript = readonly [tag: Element, src: string] | null

/** Every locale's full dictionary, keyed by locale: only the kit gallery's bundle has it. */
declare module 'virtual:kit-dictionaries' {
  const dictionaries: Record<string, Record<string, unknown>>
  export default dictionaries
}

/** The footer bundle's modules that the staff preview file runs on (build/product/preview-runtime.ts). */
declare module 'virtual:preview-runtime' {
  const runtime: unknown[][]
  export default runtime
}
