/**
 * Tree-shaking of the kit: the footer bundle carries only the kit components it uses. IBAN
 * input, number input and password strength (with its ten languages) must never be in it.
 * Proven from the footer bundle's esbuild metafile (the build `npm test` made first, which its
 * plan names in FOOTER_BUILT_DIR, or one made here when this file runs alone), with probes
 * showing the check can fail.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import path from 'node:path'
import { readFileSync } from 'node:fs'
import type { Metafile } from 'esbuild'
import { ROOT, buildScript, footerPlugins } from '../product/build.ts'
import { buildPaths, readManifest } from '../product/output.ts'
import { ICON_PATHS } from '../../src/kit/icon/icon-paths.ts'

const test = suite('kit tree-shaking')

const HEAVY = ['src/kit/iban-input/', 'src/kit/number-input/', 'src/kit/password-strength/']

async function build(entry: { file: string } | { source: string }) {
  const common = {
    outfile: 'probe.js',
    define: { __LOCALE__: '"de-DE"', __SITE__: '"DE"' },
    plugins: footerPlugins('de-DE'),
  }
  const { code, metafile } =
    'file' in entry
      ? await buildScript('preact', { ...common, entryPoints: [path.join(ROOT, entry.file)] })
      : await buildScript('preact', {
          ...common,
          stdin: {
            contents: entry.source,
            resolveDir: ROOT,
            loader: 'tsx',
            sourcefile: 'probe.tsx',
          },
        })
  return { code: new TextDecoder().decode(code), metafile }
}

/** The German footer bundle: the plan's build when there is one, else built here, once. */
let footer: Promise<{ code: string; metafile: Metafile }> | undefined
function germanFooter() {
  const builtDir = process.env.FOOTER_BUILT_DIR
  footer ??= builtDir ? readBuiltFooter(builtDir, 'de-DE') : build({ file: 'src/mount.ts' })
  return footer
}

async function readBuiltFooter(builtDir: string, locale: string) {
  const built = buildPaths(builtDir)
  const bundle = (await readManifest(builtDir))?.bundles.find(
    (b) => b.kind === 'footer' && b.locale === locale,
  )
  assert.ok(bundle, `no ${locale} footer in ${builtDir}`)
  return {
    code: readFileSync(path.join(built.static, bundle.file), 'utf8'),
    metafile: JSON.parse(
      readFileSync(path.join(built.meta, `footer.${locale}.json`), 'utf8'),
    ) as Metafile,
  }
}

/** Kit modules that put bytes into the output (esbuild lists tree-shaken inputs with 0 bytes). */
function kitModulesIn(metafile: Metafile): string[] {
  const output = Object.values(metafile.outputs)[0]
  return Object.entries(output.inputs)
    .filter(([file, info]) => file.startsWith('src/kit/') && info.bytesInOutput > 0)
    .map(([file]) => file)
}

const absent = (modules: string[]) => HEAVY.filter((dir) => modules.some((m) => m.startsWith(dir)))

test('the footer bundle (src/mount.ts, de-DE) has no IBAN input, number input or password strength', async () => {
  const { code, metafile } = await germanFooter()
  assert.equal(absent(kitModulesIn(metafile)), [])
  for (const text of ['Adgangskodens styrke', 'Lösenordets styrka', 'Passwortstärke'])
    assert.not.ok(code.includes(text), text)
})

test('probe: importing Button, Icon and TextLink through the kit door keeps the heavy three out', async () => {
  const { metafile } = await build({
    source: `import { Button, Icon, TextLink } from './src/kit/index.ts'; (window as any).x = [Button, Icon, TextLink]`,
  })
  const modules = kitModulesIn(metafile)
  assert.ok(modules.includes('src/kit/button/button.tsx'), 'what is used is there')
  assert.ok(modules.includes('src/kit/text-link/safe-url.ts'))
  assert.equal(absent(modules), [])
})

test('probe: the check notices when they are used (so it can fail)', async () => {
  const { code, metafile } = await build({
    source: `import { IbanInput, NumberInput, PasswordStrength } from './src/kit/index.ts'; (window as any).x = [IbanInput, NumberInput, PasswordStrength]`,
  })
  assert.equal(absent(kitModulesIn(metafile)), HEAVY)
  assert.ok(code.includes('Adgangskodens styrke'))
})

test('icons: the footer bundle carries the icons it uses, not the whole set', async () => {
  const { code } = await germanFooter()
  // Used: the brand icons the content names, and the kit's close, check, chevron-down, external.
  for (const name of [
    'facebook',
    'google-play',
    'close',
    'check',
    'chevron-down',
    'external',
  ] as const)
    assert.ok(code.includes(ICON_PATHS[name]), name)
  // Not used anywhere in the footer.
  for (const name of [
    'chevron-up',
    'chevron-left',
    'chevron-right',
    'search',
    'globe',
    'phone',
    'mail',
  ] as const)
    assert.not.ok(code.includes(ICON_PATHS[name]), name)
})

test('probe: the icon check notices the whole set (so it can fail)', async () => {
  const { code } = await build({
    source: `import { ICON_PATHS } from './src/kit/index.ts'; (window as any).x = ICON_PATHS`,
  })
  assert.ok(code.includes(ICON_PATHS.search))
})

test.run()
