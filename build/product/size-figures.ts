/**
 * The footer bundles' last recorded sizes (build/product/size-figures.json, committed), so
 * `npm run size` can print each market's change and the sum of the nine: the shipped brotli bytes,
 * which the budget counts, and the comparable size (build/product/comparable-size.ts), which
 * renaming and brotli's own jumps do not move, so a change of a few bytes of code shows as itself.
 *   npm run size -- --record   writes the current build's figures (commit them with the change)
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { REPO_ROOT } from '../repo-root.ts'
import type { ManifestEntry } from '../../src/contract/contract.ts'
import { comparableSize } from './comparable-size.ts'

const FIGURES_FILE = path.join(REPO_ROOT, 'build/product/size-figures.json')

export interface BundleFigures {
  /** Brotli bytes as shipped (quality 11). */
  brotli: number
  /** Comparable size: brotli at quality 9 of the name-free code. */
  comparable: number
}

/** Locale → figures of its footer bundle. */
export type SizeFigures = Record<string, BundleFigures>

/** The figures of the footer bundles in `manifest`, whose files are in `staticDir`. */
export async function footerFigures(
  bundles: ManifestEntry[],
  staticDir: string,
): Promise<SizeFigures> {
  const footers = bundles.filter((b) => b.kind === 'footer')
  const comparable = await Promise.all(
    footers.map(async (b) => comparableSize(await readFile(path.join(staticDir, b.file), 'utf8'))),
  )
  return Object.fromEntries(
    footers.map((b, i) => [b.locale, { brotli: b.bytes.brotli, comparable: comparable[i] }]),
  )
}

export async function recordedFigures(): Promise<SizeFigures | null> {
  try {
    return JSON.parse(await readFile(FIGURES_FILE, 'utf8')) as SizeFigures
  } catch {
    return null
  }
}

export async function recordFigures(figures: SizeFigures): Promise<void> {
  await writeFile(FIGURES_FILE, `${JSON.stringify(figures, null, 2)}\n`)
}

export const sumOf = (figures: SizeFigures, key: keyof BundleFigures = 'brotli') =>
  Object.values(figures).reduce((sum, f) => sum + f[key], 0)

const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

/** The lines `npm run size` prints: each market against the recorded figures, then the sums. */
export function figureLines(now: SizeFigures, recorded: SizeFigures | null): string[] {
  const change = (n: number, before: number | undefined) =>
    (before === undefined ? 'new' : `${signed(n - before)} B`).padStart(8)
  const row = (label: string, f: BundleFigures, before: BundleFigures | undefined) =>
    `  ${label.padEnd(9)} ${String(f.brotli).padStart(7)} B ${change(f.brotli, before?.brotli)}   ${String(f.comparable).padStart(7)} B ${change(f.comparable, before?.comparable)}`
  const sums = (figures: SizeFigures): BundleFigures => ({
    brotli: sumOf(figures),
    comparable: sumOf(figures, 'comparable'),
  })
  return [
    `  ${''.padEnd(9)} ${'brotli, shipped'.padStart(17)}   ${'comparable'.padStart(17)}`,
    ...Object.entries(now).map(([locale, f]) => row(locale, f, recorded?.[locale])),
    row(`sum of ${Object.keys(now).length}`, sums(now), recorded ? sums(recorded) : undefined),
  ]
}
