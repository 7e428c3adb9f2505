/**
 * The product build as a library: esbuild options, the React-to-Preact aliases, one script
 * (esbuild, terser's pass, syntax guard) and every bundle of one flavor with its manifest.
 * esbuild.config.ts is its command line; the unit-test build and the benchmark import it.
 *
 * The React-to-Preact aliases live here and nowhere else.
 */
import * as esbuild from 'esbuild'
import path from 'node:path'
import { REPO_ROOT } from '../repo-root.ts'
import {
  cssTextPlugin,
  emptyDictionaryPlugin,
  fileTextsPlugin,
  localeDictionaryPlugin,
} from './esbuild-plugins.ts'
import {
  budgetViolations,
  buildPaths,
  publicDir,
  resetDir,
  writeBundle,
  writeWithCopies,
  embedTag,
  type BuiltEntry,
  type Manifest,
} from './output.ts'
import { writeImages } from './images.ts'
import { manifestPictures } from './pictures.ts'
import { MARKETS, REFERENCE_LOCALE, REFERENCE_SITE, type Market } from './markets.ts'
import type { Locale } from '../../src/contract/sites.ts'
import { unsafeSyntax } from './syntax-guard.ts'
import { terserPass } from './terser-pass.ts'
import { kitTextsNamed, type MarketTexts } from './market-texts.ts'
import { LIBRARY_PATCHES, libraryPatchesPlugin } from './library-patches.ts'
import { classNameMap, shortenClassNames } from './class-names.ts'
import { esbuildTarget } from './browser-floor.ts'
import { readFileSync } from 'node:fs'
import { copyFile, writeFile } from 'node:fs/promises'
import { KIT_GALLERY_BUNDLE } from './kit-gallery.ts'
import { CONSOLE_CODES_FILE, consoleCodesPage } from './console-codes.ts'
import type { SingleBundle } from './single-bundle.ts'
import {
  footerModules,
  footerRuntimePlugin,
  exportsAsReturn,
  handOffWrapper,
  mergeImports,
  previewOnRuntimePlugin,
  sharedImports,
  type SharedImports,
} from './preview-runtime.ts'

export type Flavor = 'preact' | 'react'

export const ROOT = REPO_ROOT

/** The product's version (semver), written once in package.json: the manifest and the page global carry it. */
export const VERSION: string = JSON.parse(
  readFileSync(path.join(ROOT, 'package.json'), 'utf8'),
).version

/**
 * The address console codes link to, each with its own anchor (docs/EMBEDDING.md, "Console
 * messages"): where the integrator's copy of the docs lives, set at build time.
 */
export const DOCS_URL = process.env.FOOTER_DOCS_URL ?? CONSOLE_CODES_FILE

/**
 * Shipped bundles run the React API on Preact: `react` and `react-dom/client` are the runtime
 * layer of src/shims/ (exactly the React API the source uses, on Preact's core and hooks).
 */
export const PREACT_ALIASES: Record<string, string> = {
  react: path.join(ROOT, 'src/shims/react.ts'),
  'react-dom/client': path.join(ROOT, 'src/shims/react-dom-client.ts'),
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  '@preact/signals-react': '@preact/signals-core',
  '@preact/signals-react/runtime': path.join(ROOT, 'src/shims/use-signals.ts'),
}

/**
 * Library builds chosen by hand: dlv's `browser` field names its UMD build, which carries three
 * copies of the function and CommonJS helpers; its ES build is the function alone.
 */
const LIBRARY_BUILDS: Record<string, string> = {
  dlv: path.join(ROOT, 'node_modules/dlv/dist/dlv.es.js'),
}

/**
 * The React build resolves React by its packages: tsconfig.json's `paths` (which esbuild reads too)
 * point `react` at the runtime layer's types for the type check.
 */
const REACT_PACKAGES: Record<string, string> = {
  react: path.join(ROOT, 'node_modules/react'),
  'react-dom/client': path.join(ROOT, 'node_modules/react-dom/client'),
}

/**
 * The browser floor (package.json `browserslist`, build/product/browser-floor.ts) as esbuild's target.
 * esbuild stops with an error when syntax cannot be lowered to these.
 */
export const BROWSER_TARGET = esbuildTarget()

/**
 * esbuild cannot lower destructuring and, since 0.28, refuses it for Safari < 14.1 because of
 * one WebKit bug: array *rest* destructuring (`let [a, ...rest] = x`) can yield a non-array
 * (https://github.com/babel/babel/issues/17773, https://github.com/evanw/esbuild/issues/4436).
 * Every other destructuring works in Safari 12, so we allow it and instead reject the one
 * broken pattern in the emitted code (build/product/syntax-guard.ts).
 */
export const SUPPORTED_SYNTAX = { destructuring: true }

/**
 * The footer bundles' module code runs after the host page's next frame, in a task of its own.
 * A deferred script is evaluated in the same task as the host page's end of parsing (its
 * DOMContentLoaded and, often, its first layout); adding our module initialisation (Preact,
 * signals, schemas, texts) to that task makes it the one long task of the start
 * (docs/performance.md, "Why 4x"). One task later is not enough: a page that loads fast
 * would run the widget's whole start before its own first paint, which then waits for it (the long
 * article page in build/bench/lighthouse.ts). A frame callback runs in the rendering step that
 * paints; the timeout it sets runs after that paint. A hidden page paints no frame, so the widget
 * starts when the page is shown. The wrapper only captures the script tag, which
 * `currentScript` names only during evaluation, and its `src`, and hands both to the source as
 * `__FOOTER_SCRIPT__`. No global: the tag lives in the wrapper function's parameter. The deferred
 * function is parenthesised, V8's hint to compile it with the script (off the main thread when
 * the script is streamed) instead of lazily on its first call.
 *
 * The first line is V8's explicit compile hint (Chromium 136+, so Chrome, Edge and Android
 * WebView; other engines read a comment): every function in the file is compiled eagerly, with
 * the streamed script off the main thread, instead of lazily at its first call: nearly every
 * function in the bundle runs while the footer starts, and compiling them lazily is a third to a
 * half of each startup step (the first render, the first request, the newsletter form).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'
const DEFERRED_START = {
  banner: {
    js: `${COMPILE_HINT}(function(__lumoraFooterScript){requestAnimationFrame(function(){setTimeout((function(){`,
  },
  // The tag through the getter on document's prototype chain: host markup such as
  // <img name="currentScript"> shadows document.currentScript itself, and MooTools replaces the
  // global Document, so the chain is walked from the document (src/own-script.ts checks the result).
  // Its `src` is read now too: a `<base href>` added later changes what it reads.
  footer: {
    js: '}),0)})})(function(){try{for(var p=Object.getPrototypeOf(document);p;p=Object.getPrototypeOf(p)){var d=Object.getOwnPropertyDescriptor(p,"currentScript");if(d&&d.get){var s=d.get.call(document);return s&&[s,s.src]}}}catch(e){}return null}());',
  },
  define: { __FOOTER_SCRIPT__: '__lumoraFooterScript' },
}

/**
 * The lazily loaded files' names and SRI hashes (src/lazy-file.ts) where they are not built with
 * the bundle: every bundle but the footers, which learn them from the files' builds. An empty
 * name means "no such file".
 */
export const NO_LAZY_FILES = {
  __PREVIEW_FILE__: '""',
  __PREVIEW_INTEGRITY__: '""',
  __DOI_FILE__: '""',
  __DOI_INTEGRITY__: '""',
  __LOGIN_FILE__: '""',
  __LOGIN_INTEGRITY__: '""',
}

/** The types a TypeScript page embeds the footer with (docs/EMBEDDING.md "Types"). */
export const EMBED_TYPES = path.join(ROOT, 'types/lumora-footer.d.ts')

/** Options common to every browser bundle of one flavor. */
function bundleOptions(flavor: Flavor): esbuild.BuildOptions {
  return {
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: BROWSER_TARGET,
    supported: SUPPORTED_SYNTAX,
    minify: true,
    legalComments: 'none',
    jsx: 'automatic',
    jsxImportSource: 'react',
    alias: { ...LIBRARY_BUILDS, ...(flavor === 'preact' ? PREACT_ALIASES : REACT_PACKAGES) },
    define: {
      'process.env.NODE_ENV': '"production"',
      __VERSION__: JSON.stringify(VERSION),
      __DOCS_URL__: JSON.stringify(DOCS_URL),
      ...NO_LAZY_FILES,
    },
    charset: 'utf8',
    metafile: true,
    write: false,
    logLevel: 'silent',
  }
}

/** The short class names of this build (build/product/class-names.ts), one map for every bundle. */
let classNames: Map<string, string> | undefined

/** `code` with this build's short class names: the server's render (server-render.ts) uses the same. */
export function withShortClassNames(code: string): string {
  classNames ??= classNameMap(path.join(ROOT, 'src'))
  return shortenClassNames(code, classNames)
}

/**
 * Builds one browser script: esbuild, then terser's pass (build/product/terser-pass.ts). Fails on any
 * esbuild warning, because for our targets a warning means code that may crash at run time
 * (e.g. a BigInt literal on Safari 12), and on syntax the syntax guard knows to be broken there.
 */
export async function buildScript(
  flavor: Flavor,
  options: esbuild.BuildOptions,
  /** A rewrite of esbuild's output before terser's pass (a lazily loaded file's exports). */
  rewrite: (code: string) => string = (code) => code,
): Promise<{ code: Uint8Array; metafile: esbuild.Metafile }> {
  const result = await esbuild.build({
    ...bundleOptions(flavor),
    ...options,
    define: { ...bundleOptions(flavor).define, ...options.define },
    plugins: [
      libraryPatchesPlugin(
        flavor === 'react' ? LIBRARY_PATCHES.filter((p) => !p.notForReact) : LIBRARY_PATCHES,
      ),
      ...(options.plugins ?? []),
    ],
  })
  if (result.warnings.length > 0) {
    const text = await esbuild.formatMessages(result.warnings, { kind: 'warning', color: false })
    throw new Error(`esbuild warnings are errors for shipped code:\n${text.join('\n')}`)
  }
  const code = withShortClassNames(await terserPass(rewrite(result.outputFiles![0].text)))
  const unsafe = unsafeSyntax(code)
  if (unsafe) throw new Error(unsafe)
  return { code: new TextEncoder().encode(code), metafile: result.metafile! }
}

export interface BuildResult {
  manifest: Manifest
  /** The kit gallery's entry (kit/gallery.json), outside the release folder and its manifest. */
  gallery: BuiltEntry
  /** Bundles over their byte budget (build/product/budgets.ts); the shipped flavor only. */
  violations: string[]
  /** What the shipped flavor uses beyond the browser floor, unguarded (build/product/floor-check.ts). */
  belowFloor: string[]
  ms: number
}

/** The footer modules a lazily loaded file reads from the runtime: all but those it copies. */
function sharedWith(file: SingleBundle, footer: Set<string>): Set<string> {
  return new Set([...footer].filter((key) => !file.copies?.some((p) => key.startsWith(p))))
}

/**
 * The files a footer bundle loads only when their condition holds (src/lazy-file.ts), each on the
 * footer's runtime. What they say comes from the footer's dictionary (`t`, shared), or, for the
 * preview, from SPEC §9's English labels in its code. A file whose texts no footer shows carries
 * them itself (`texts`) and is built once per market, each footer naming its own market's copy:
 * those texts then cost only the visitors who load the file, in their own language alone.
 */
const LAZY_FILES: SingleBundle[] = [
  {
    // The staff preview panel: with a staff cookie (src/preview/load.ts).
    kind: 'preview',
    entry: 'src/preview/index.tsx',
    stem: 'preview',
    defineAs: '__PREVIEW_FILE__',
    integrityAs: '__PREVIEW_INTEGRITY__',
    plugins: [cssTextPlugin(), emptyDictionaryPlugin()],
    handOff: 'preview',
  },
  {
    // The double opt-in landing: with a subscriber token in the address (src/newsletter/newsletter.model.ts).
    kind: 'lazy',
    entry: 'src/newsletter/doi-landing.lazy.ts',
    stem: 'doi-landing',
    defineAs: '__DOI_FILE__',
    integrityAs: '__DOI_INTEGRITY__',
    plugins: [cssTextPlugin(), emptyDictionaryPlugin()],
    handOff: 'doi',
    // Whether the focus is free to move, and the confirm call's path: the footer itself does not ask.
    copies: ['src/dom.ts', 'src/contract/'],
    // The landing's prompt, button and messages: only its view (src/newsletter/doi-landing.tsx) shows them.
    texts: [
      'newsletter.doiPrompt',
      'newsletter.doiConfirm',
      'newsletter.confirmed',
      'newsletter.doiInvalid',
    ],
  },
  {
    // The session monitor and the customer base data's merge: with a LoginToken cookie
    // (src/session/index.ts, src/newsletter/newsletter-status.model.ts).
    kind: 'lazy',
    entry: 'src/login.lazy.ts',
    stem: 'login',
    defineAs: '__LOGIN_FILE__',
    integrityAs: '__LOGIN_INTEGRITY__',
    plugins: [cssTextPlugin(), emptyDictionaryPlugin()],
    handOff: 'login',
    // The login paths, the check interval, the base data's schema and the superstruct parts it
    // alone uses (nullable, enums): the footer itself names none of them.
    copies: ['src/contract/', 'src/session/timing.ts', 'node_modules/superstruct/'],
  },
]

const footerEntry = path.join(ROOT, 'src/mount.ts')

/** The texts the footer bundles leave to a lazily loaded file. */
export const TEXTS_IN_FILES: ReadonlySet<string> = new Set(
  LAZY_FILES.flatMap((file) => file.texts ?? []),
)

/**
 * The plugins of a footer bundle; `shared` is what the preview file takes from it (none by
 * default); `site`, the market a shipped bundle serves, keeps only the texts that market shows.
 */
export function footerPlugins(
  locale: Locale,
  shared: SharedImports = {},
  market?: MarketTexts,
): esbuild.Plugin[] {
  return [cssTextPlugin(), localeDictionaryPlugin(locale, market), footerRuntimePlugin(shared)]
}

/**
 * What the footer bundles share with the preview file (see build/product/preview-runtime.ts),
 * and the kit texts their code names (build/product/market-texts.ts): this build serves every
 * market (__SITE__ null), so it holds every market's code.
 */
async function previewRuntime(
  flavor: Flavor,
): Promise<{ footer: Set<string>; imports: SharedImports; kitTexts: Set<string> }> {
  const { metafile } = await esbuild.build({
    ...bundleOptions(flavor),
    entryPoints: [footerEntry],
    minify: false,
    define: {
      ...bundleOptions(flavor).define,
      __LOCALE__: JSON.stringify(REFERENCE_LOCALE),
      __SITE__: 'null',
      ...DEFERRED_START.define,
    },
    plugins: footerPlugins(REFERENCE_LOCALE),
  })
  const footer = footerModules(metafile!)
  // One runtime for every lazily loaded file: the names each of them takes, together.
  const imports = mergeImports(
    await Promise.all(
      LAZY_FILES.map((file) =>
        sharedImports(
          {
            ...bundleOptions(flavor),
            entryPoints: [path.join(ROOT, file.entry)],
            define: {
              ...bundleOptions(flavor).define,
              __LOCALE__: JSON.stringify(REFERENCE_LOCALE),
              __SITE__: JSON.stringify(REFERENCE_SITE),
            },
            plugins: [...(file.plugins ?? []), fileTextsPlugin(REFERENCE_LOCALE, file.texts)],
          },
          sharedWith(file, footer),
        ),
      ),
    ),
  )
  return { footer, imports, kitTexts: await kitTextsNamed(metafile!) }
}

/**
 * FOOTER_PUBLIC_PATH as the manifest's tags use it: the release folder's `/static/` on the asset
 * origin. An origin alone (`https://cdn.example.com`) gets `/static/`; a path that does not end in
 * `/static/` would give tags that 404 on the release folder as hosted, so it stops the build.
 */
export function publicPathFrom(value: string | undefined): string {
  if (!value) return '/static/'
  let url: URL
  try {
    url = new URL(value, 'https://origin.invalid')
  } catch {
    throw new Error(`FOOTER_PUBLIC_PATH=${value} is not an address`)
  }
  if (url.pathname === '/') return `${value.replace(/\/$/, '')}/static/`
  if (url.search || url.hash || !url.pathname.endsWith('/static/'))
    throw new Error(
      `FOOTER_PUBLIC_PATH=${value} must be the asset origin (https://cdn.example.com) or end in /static/ (https://cdn.example.com/lumora/static/): the release folder keeps the bundles in static/`,
    )
  return value
}

export async function buildAll(
  flavor: Flavor,
  outDir: string,
  publicPath = '/static/',
  /** The markets whose footers are built; all of them unless a yardstick build needs fewer. */
  markets: readonly Market[] = MARKETS,
): Promise<BuildResult> {
  const started = performance.now()
  await resetDir(publicDir(outDir))
  await resetDir(buildPaths(outDir).meta)
  await resetDir(buildPaths(outDir).kit)
  // Left by builds before the release folder existed; it would look like one.
  await resetDir(path.join(outDir, 'static'), false)
  const images = flavor === 'preact' ? writeImages(publicDir(outDir)) : Promise.resolve([])

  const runtime = await previewRuntime(flavor)
  /** One bundle, for every market or, given one, for that market alone (a file with its own texts). */
  const buildSingle = async (
    single: SingleBundle,
    dir = buildPaths(outDir).static,
    market?: Market,
  ) => {
    const onRuntime = single.handOff !== undefined
    const locale = market?.locale ?? REFERENCE_LOCALE
    const stem = market ? `${single.stem}.${market.locale}` : single.stem
    const { code, metafile } = await buildScript(
      flavor,
      {
        entryPoints: [path.join(ROOT, single.entry)],
        outfile: `${stem}.js`,
        define: {
          __LOCALE__: JSON.stringify(locale),
          __SITE__: JSON.stringify(market?.site ?? REFERENCE_SITE),
        },
        plugins: [
          ...(onRuntime
            ? [previewOnRuntimePlugin(sharedWith(single, runtime.footer), runtime.imports)]
            : []),
          ...(single.plugins ?? [cssTextPlugin(), localeDictionaryPlugin(REFERENCE_LOCALE)]),
          ...(onRuntime ? [fileTextsPlugin(locale, single.texts)] : []),
        ],
        ...(onRuntime ? handOffWrapper(single.handOff!) : {}),
      },
      onRuntime ? exportsAsReturn : undefined,
    )
    const [forLocale, site] = market ? [market.locale, market.site] : ['*', null]
    return {
      single,
      entry: await writeBundle(
        outDir,
        publicPath,
        { kind: single.kind, locale: forLocale, site, stem, code, metafile },
        dir,
      ),
    }
  }
  // The lazily loaded files first: the footers are told their names. The kit gallery alongside
  // the footers, into its own folder.
  const named = await Promise.all(
    LAZY_FILES.flatMap((file) =>
      file.texts
        ? markets.map((market) => buildSingle(file, undefined, market))
        : [buildSingle(file)],
    ),
  )
  const gallery = buildSingle(KIT_GALLERY_BUNDLE, buildPaths(outDir).kit)
  /** The names and SRI hashes of the files a footer in `locale` loads: its own market's copies. */
  const fileDefines = (locale: Locale) =>
    Object.fromEntries(
      named
        .filter((s) => s.entry.locale === '*' || s.entry.locale === locale)
        .flatMap((s) => [
          [s.single.defineAs!, JSON.stringify(s.entry.file)],
          ...(s.single.integrityAs
            ? [[s.single.integrityAs, JSON.stringify(s.entry.integrity)]]
            : []),
        ]),
    )

  const footers = await Promise.all(
    markets.map(async ({ site, locale }) => {
      const { code, metafile } = await buildScript(flavor, {
        entryPoints: [footerEntry],
        outfile: 'footer.js',
        banner: DEFERRED_START.banner,
        footer: DEFERRED_START.footer,
        define: {
          __LOCALE__: JSON.stringify(locale),
          __SITE__: JSON.stringify(site),
          ...fileDefines(locale),
          ...DEFERRED_START.define,
        },
        plugins: footerPlugins(locale, runtime.imports, {
          site,
          kitTexts: runtime.kitTexts,
          inFiles: TEXTS_IN_FILES,
        }),
      })
      // The evergreen copy (docs/EMBEDDING.md, "Updating"): the same file under a name without hash.
      await writeWithCopies(path.join(buildPaths(outDir).static, evergreenFile(locale)), code)
      const entry = await writeBundle(outDir, publicPath, {
        kind: 'footer',
        locale,
        site,
        stem: `footer.${locale}`,
        code,
        metafile,
      })
      const evergreen = evergreenFile(locale)
      return {
        ...entry,
        evergreen: { file: evergreen, tag: embedTag(`${publicPath}${evergreen}`, null, site) },
        pictures: manifestPictures(publicPath),
      }
    }),
  )

  // Every file the manifest lists is a footer or a file a footer loads (BundleKind).
  const bundles = [...footers, ...named.map((s) => s.entry)] as Manifest['bundles']
  const galleryEntry = (await gallery).entry
  await writeFile(buildPaths(outDir).kitEntry, JSON.stringify(galleryEntry, null, 2))
  await images
  const manifest: Manifest = {
    flavor,
    version: VERSION,
    builtAt: new Date().toISOString(),
    publicPath,
    bundles,
  }
  await writeFile(buildPaths(outDir).manifest, JSON.stringify(manifest, null, 2))
  // The integrator's types (page global, events, embed attributes) travel with the bundles, and
  // the page the console lines link to (src/log.ts).
  await copyFile(EMBED_TYPES, path.join(buildPaths(outDir).static, path.basename(EMBED_TYPES)))
  await writeWithCopies(
    path.join(buildPaths(outDir).static, CONSOLE_CODES_FILE),
    new TextEncoder().encode(consoleCodesPage(VERSION)),
  )
  // The React build is a yardstick, not shipped: budgets and the browser floor are the shipped build's.
  if (flavor === 'react')
    return {
      manifest,
      gallery: galleryEntry,
      violations: [],
      belowFloor: [],
      ms: performance.now() - started,
    }
  // Loaded here, not at the top: the floor check brings ESLint, which the unit tests' build does not need.
  const { floorViolations } = await import('./floor-check.ts')
  const below = await floorViolations(outDir, [
    ...bundles.map((b) => path.join(buildPaths(outDir).static, b.file)),
    path.join(buildPaths(outDir).kit, galleryEntry.file),
  ])
  return {
    manifest,
    gallery: galleryEntry,
    violations: budgetViolations([...bundles, galleryEntry]),
    belowFloor: below.map((v) => `${v.file}: ${v.message}`),
    ms: performance.now() - started,
  }
}

/** A locale's bundle under a name that stays from release to release: `footer.de-DE.js`. */
function evergreenFile(locale: string): string {
  return `footer.${locale}.js`
}

export function outDirFor(flavor: Flavor): string {
  const base = process.env.FOOTER_OUTDIR ?? path.join(ROOT, 'dist')
  return flavor === 'react' ? path.join(base, 'react') : base
}
