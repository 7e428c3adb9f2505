/**
 * The kit gallery's bundle (/kit/ on the demo server): built once per flavour into dist/kit/,
 * beside the release folder, never shipped to shoppers. It switches locale at run time, so it
 * carries every locale's kit texts through `virtual:kit-dictionaries` instead of one bundle's
 * dictionary.
 */
import type * as esbuild from 'esbuild'
import { cssTextPlugin, localeDictionaryPlugin } from './esbuild-plugins.ts'
import { loadDictionary } from './locales.ts'
import { REFERENCE_LOCALE } from './markets.ts'
import { LOCALES } from '../../src/contract/sites.ts'
import type { SingleBundle } from './single-bundle.ts'

/** `virtual:kit-dictionaries` resolves to { [locale]: full dictionary } for every locale. */
function allDictionariesPlugin(): esbuild.Plugin {
  return {
    name: 'kit-dictionaries',
    setup(build) {
      build.onResolve({ filter: /^virtual:kit-dictionaries$/ }, () => ({
        path: 'all',
        namespace: 'kit-dictionaries',
      }))
      build.onLoad({ filter: /.*/, namespace: 'kit-dictionaries' }, async () => ({
        contents: JSON.stringify(
          Object.fromEntries(
            await Promise.all(LOCALES.map(async (l) => [l, await loadDictionary(l)])),
          ),
        ),
        loader: 'json',
      }))
    },
  }
}

export const KIT_GALLERY_BUNDLE: SingleBundle = {
  kind: 'gallery',
  entry: 'src/kit/gallery/main.tsx',
  stem: 'kit-gallery',
  plugins: [cssTextPlugin(), localeDictionaryPlugin(REFERENCE_LOCALE), allDictionariesPlugin()],
}
