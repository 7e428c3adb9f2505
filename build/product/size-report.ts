/**
 * npm run size: min / gzip / brotli bytes per bundle (the manifest's, and the kit gallery's from
 * dist/kit/) against its budget, the modules that cost
 * the most (from esbuild's metafile), and dist/size-report.html with the treemaps of the Preact and
 * the React build side by side. Exits non-zero when a budget is exceeded.
 *   npm run size            Preact bundles (shipped), beside the React build when it is built
 *   npm run size -- --react the React build, for comparison (no budgets)
 *   npm run size -- --record  also records the footer figures each later run compares with
 *                             (build/product/size-figures.ts)
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Metafile } from 'esbuild'
import { budgetFor } from './budgets.ts'
import {
  budgetViolations,
  publicDir,
  readKitGallery,
  readManifest,
  type BuiltEntry,
  type Manifest,
} from './output.ts'
import { REPO_ROOT } from '../repo-root.ts'
import { footerTreemaps, moduleName, reportHtml } from './module-report.ts'
import {
  figureLines,
  footerFigures,
  recordFigures,
  recordedFigures,
  sumOf,
} from './size-figures.ts'
import { markdownTable, writeDocsBlock } from '../docs-block.ts'

const TOP_MODULES = 12

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`
}

function topModules(metafile: Metafile, limit = TOP_MODULES): [string, number][] {
  const totals = new Map<string, number>()
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const group = moduleName(input)
      totals.set(group, (totals.get(group) ?? 0) + bytesInOutput)
    }
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit)
}

async function main(): Promise<number> {
  const react = process.argv.includes('--react')
  const distDir = path.join(
    process.env.FOOTER_OUTDIR ?? path.join(REPO_ROOT, 'dist'),
    react ? 'react' : '',
  )
  let manifest: Manifest
  try {
    manifest = (await readManifest(distDir))!
    if (!manifest) throw new Error('no manifest')
  } catch {
    console.error(`No build in ${distDir}. Run npm run build${react ? ':react' : ''} first.`)
    return 1
  }
  // The manifest's bundles, and the kit gallery under its folder's name (no manifest lists it).
  const gallery = await readKitGallery(distDir)
  const listed: BuiltEntry[] = [
    ...manifest.bundles,
    ...(gallery ? [{ ...gallery, file: `kit/${gallery.file}` }] : []),
  ]
  // Side by side with the React build of the same source, when it has been built.
  const reactBrotli = new Map<string, number>()
  if (!react) {
    try {
      const other = await readManifest(path.join(distDir, 'react'))
      for (const b of other?.bundles ?? []) reactBrotli.set(`${b.kind}:${b.locale}`, b.bytes.brotli)
    } catch {}
  }
  console.log(`${manifest.flavor} bundles (${distDir})`)
  const columns = [
    'min',
    'gzip',
    'brotli',
    'budget',
    ...(reactBrotli.size ? ['React br', 'ratio'] : []),
  ]
  console.log(['bundle'.padEnd(32), ...columns.map((c) => c.padStart(9))].join(' '))
  for (const b of listed) {
    const budget = react ? '' : kb(budgetFor(b.kind).brotli)
    const other = b.kind === 'footer' ? reactBrotli.get(`${b.kind}:${b.locale}`) : undefined
    const compared = reactBrotli.size
      ? [other ? kb(other) : '', other ? (b.bytes.brotli / other).toFixed(2) : '']
      : []
    console.log(
      [
        b.file.padEnd(32),
        ...[kb(b.bytes.min), kb(b.bytes.gzip), kb(b.bytes.brotli), budget, ...compared].map((c) =>
          c.padStart(9),
        ),
      ].join(' '),
    )
  }
  if (!react) {
    const now = await footerFigures(manifest.bundles, path.join(publicDir(distDir), 'static'))
    console.log('\nFooter bundles against the recorded figures (build/product/size-figures.json):')
    for (const line of figureLines(now, await recordedFigures())) console.log(line)
    if (process.argv.includes('--record')) {
      await recordFigures(now)
      const preview = manifest.bundles.find((b) => b.kind === 'preview')?.bytes.brotli ?? 0
      const row = (label: string, key: 'brotli' | 'comparable', last: string) => [
        label,
        ...Object.values(now).map((f) => f[key].toLocaleString('en')),
        sumOf(now, key).toLocaleString('en'),
        last,
      ]
      await writeDocsBlock(
        'docs/performance.md',
        'size',
        'npm run size -- --record',
        markdownTable([
          ['bytes', ...Object.keys(now), 'sum of nine', 'preview'],
          row('brotli, shipped', 'brotli', preview.toLocaleString('en')),
          row('comparable', 'comparable', '–'),
        ]),
      )
      console.log('  recorded, and written into docs/performance.md.')
    }
  }
  const first = manifest.bundles[0]
  const metafile = JSON.parse(
    await readFile(path.join(distDir, 'meta', `footer.${first.locale}.json`), 'utf8'),
  ) as Metafile
  console.log(`\nTop modules of footer.${first.locale} (minified bytes in output):`)
  for (const [name, bytes] of topModules(metafile))
    console.log(`  ${String(bytes).padStart(7)}  ${name}`)
  // The lazily loaded preview file (built once) has its own budget, so its own breakdown.
  const preview = manifest.bundles.find((b) => b.kind === 'preview')
  if (preview) {
    const previewMeta = JSON.parse(
      await readFile(path.join(distDir, 'meta', 'preview.json'), 'utf8'),
    ) as Metafile
    console.log(`\nTop modules of ${preview.file} (minified bytes in output):`)
    for (const [name, bytes] of topModules(previewMeta))
      console.log(`  ${String(bytes).padStart(7)}  ${name}`)
  }
  if (!react) {
    const reportFile = path.join(distDir, 'size-report.html')
    const reactDir = reactBrotli.size ? path.join(distDir, 'react') : null
    const rows = [
      ['bundle', 'min', 'gzip', 'brotli', 'budget', 'React br', 'ratio'],
      ...listed.map((b) => {
        const other = b.kind === 'footer' ? reactBrotli.get(`${b.kind}:${b.locale}`) : undefined
        return [
          b.file,
          String(b.bytes.min),
          String(b.bytes.gzip),
          String(b.bytes.brotli),
          String(budgetFor(b.kind).brotli),
          other ? String(other) : '',
          other ? (b.bytes.brotli / other).toFixed(2) : '',
        ]
      }),
    ]
    await writeFile(
      reportFile,
      reportHtml({
        title: 'Lumora footer: sizes',
        command: 'npm run size',
        generated: new Date().toISOString(),
        tables: [{ title: 'Bytes per bundle', rows }],
        maps: await footerTreemaps(distDir, reactDir),
      }),
    )
    console.log(`\nTreemaps: ${path.relative(process.cwd(), reportFile)}`)
  }
  const violations = react ? [] : budgetViolations(listed)
  if (violations.length) {
    console.error(`\nSize budget exceeded:\n  ${violations.join('\n  ')}`)
    return 1
  }
  if (!react) console.log('\nAll bundles within budget.')
  return 0
}

process.exitCode = await main()
