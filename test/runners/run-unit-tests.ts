/**
 * Unit and component tests: uvu + jsdom. Each *.test.ts(x) is bundled by esbuild with the
 * shipped build's aliases (React API -> Preact), so tests run the code that ships, then uvu
 * runs the bundles. Usage: npm run test:unit [-- filter]   (filter: substring of a test path)
 */
import * as esbuild from 'esbuild'
import { spawnSync } from 'node:child_process'
import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import {
  DOCS_URL,
  PREACT_ALIASES,
  ROOT,
  SUPPORTED_SYNTAX,
  footerPlugins,
} from '../../build/product/build.ts'
import { libraryPatchesPlugin } from '../../build/product/library-patches.ts'
import { fileTextsPlugin } from '../../build/product/esbuild-plugins.ts'
import { REFERENCE_LOCALE } from '../../build/product/markets.ts'

const OUT_DIR = path.join(ROOT, '.cache/unit')
const TEST_DIRS = ['src', 'test/unit', 'test/rules', 'server', 'build']
const SETUP = path.join(ROOT, 'test/setup/dom.ts')

function findTests(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
}

/**
 * Testing Library's `fireEvent.change` on a text field fires `input`, the event behind React's
 * `onChange` on the runtime layer (src/shims/react.ts), once it sees React elements: it looks for
 * `$$typeof` on Preact's elements, which only preact/compat sets. This hook, installed after the
 * test module (so it runs before Testing Library's own), marks them for it; the shipped code is
 * the same.
 */
const REACT_ELEMENTS_FOR_TESTING_LIBRARY = `import { options } from 'preact'
const previous = options.vnode
options.vnode = (vnode) => { vnode.$$typeof = 1; if (previous) previous(vnode) }`

/** Each test runs after the jsdom setup, so the DOM exists before Preact and Testing Library load. */
function testEntryPlugin(): esbuild.Plugin {
  return {
    name: 'test-entry',
    setup(build) {
      build.onResolve({ filter: /^test-entry:/ }, (args) => ({
        path: args.path.slice('test-entry:'.length),
        namespace: 'test-entry',
      }))
      build.onLoad({ filter: /.*/, namespace: 'test-entry' }, (args) => ({
        contents: `import ${JSON.stringify(SETUP)}\nimport ${JSON.stringify(args.path)}\n${REACT_ELEMENTS_FOR_TESTING_LIBRARY}\n`,
        resolveDir: ROOT,
        loader: 'ts',
      }))
    },
  }
}

async function main(): Promise<number> {
  const filter = process.argv[2]
  const tests = TEST_DIRS.flatMap(findTests).filter((f) => !filter || f.includes(filter))
  if (tests.length === 0) {
    console.error(`No unit tests match ${filter ?? '(all)'}`)
    return 1
  }
  rmSync(OUT_DIR, { recursive: true, force: true })
  await esbuild.build({
    entryPoints: tests.map((file) => ({
      in: `test-entry:${file}`,
      out: path
        .relative(ROOT, file)
        .replace(/[\\/]/g, '__')
        .replace(/\.tsx?$/, ''),
    })),
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    supported: SUPPORTED_SYNTAX,
    jsx: 'automatic',
    jsxImportSource: 'react',
    alias: { ...PREACT_ALIASES, rosetta: 'rosetta/debug' },
    define: {
      'process.env.NODE_ENV': '"test"',
      __LOCALE__: JSON.stringify(REFERENCE_LOCALE),
      // The tests serve every market: the per-site tables run all nine sites from source.
      __SITE__: 'null',
      __VERSION__: '"test"',
      __DOCS_URL__: JSON.stringify(DOCS_URL),
      __PREVIEW_FILE__: '"preview.test.js"',
      __PREVIEW_INTEGRITY__: '"sha384-previewtest"',
      __DOI_FILE__: '"doi-landing.test.js"',
      __DOI_INTEGRITY__: '"sha384-doitest"',
      __LOGIN_FILE__: '"login.test.js"',
      __LOGIN_INTEGRITY__: '"sha384-logintest"',
      // No script tag runs the tests: the defaults of the embed attributes apply.
      __FOOTER_SCRIPT__: 'null',
    },
    // Node-only tools stay outside the bundle; everything touching Preact is inside, so there is one Preact.
    external: [
      'jsdom',
      'uvu',
      'uvu/*',
      'fast-check',
      'axe-core',
      'esbuild',
      'eslint',
      'eslint-plugin-compat',
      'doiuse',
      'postcss',
      'browserslist',
      // The store's database clients: a native addon, and a client with optional native parts.
      'libsql',
      'pg',
    ],
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    sourcemap: 'inline',
    plugins: [
      testEntryPlugin(),
      libraryPatchesPlugin(),
      ...footerPlugins(REFERENCE_LOCALE),
      fileTextsPlugin(),
    ],
    logLevel: 'warning',
  })
  const uvu = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/uvu/bin.js'), OUT_DIR, '\\.mjs$'],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_OPTIONS: '--enable-source-maps' },
    },
  )
  return uvu.status ?? 1
}

process.exitCode = await main()
