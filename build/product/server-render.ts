/**
 * The server's render and the integrators' package (docs/server-rendering.md), written beside the
 * release folder: `dist/server/` holds `footer.<locale>.mjs` per market (src/app/server-render.tsx
 * with that market's texts, on the shipped bundles' Preact, library patches and short class names,
 * so its markup is the bundle's), `index.mjs` (build/product/render-footer.ts: the options checked,
 * the market's module chosen) and `index.d.ts`; `dist/package.json` makes `dist/` the npm package
 * PACKAGE_NAME (`npm pack dist/`), whose `exports` give the render (Node only), the types and
 * the release folder's files. No browser bundle imports any of it.
 */
import * as esbuild from 'esbuild'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { copyFile, mkdir, writeFile } from 'node:fs/promises'
import { MARKETS } from './markets.ts'
import { cssTextPlugin, localeDictionaryPlugin } from './esbuild-plugins.ts'
import { LIBRARY_PATCHES, libraryPatchesPlugin } from './library-patches.ts'
import { buildPaths } from './output.ts'
import {
  DOCS_URL,
  EMBED_TYPES,
  NO_LAZY_FILES,
  PREACT_ALIASES,
  ROOT,
  VERSION,
  withShortClassNames,
} from './build.ts'

/** The package integrators install (docs/server-rendering.md). */
export const PACKAGE_NAME = '@lumora/footer'

/** The render's types, shipped as the package's `types`. */
const SERVER_TYPES = path.join(ROOT, 'types/lumora-footer-server.d.ts')

const NODE_TARGET = 'node20'

const common: esbuild.BuildOptions = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: NODE_TARGET,
  // The libraries' browser builds: the ones the bundles ship and the library patches apply to.
  conditions: ['browser'],
  jsx: 'automatic',
  jsxImportSource: 'react',
  charset: 'utf8',
  write: false,
  logLevel: 'silent',
  legalComments: 'none',
}

/** The package's manifest: `exports` for the render (Node only), its types and the release folder. */
function packageJson() {
  return {
    name: PACKAGE_NAME,
    version: VERSION,
    description:
      'The Lumora shop footer: server render (Node) and the release folder of its bundles.',
    type: 'module',
    engines: { node: '>=20.19' },
    files: ['server/', 'public/'],
    exports: {
      '.': { types: './server/index.d.ts', node: './server/index.mjs' },
      './types': './public/static/lumora-footer.d.ts',
      './release/*': './public/*',
      './package.json': './package.json',
    },
  }
}

/**
 * The CSP source of each stylesheet of the source (`'sha256-…'` of its text as the build makes
 * it: minified, its class names shortened), which is what a render's style elements hold.
 */
async function styleSources(): Promise<string[]> {
  const files = readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .sort()
  const result = await esbuild.build({
    ...common,
    stdin: {
      contents: `${files.map((file, i) => `import s${i} from './${file}'`).join('\n')}
export default [${files.map((_, i) => `s${i}`).join(', ')}]`,
      resolveDir: path.join(ROOT, 'src'),
    },
    plugins: [cssTextPlugin()],
  })
  const url = `data:text/javascript,${encodeURIComponent(result.outputFiles![0].text)}`
  const texts = (await import(url)).default as string[]
  return texts.map(
    (text) => `'sha256-${createHash('sha256').update(withShortClassNames(text)).digest('base64')}'`,
  )
}

/** Writes `dist/server/` and `dist/package.json` for the build in `outDir`. */
export async function buildServerRender(outDir: string): Promise<void> {
  const dir = buildPaths(outDir).server
  await mkdir(dir, { recursive: true })
  const markets = MARKETS.map(async ({ site, locale }) => {
    const result = await esbuild.build({
      ...common,
      entryPoints: [path.join(ROOT, 'src/app/server-render.tsx')],
      alias: { ...PREACT_ALIASES, 'react-dom/server': 'preact-render-to-string' },
      define: {
        'process.env.NODE_ENV': '"production"',
        __VERSION__: JSON.stringify(VERSION),
        __DOCS_URL__: JSON.stringify(DOCS_URL),
        __LOCALE__: JSON.stringify(locale),
        __SITE__: JSON.stringify(site),
        ...NO_LAZY_FILES,
      },
      plugins: [
        libraryPatchesPlugin(LIBRARY_PATCHES),
        cssTextPlugin(),
        localeDictionaryPlugin(locale),
      ],
    })
    const code = withShortClassNames(result.outputFiles![0].text)
    await writeFile(path.join(dir, `footer.${locale}.mjs`), code)
  })
  const entry = esbuild.build({
    ...common,
    entryPoints: [path.join(ROOT, 'build/product/render-footer.ts')],
    outfile: path.join(dir, 'index.mjs'),
    define: { __STYLE_SOURCES__: JSON.stringify(await styleSources()) },
    write: true,
  })
  await Promise.all([...markets, entry])
  await copyFile(SERVER_TYPES, path.join(dir, 'index.d.ts'))
  // The render's types import the page's (LumoraFooterSite) from beside them.
  await copyFile(EMBED_TYPES, path.join(dir, path.basename(EMBED_TYPES)))
  await writeFile(path.join(outDir, 'package.json'), JSON.stringify(packageJson(), null, 2))
}
