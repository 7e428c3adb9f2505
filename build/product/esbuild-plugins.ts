/** esbuild plugins shared by the shipped bundles, the React build and the test build. */
import * as esbuild from 'esbuild'
import { readFile } from 'node:fs/promises'
import { loadDictionary } from './locales.ts'
import { esbuildTarget } from './browser-floor.ts'
import { withFlexGapFallback } from './flex-gap-fallback.ts'
import type { Locale } from '../../src/sites.ts'

/**
 * `import css from './x.css'` yields the minified stylesheet as a string. The widget adopts
 * it into its shadow root as a constructable stylesheet, which strict CSP allows, so no
 * <style> element or style attribute is ever created from a string.
 */
export function cssTextPlugin(): esbuild.Plugin {
  return {
    name: 'css-text',
    setup(build) {
      build.onLoad({ filter: /\.css$/ }, async (args) => ({
        contents: await minifiedCss(args.path),
        loader: 'js',
      }))
    },
  }
}

/** Minified CSS modules, shared by the nine locale builds of one process (same file, same output). */
const cssCache = new Map<string, Promise<string>>()

function minifiedCss(file: string): Promise<string> {
  let pending = cssCache.get(file)
  if (!pending) {
    pending = readFile(file, 'utf8')
      .then((source) => withFlexGapFallback(source, file))
      .then((source) =>
        esbuild.transform(source, { loader: 'css', minify: true, target: esbuildTarget() }),
      )
      .then(({ code }) => `export default ${JSON.stringify(code.trim())}`)
    cssCache.set(file, pending)
    // A failed read or transform is not kept, so the next build tries again.
    pending.catch(() => cssCache.delete(file))
  }
  return pending
}

/** `virtual:locale-dictionary` resolves to the merged dictionary of one locale only. */
export function localeDictionaryPlugin(locale: Locale): esbuild.Plugin {
  return {
    name: 'locale-dictionary',
    setup(build) {
      build.onResolve({ filter: /^virtual:locale-dictionary$/ }, () => ({
        path: locale,
        namespace: 'locale-dictionary',
      }))
      build.onLoad({ filter: /.*/, namespace: 'locale-dictionary' }, async () => ({
        contents: JSON.stringify(await loadDictionary(locale)),
        loader: 'json',
      }))
    },
  }
}

/** `virtual:locale-dictionary` as an empty dictionary, for bundles whose texts are not localised (the preview panel). */
export function emptyDictionaryPlugin(): esbuild.Plugin {
  return {
    name: 'empty-dictionary',
    setup(build) {
      build.onResolve({ filter: /^virtual:locale-dictionary$/ }, () => ({
        path: 'empty',
        namespace: 'locale-dictionary',
      }))
      build.onLoad({ filter: /.*/, namespace: 'locale-dictionary' }, () => ({
        contents: '{}',
        loader: 'json',
      }))
    },
  }
}
