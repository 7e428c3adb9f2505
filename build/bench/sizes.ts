/** Bench part (a): bytes per locale of the Preact build and the React build of the same source. */
import {
  readManifest as readBuiltManifest,
  type Manifest,
  type ManifestEntry,
} from '../product/output.ts'

export interface SizeRow {
  locale: string
  preact: ManifestEntry['bytes']
  react: ManifestEntry['bytes']
}

export async function readManifest(distDir: string): Promise<Manifest> {
  const manifest = await readBuiltManifest(distDir)
  if (!manifest) throw new Error(`No build in ${distDir}`)
  return manifest
}

export function sizeRows(preact: Manifest, react: Manifest): SizeRow[] {
  const footers = (m: Manifest) =>
    new Map(m.bundles.filter((b) => b.kind === 'footer').map((b) => [b.locale, b.bytes]))
  const p = footers(preact)
  const r = footers(react)
  return [...p.keys()]
    .filter((locale) => r.has(locale))
    .map((locale) => ({ locale, preact: p.get(locale)!, react: r.get(locale)! }))
}

const kb = (n: number) => (n / 1000).toFixed(1)
const ratio = (a: number, b: number) => (a / b).toFixed(2)

export function sizeTable(rows: SizeRow[]): string[][] {
  return [
    [
      'locale',
      'Preact min',
      'gzip',
      'brotli',
      'React min',
      'gzip',
      'brotli',
      'Preact/React (brotli)',
    ],
    ...rows.map((r) => [
      r.locale,
      kb(r.preact.min),
      kb(r.preact.gzip),
      kb(r.preact.brotli),
      kb(r.react.min),
      kb(r.react.gzip),
      kb(r.react.brotli),
      ratio(r.preact.brotli, r.react.brotli),
    ]),
  ]
}

/** Plain-text table with right-aligned numbers (first column left-aligned). */
export function formatTable(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)))
  return rows
    .map((r) =>
      r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '),
    )
    .join('\n')
}
