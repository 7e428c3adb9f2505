/** The build: nine hashed bundles with SRI, only their own texts, budgets and browser targets enforced. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { JSDOM } from 'jsdom'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { REPO_ROOT } from '../repo-root.ts'
import { unsafeSyntax } from '../product/syntax-guard.ts'
import {
  BROWSER_TARGET,
  buildScript,
  COMPILE_HINT,
  EMBED_TYPES,
  TEXTS_IN_FILES,
} from '../product/build.ts'
import { budgetViolations, buildPaths, type BuiltEntry, type Manifest } from '../product/output.ts'
import { CONSOLE_CODES_FILE, consoleCodes } from '../product/console-codes.ts'
import { FOOTER_IMAGES, NEWSLETTER_IMAGES } from '../../src/contract/contract.ts'
import { buildFailures } from '../../esbuild.config.ts'
import { LOCALES, type Locale } from '../../src/contract/sites.ts'
import { fakeClock } from '../../test/helpers/fake-timers.ts'
import { flatten, loadDictionary } from '../product/locales.ts'

const test = suite('build')

/**
 * The build under test: the one `npm test` made first (its plan names it in FOOTER_BUILT_DIR), or,
 * when this file runs alone, one made here, once.
 */
function builtDir(): string {
  if (process.env.FOOTER_BUILT_DIR) return process.env.FOOTER_BUILT_DIR
  const outDir = mkdtempSync(path.join(tmpdir(), 'footer-build-'))
  const run = spawnSync(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['esbuild.config.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, FOOTER_OUTDIR: outDir },
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`The build failed:\n${run.stderr}`)
  return outDir
}

const built = buildPaths(builtDir())
const manifest = JSON.parse(readFileSync(built.manifest, 'utf8')) as Manifest

test('writes one bundle per locale and a manifest', () => {
  assert.equal(
    manifest.bundles
      .filter((b) => b.kind === 'footer')
      .map((b) => b.locale)
      .sort(),
    [...LOCALES].sort(),
  )
})

const footers = manifest.bundles.filter((b) => b.kind === 'footer')

test('file names carry a content hash and the manifest a matching sha384 SRI hash and tag', () => {
  for (const bundle of footers) {
    assert.match(bundle.file, new RegExp(`^footer\\.${bundle.locale}\\.[0-9a-f]{10}\\.js$`))
    const code = readFileSync(path.join(built.static, bundle.file))
    assert.is(bundle.bytes.min, code.byteLength)
    assert.ok(bundle.bytes.brotli < bundle.bytes.gzip && bundle.bytes.gzip < bundle.bytes.min)
    assert.is(bundle.integrity, `sha384-${createHash('sha384').update(code).digest('base64')}`)
    assert.ok(
      bundle.tag!.includes(`integrity="${bundle.integrity}"`) &&
        bundle.tag!.includes(`data-site="${bundle.site}"`),
    )
  }
})

const lazyFiles = manifest.bundles.filter((b) => b.kind === 'preview' || b.kind === 'lazy')

test("the lazily loaded files carry a matching sha256 SRI hash, which each footer that loads them embeds as is: a file built per market, its own market's copy alone", () => {
  assert.ok(lazyFiles.length >= 3, `${lazyFiles.length} lazily loaded files`)
  for (const file of lazyFiles) {
    const code = readFileSync(path.join(built.static, file.file))
    assert.is(file.integrity, `sha256-${createHash('sha256').update(code).digest('base64')}`)
    for (const footer of footers) {
      const footerCode = readFileSync(path.join(built.static, footer.file), 'utf8')
      const loads = file.locale === '*' || file.locale === footer.locale
      assert.is(
        footerCode.includes(JSON.stringify(file.file)),
        loads,
        `${footer.file}, ${file.file}`,
      )
      if (loads)
        assert.ok(
          footerCode.includes(JSON.stringify(file.integrity)),
          `${footer.file} embeds ${file.file}'s integrity`,
        )
    }
  }
})

test("the double opt-in landing's texts: in no footer bundle, in each market's landing file in its own locale alone", async () => {
  const keys = [...TEXTS_IN_FILES]
  assert.ok(keys.includes('newsletter.doiConfirm'), keys.join(', '))
  const landings = lazyFiles.filter((b) => b.file.startsWith('doi-landing.'))
  assert.equal(landings.map((b) => b.locale).sort(), [...LOCALES].sort())
  const texts = Object.fromEntries(
    await Promise.all(LOCALES.map(async (l) => [l, flatten(await loadDictionary(l))] as const)),
  )
  // As a whole string: "Anmeldung bestätigen" is also part of a text the footer keeps.
  const escaped = (locale: Locale, key: string) => JSON.stringify(texts[locale][key])
  for (const locale of LOCALES) {
    const footer = readFileSync(
      path.join(built.static, footers.find((b) => b.locale === locale)!.file),
      'utf8',
    )
    const landing = readFileSync(
      path.join(built.static, landings.find((b) => b.locale === locale)!.file),
      'utf8',
    )
    for (const key of keys) {
      assert.not.ok(footer.includes(escaped(locale, key)), `${locale} footer carries ${key}`)
      assert.ok(landing.includes(escaped(locale, key)), `${locale} landing lacks ${key}`)
      for (const other of LOCALES)
        if (texts[other][key] !== texts[locale][key])
          assert.not.ok(landing.includes(escaped(other, key)), `${locale} landing: ${other} ${key}`)
    }
  }
})

test('only footers carry a tag to paste, each with its evergreen copy and tag (no integrity: its content changes)', () => {
  for (const bundle of manifest.bundles.filter((b) => b.kind !== 'footer'))
    assert.is(bundle.tag, undefined, bundle.file)
  for (const bundle of footers) {
    assert.is(bundle.evergreen?.file, `footer.${bundle.locale}.js`)
    assert.is(
      bundle.evergreen?.tag,
      `<script src="${manifest.publicPath}footer.${bundle.locale}.js" crossorigin="anonymous" data-site="${bundle.site}" defer></script>`,
    )
    assert.equal(
      readFileSync(path.join(built.static, bundle.evergreen!.file)),
      readFileSync(path.join(built.static, bundle.file)),
    )
  }
})

test('the release folder holds only what a page may load: footers, their evergreen copies, the lazily loaded files, images, manifest, console codes, types', () => {
  const listed = manifest.bundles.flatMap((b) => [
    b.file,
    ...(b.evergreen ? [b.evergreen.file] : []),
  ])
  assert.ok(
    manifest.bundles.every((b) => ['footer', 'preview', 'lazy'].includes(b.kind)),
    'the manifest lists footers and the files they load',
  )
  const hostable = new Set([
    'manifest.json',
    ...[...listed, CONSOLE_CODES_FILE].map((file) => `static/${file}`),
    `static/${path.basename(EMBED_TYPES)}`,
  ])
  const image = (file: string) =>
    [FOOTER_IMAGES, NEWSLETTER_IMAGES].some((folder) => `/${file}`.startsWith(folder)) &&
    /\.(svg|jpg|png|webp)$/.test(file)
  const strays = readdirSync(built.public, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(built.public, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => {
      const original = file.replace(/\.(br|gz)$/, '')
      return !hostable.has(original) && !image(original)
    })
  assert.equal(strays, [])
  assert.ok(listed.length >= 2 * LOCALES.length + 3, `${listed.length} files listed`)
})

test('the kit gallery is built beside the release folder (kit/), with its entry, copies and budget', () => {
  const gallery = JSON.parse(readFileSync(built.kitEntry, 'utf8')) as BuiltEntry
  assert.is(gallery.kind, 'gallery')
  assert.is(gallery.tag, undefined)
  assert.match(gallery.file, /^kit-gallery\.[0-9a-f]{10}\.js$/)
  const code = readFileSync(path.join(built.kit, gallery.file))
  assert.is(gallery.integrity, `sha384-${createHash('sha384').update(code).digest('base64')}`)
  assert.is(
    readFileSync(path.join(built.kit, `${gallery.file}.br`)).byteLength,
    gallery.bytes.brotli,
  )
  assert.ok(
    brotliDecompressSync(readFileSync(path.join(built.kit, `${gallery.file}.br`))).equals(code),
  )
  assert.ok(gunzipSync(readFileSync(path.join(built.kit, `${gallery.file}.gz`))).equals(code))
  assert.is(budgetViolations([gallery]).length, 0)
  assert.is(budgetViolations([gallery], { GALLERY_BUDGET_BROTLI: '1000' }).length, 1)
})

test("the console codes' page beside the bundles has every code of docs/EMBEDDING.md as a row with its id", () => {
  const page = readFileSync(path.join(built.static, 'console-codes.html'), 'utf8')
  const codes = consoleCodes()
  assert.ok(codes.length > 30)
  for (const { code } of codes)
    assert.match(page, `<tr id="${code.toLowerCase()}"><th scope="row">${code}</th>`)
})

test('every hashed file has a brotli (quality 11) and a gzip (level 9) copy beside it, byte for byte the same when decoded', () => {
  const files = readdirSync(built.static)
  const hashed = files.filter((f) => /\.[0-9a-f]{10}\.(js|css)$/.test(f))
  assert.equal(hashed.sort(), manifest.bundles.map((b) => b.file).sort())
  for (const bundle of manifest.bundles) {
    const file = path.join(built.static, bundle.file)
    const code = readFileSync(file)
    const br = readFileSync(`${file}.br`)
    const gz = readFileSync(`${file}.gz`)
    assert.ok(brotliDecompressSync(br).equals(code), `${bundle.file}.br decodes to the file`)
    assert.ok(gunzipSync(gz).equals(code), `${bundle.file}.gz decodes to the file`)
    assert.is(
      br.byteLength,
      bundle.bytes.brotli,
      `${bundle.file}.br is the size the manifest reports`,
    )
    assert.is(
      gz.byteLength,
      bundle.bytes.gzip,
      `${bundle.file}.gz is the size the manifest reports`,
    )
  }
})

test("each bundle carries its own texts and no other locale's", async () => {
  const texts = Object.fromEntries(
    await Promise.all(
      LOCALES.map(async (l) => [l, flatten(await loadDictionary(l))['core.copyright']]),
    ),
  )
  for (const bundle of footers) {
    const code = readFileSync(path.join(built.static, bundle.file), 'utf8')
    for (const [locale, text] of Object.entries(texts)) {
      const own = text === texts[bundle.locale]
      assert.is(
        code.includes(JSON.stringify(text).slice(1, -1)),
        own,
        `${bundle.locale} bundle vs ${locale} text`,
      )
    }
  }
})

test("a footer bundle carries only its market's form and texts", async () => {
  const code = (locale: string) =>
    readFileSync(path.join(built.static, footers.find((b) => b.locale === locale)!.file), 'utf8')
  const text = async (locale: Locale, key: string) =>
    JSON.stringify(flatten(await loadDictionary(locale))[key]).slice(1, -1)
  const german = code('de-DE')
  const turkish = code('tr-TR')
  // Turkey's consent checkbox: its page and its wording only in Turkey's bundle.
  assert.ok(turkish.includes('ticari-elektronik-ileti-onayi'))
  assert.ok(turkish.includes(await text('tr-TR', 'newsletter.newsletterConsent')))
  assert.not.ok(german.includes('ticari-elektronik-ileti-onayi'))
  assert.not.ok(german.includes(await text('de-DE', 'newsletter.newsletterConsent')))
  // The submit-button consent: in the German bundle, not in Turkey's.
  assert.ok(german.includes(await text('de-DE', 'newsletter.submitConsent')))
  assert.not.ok(turkish.includes(await text('tr-TR', 'newsletter.submitConsent')))
  // Another market's pages: Hungary's privacy page only in Hungary's bundle.
  assert.ok(code('hu-HU').includes('adatvedelem'))
  assert.not.ok(german.includes('adatvedelem'))
})

test('bundles are classic scripts without eval, new Function or style attributes', () => {
  for (const bundle of manifest.bundles) {
    const code = readFileSync(path.join(built.static, bundle.file), 'utf8')
    assert.not.match(code, /^\s*(import|export)\b/m)
    assert.not.match(code, /\beval\(|new Function\(|setAttribute\(\s*["']style["']/)
  }
})

test("each footer bundle opens with V8's compile hint, so its functions compile with the streamed script, not at first call", () => {
  for (const bundle of footers) {
    const code = readFileSync(path.join(built.static, bundle.file), 'utf8')
    assert.ok(code.startsWith(COMPILE_HINT), bundle.file)
    // and the deferred function stays parenthesised through terser's pass (V8's other hint)
    assert.match(code.slice(0, 120), /setTimeout\(\(function\(\)\{/, bundle.file)
  }
})

/**
 * Evaluates the Austrian footer bundle (the tests' tags name AT: a bundle serves its own market) in jsdom with `script` as the tag being evaluated (set on
 * Document.prototype, where a browser has it; jsdom sets it only for scripts it runs itself), and
 * `shadow`, if given, shadowing document.currentScript as host markup named "currentScript" does.
 */
async function evaluateFooter(configure: (doc: Document) => { script: Element; shadow?: Element }) {
  const bundle = footers.find((b) => b.locale === 'de-AT')!
  const code = readFileSync(path.join(built.static, bundle.file), 'utf8')
  const dom = new JSDOM('<!doctype html><div id="footer"></div>', {
    runScripts: 'outside-only',
    url: 'http://shop.test/',
  })
  const { window } = dom
  window.fetch = (() => new Promise(() => {})) as typeof fetch
  // The bundle's own timers (its deferred start and the widget's start-up steps) on a clock the
  // test runs: no waiting in real time for the first render.
  const clock = fakeClock()
  window.setTimeout = clock.setTimeout as typeof window.setTimeout
  window.clearTimeout = clock.clearTimeout as typeof window.clearTimeout
  // The host's next frame, on the same clock.
  window.requestAnimationFrame = (fn) => clock.setTimeout(() => fn(clock.now()), 16) as number
  const { script, shadow } = configure(window.document)
  script.setAttribute('src', `http://cdn.shop.test/static/${bundle.file}`)
  window.document.body.append(script)
  const proto = window.Document.prototype
  const own = Object.getOwnPropertyDescriptor(proto, 'currentScript')!
  Object.defineProperty(proto, 'currentScript', { configurable: true, get: () => script })
  if (shadow)
    Object.defineProperty(window.document, 'currentScript', {
      configurable: true,
      get: () => shadow,
    })
  const before = Object.keys(window).length
  window.eval(code)
  Object.defineProperty(proto, 'currentScript', own)
  const mountedDuringEvaluation = !!window.document.getElementById('footer')!.shadowRoot
  const globalsDuringEvaluation = Object.keys(window).length - before
  // Each round runs every step due now; the page's DOMContentLoaded may come a turn later.
  for (
    let round = 0;
    round < 20 &&
    !window.document.getElementById('footer')!.shadowRoot?.querySelector('[data-site]');
    round++
  )
    await clock.advance(16)
  const site = window.document
    .getElementById('footer')!
    .shadowRoot?.querySelector('[data-site]')
    ?.getAttribute('data-site')
  window.close()
  return { mountedDuringEvaluation, globalsDuringEvaluation, site }
}

test("evaluating a footer bundle only captures its tag; the widget starts after the host's next frame, with that tag's attributes", async () => {
  const result = await evaluateFooter((doc) => {
    const script = doc.createElement('script')
    script.setAttribute('data-site', 'AT')
    return { script }
  })
  assert.is(result.mountedDuringEvaluation, false, 'nothing mounted during evaluation')
  assert.is(result.globalsDuringEvaluation, 0, 'no global during evaluation')
  assert.is(result.site, 'AT', 'mounted later, configured from the captured tag')
})

test('host markup shadowing document.currentScript (<img name="currentScript">) is not read: the real tag is', async () => {
  const result = await evaluateFooter((doc) => {
    const script = doc.createElement('script')
    script.setAttribute('data-site', 'AT')
    const img = doc.createElement('img')
    img.setAttribute('name', 'currentScript')
    img.setAttribute('data-site', 'TR')
    doc.body.append(img)
    return { script, shadow: img }
  })
  assert.is(result.site, 'AT')
})

test('source never passes a string as a style prop (the one path where Preact would write style text)', () => {
  const sources = readdirSync(path.join(REPO_ROOT, 'src'), {
    recursive: true,
    encoding: 'utf8',
  }).filter((f) => /\.tsx$/.test(f))
  for (const file of sources) {
    const text = readFileSync(path.join(REPO_ROOT, 'src', file), 'utf8')
    assert.not.match(text, /style=(["'`]|\{\s*["'`])/, file)
  }
})

test('footer bundles carry no preview code but its loader (metafile); the preview file is built once, with its own budget', () => {
  const previews = manifest.bundles.filter((b) => b.kind === 'preview')
  assert.is(previews.length, 1)
  const [preview] = previews
  assert.match(preview.file, /^preview\.[0-9a-f]{10}\.js$/)
  const previewMeta = JSON.parse(readFileSync(path.join(built.meta, 'preview.json'), 'utf8')) as {
    inputs: Record<string, unknown>
  }
  assert.ok('src/preview/index.tsx' in previewMeta.inputs)
  for (const bundle of footers) {
    const meta = JSON.parse(
      readFileSync(path.join(built.meta, `footer.${bundle.locale}.json`), 'utf8'),
    ) as { inputs: Record<string, unknown> }
    assert.equal(
      Object.keys(meta.inputs).filter((input) => input.startsWith('src/preview/')),
      ['src/preview/load.ts'],
      bundle.file,
    )
    const code = readFileSync(path.join(built.static, bundle.file), 'utf8')
    assert.ok(
      code.includes(JSON.stringify(preview.file)),
      `${bundle.file} knows the preview file's hashed name`,
    )
    assert.not.ok(code.includes('Please also select an A/B test group!'))
  }
})

test('the preview file runs on the footer runtime: it bundles no library and no module the footer already has', () => {
  const previewMeta = JSON.parse(readFileSync(path.join(built.meta, 'preview.json'), 'utf8')) as {
    inputs: Record<string, unknown>
  }
  const footerMeta = JSON.parse(
    readFileSync(path.join(built.meta, 'footer.de-DE.json'), 'utf8'),
  ) as { inputs: Record<string, unknown> }
  const bundled = Object.keys(previewMeta.inputs).filter(
    (input) => !input.startsWith('runtime-module:'),
  )
  assert.equal(
    bundled.filter((input) => input.includes('node_modules/')),
    [],
    'no Preact, signals, superstruct or redaxios of its own',
  )
  assert.equal(
    bundled.filter((input) => input in footerMeta.inputs && !input.startsWith('src/preview/')),
    [],
    'no second copy of a footer module',
  )
  assert.ok(
    Object.keys(previewMeta.inputs).some(
      (input) => input.startsWith('runtime-module:') && input.includes('node_modules/preact/'),
    ),
    'Preact comes from the runtime',
  )
  assert.ok(
    'runtime-module:src/shims/react.ts' in previewMeta.inputs,
    'the React API comes from the runtime',
  )
})

test('an exceeded budget fails the build', () => {
  const violations = budgetViolations(manifest.bundles, { FOOTER_BUDGET_BROTLI: '1000' })
  assert.is(violations.length, footers.length)
  assert.match(buildFailures({ violations, belowFloor: [] }).join('\n'), /Size budget exceeded/)
  assert.equal(buildFailures({ violations: [], belowFloor: [] }), [])
})

test('syntax that cannot be lowered to the browser targets fails the build', async () => {
  for (const contents of ['export const big = 10n', 'for await (const x of y) {}']) {
    const error = await buildScript('preact', { stdin: { contents, loader: 'ts' } }).then(
      () => null,
      (e: Error) => e,
    )
    assert.ok(error, `"${contents}" must not build for ${BROWSER_TARGET.join(', ')}`)
    assert.match(
      error!.message,
      /not available in the configured target|not supported|warnings are errors/,
    )
  }
})

test('array rest destructuring, broken in Safari 12 and 13, is rejected', () => {
  assert.ok(unsafeSyntax('let[a,...b]=c;'))
  assert.ok(unsafeSyntax('for(const[k,...v]of x);'))
  assert.is(unsafeSyntax('f([...a]);const{a:b,...c}=d;let[e,f]=g'), null)
})

test.run()
