/**
 * Checks built bundles against the browser floor (package.json `browserslist`): JavaScript APIs
 * with eslint-plugin-compat (MDN's browser-compat-data) over the emitted code, library code
 * included; CSS features with doiuse (caniuse) over the stylesheets each bundle contains. Syntax
 * is esbuild's part (its target comes from the same floor). Partial support is not an error;
 * a feature the floor lacks is, unless it is listed below with the guard or fallback that
 * makes it safe, which the oldest-engine browser test exercises (test/browser/oldest-engine.spec.ts).
 */
import { ESLint } from 'eslint'
import compat from 'eslint-plugin-compat'
import doiuse from 'doiuse'
import postcss from 'postcss'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { floorQueries } from './browser-floor.ts'
import { REPO_ROOT } from '../repo-root.ts'

/**
 * JavaScript APIs the floor lacks that the bundles may use, each with its guard. The names are
 * eslint-plugin-compat's (as in its messages); the oldest-engine test removes each one.
 */
const GUARDED_APIS: Record<string, string> = {
  AbortController:
    'src/api/client.ts creates one only where it exists; without it a timed-out request is abandoned (its late answer ignored), not aborted.',
}

/** CSS features (caniuse ids) the floor lacks that the stylesheets may use, each with what happens without it. */
const CSS_BELOW_FLOOR: Record<string, string> = {
  'flexbox-gap':
    'build/product/flex-gap-fallback.ts spaces the items with margins where flex gap is missing (Safari < 14.1, Chrome < 84).',
  'css-focus-visible':
    'the focus ring is drawn on :focus where :focus-visible is unknown (src/styles/base.css).',
  'css-containment': 'contain is a rendering hint; without it the layout is the same.',
  'css-content-visibility':
    'content-visibility is a rendering-speed hint; without it every SEO link renders at once.',
  'css3-cursors': 'iOS has no pointer cursor.',
}

export interface FloorViolation {
  file: string
  message: string
}

/** API uses in emitted scripts that the floor lacks and nothing guards. */
async function apiViolations(scripts: { file: string; code: string }[]): Promise<FloorViolation[]> {
  const eslint = new ESLint({
    cwd: REPO_ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.js'],
        languageOptions: { ecmaVersion: 'latest', sourceType: 'script' },
        plugins: { compat },
        rules: { 'compat/compat': 'error' },
        settings: { browsers: floorQueries(), polyfills: Object.keys(GUARDED_APIS) },
      },
    ],
  })
  const found: FloorViolation[] = []
  for (const { file, code } of scripts) {
    const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, 'dist', file) })
    for (const m of result.messages) {
      const around =
        code.split('\n')[m.line - 1]?.slice(Math.max(0, m.column - 60), m.column + 60) ?? ''
      found.push({ file, message: `${m.message} (column ${m.column}: …${around}…)` })
    }
  }
  return found
}

/** CSS features in the given stylesheets that the floor lacks and that have no recorded fallback. */
async function cssViolations(files: string[]): Promise<FloorViolation[]> {
  const found: FloorViolation[] = []
  const plugin = (file: string) =>
    doiuse({
      browsers: floorQueries(),
      ignore: Object.keys(CSS_BELOW_FLOOR),
      onFeatureUsage: (usage) => {
        if (usage.featureData.missing)
          found.push({
            file: path.relative(REPO_ROOT, file),
            message: usage.message.replace(/^.*?: (?=\S)/, ''),
          })
      },
    })
  for (const file of files)
    await postcss([plugin(file)]).process(await readFile(file, 'utf8'), { from: file })
  return found
}

/** The stylesheets (source files) a bundle contains, from its esbuild metafile. */
function stylesheetsOf(metafileInputs: Iterable<string>): string[] {
  return [...metafileInputs]
    .filter((input) => input.endsWith('.css'))
    .map((input) => path.resolve(REPO_ROOT, input))
}

/** Bundles of the build in `outDir` (their paths; the scripts and the stylesheets they contain) against the floor. */
export async function floorViolations(outDir: string, files: string[]): Promise<FloorViolation[]> {
  const scripts = await Promise.all(
    files.map(async (file) => ({
      file: path.basename(file),
      code: await readFile(file, 'utf8'),
    })),
  )
  const sheets = new Set<string>()
  for (const file of files) {
    const stem = path.basename(file).replace(/\.[0-9a-f]+\.js$/, '')
    const metafile = JSON.parse(
      await readFile(path.join(outDir, 'meta', `${stem}.json`), 'utf8'),
    ) as { inputs: Record<string, unknown> }
    for (const sheet of stylesheetsOf(Object.keys(metafile.inputs))) sheets.add(sheet)
  }
  return [...(await apiViolations(scripts)), ...(await cssViolations([...sheets].sort()))]
}
