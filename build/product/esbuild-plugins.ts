/** esbuild plugins shared by the shipped bundles, the React build and the test build. */
import * as esbuild from 'esbuild'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import postcss from 'postcss'
import { REPO_ROOT } from '../repo-root.ts'
import { loadDictionary } from './locales.ts'
import { esbuildTarget } from './browser-floor.ts'
import { withFlexGapFallback } from './flex-gap-fallback.ts'
import type { Locale } from '../../src/contract/sites.ts'
import { fileTexts, marketDictionary, type MarketTexts } from './market-texts.ts'

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
      .then(async (source) => withColourTokens(source, file, await colourTokens()))
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

/** The stylesheet that declares the colour tokens (`--lf-color-*` on `:host`). */
const TOKENS_CSS = path.join(REPO_ROOT, 'src/styles/base.css')

let tokens: Promise<Map<string, string>> | undefined

/** The colour tokens and their values, as base.css declares them. */
function colourTokens(): Promise<Map<string, string>> {
  tokens ??= readFile(TOKENS_CSS, 'utf8').then((css) => {
    const map = new Map<string, string>()
    postcss.parse(css).walkDecls(/^--lf-color-/, (decl) => void map.set(decl.prop, decl.value))
    return map
  })
  return tokens
}

/**
 * The stylesheets name colours by token (`var(--lf-color-text)`); the shipped CSS carries the
 * values instead. The tokens are constants (declared once, in base.css, and never set again), so
 * the rendering is the same, the bytes fewer, and no page can reach them through the host element.
 */
function withColourTokens(css: string, file: string, values: Map<string, string>): string {
  const root = postcss.parse(css, { from: file })
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--lf-color-')) {
      if (path.resolve(file) !== TOKENS_CSS)
        throw new Error(
          `${file}: ${decl.prop} is set again; colour tokens are constants of base.css`,
        )
      decl.remove()
      return
    }
    decl.value = decl.value.replace(/var\(\s*(--lf-color-[\w-]+)\s*\)/g, (_, name: string) => {
      const value = values.get(name)
      if (value === undefined) throw new Error(`${file}: ${name} is no colour token of base.css`)
      return value
    })
  })
  return root.toString()
}

/**
 * `virtual:locale-dictionary` resolves to the merged dictionary of one locale only; with a market,
 * only the texts that market can show (build/product/market-texts.ts).
 */
export function localeDictionaryPlugin(locale: Locale, market?: MarketTexts): esbuild.Plugin {
  return {
    name: 'locale-dictionary',
    setup(build) {
      build.onResolve({ filter: /^virtual:locale-dictionary$/ }, () => ({
        path: locale,
        namespace: 'locale-dictionary',
      }))
      build.onLoad({ filter: /.*/, namespace: 'locale-dictionary' }, async () => ({
        contents: JSON.stringify(
          market
            ? await marketDictionary(await loadDictionary(locale), market)
            : await loadDictionary(locale),
        ),
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

/**
 * `virtual:file-texts`: the texts a lazily loaded file carries (build/product/build.ts LAZY_FILES
 * `texts`) in `locale`, which its footer bundle leaves out. Without a locale, none: the unit
 * tests' dictionary holds every text already.
 */
export function fileTextsPlugin(locale?: Locale, keys: readonly string[] = []): esbuild.Plugin {
  return {
    name: 'file-texts',
    setup(build) {
      build.onResolve({ filter: /^virtual:file-texts$/ }, () => ({
        path: locale ?? 'none',
        namespace: 'file-texts',
      }))
      build.onLoad({ filter: /.*/, namespace: 'file-texts' }, async () => ({
        contents: JSON.stringify(locale ? fileTexts(await loadDictionary(locale), keys) : {}),
        loader: 'json',
      }))
    },
  }
}
