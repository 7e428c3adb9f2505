/**
 * The footer bundles' last recorded brotli sizes (build/product/size-figures.json, committed), so
 * `npm run size` can print each market's change and the sum of the nine. One bundle moves by up
 * to about 150 B when terser's renaming reshuffles after an edit; the sum of nine averages that
 * jitter out, so a change of 50 B in every bundle (450 B in the sum) stands clear of it.
 *   npm run size -- --record   writes the current build's figures (commit them with the change)
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { REPO_ROOT } from '../repo-root.ts'
import type { ManifestEntry } from '../../src/contract.ts'

export const FIGURES_FILE = path.join(REPO_ROOT, 'build/product/size-figures.json')

/** Locale → brotli bytes of its footer bundle. */
export type SizeFigures = Record<string, number>

export function footerFigures(bundles: ManifestEntry[]): SizeFigures {
  return Object.fromEntries(
    bundles.filter((b) => b.kind === 'footer').map((b) => [b.locale, b.bytes.brotli]),
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

export const sumOf = (figures: SizeFigures) => Object.values(figures).reduce((a, b) => a + b, 0)
const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

/** The lines `npm run size` prints: each market against the recorded figures, then the sum. */
export function figureLines(now: SizeFigures, recorded: SizeFigures | null): string[] {
  const lines = Object.entries(now).map(([locale, bytes]) => {
    const before = recorded?.[locale]
    const change = before === undefined ? 'new' : `${signed(bytes - before)} B`
    return `  ${locale.padEnd(6)} ${String(bytes).padStart(7)} B br  ${change}`
  })
  const total = sumOf(now)
  const change = recorded
    ? ` (${signed(total - sumOf(recorded))} B against the recorded figures)`
    : ''
  lines.push(`  sum of ${Object.keys(now).length} ${String(total).padStart(8)} B br${change}`)
  return lines
}
