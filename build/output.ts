/** Writes hashed bundles, their metafiles and manifest.json; measures bytes and SRI. */
import { createHash } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { promisify } from 'node:util'
import type { Metafile } from 'esbuild'
import { budgetFor, type BundleKind } from './budgets.ts'

export interface Sizes {
  min: number
  gzip: number
  brotli: number
}

export interface ManifestEntry {
  kind: BundleKind
  locale: string
  site: string | null
  file: string
  bytes: Sizes
  integrity: string
  /** Ready-to-paste embed tag. */
  tag: string
}

export interface Manifest {
  flavor: 'preact' | 'react'
  builtAt: string
  publicPath: string
  bundles: ManifestEntry[]
}

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/** Compressed sizes, computed off the main thread so all bundles are measured in parallel. */
export async function measure(code: Uint8Array): Promise<Sizes> {
  const [gzipped, brotlied] = await Promise.all([
    gzipAsync(code, { level: 9 }),
    brotliAsync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: code.byteLength } }),
  ])
  return { min: code.byteLength, gzip: gzipped.byteLength, brotli: brotlied.byteLength }
}

export function contentHash(code: Uint8Array): string {
  return createHash('sha256').update(code).digest('hex').slice(0, 10)
}

export function integrity(code: Uint8Array): string {
  return `sha384-${createHash('sha384').update(code).digest('base64')}`
}

export function embedTag(src: string, sri: string, site: string | null): string {
  const siteAttr = site ? ` data-site="${site}"` : ''
  return `<script src="${src}" integrity="${sri}" crossorigin="anonymous"${siteAttr} defer></script>`
}

export async function resetDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
}

export interface BuiltBundle {
  kind: BundleKind
  locale: string
  site: string | null
  /** File name stem, e.g. "footer.de-DE". */
  stem: string
  code: Uint8Array
  metafile: Metafile
}

/** Writes one bundle under `<outDir>/static/` and its metafile under `<outDir>/meta/`. */
export async function writeBundle(outDir: string, publicPath: string, bundle: BuiltBundle): Promise<ManifestEntry> {
  const file = `${bundle.stem}.${contentHash(bundle.code)}.js`
  await writeFile(path.join(outDir, 'static', file), bundle.code)
  await writeFile(path.join(outDir, 'meta', `${bundle.stem}.json`), JSON.stringify(bundle.metafile))
  const sri = integrity(bundle.code)
  return {
    kind: bundle.kind,
    locale: bundle.locale,
    site: bundle.site,
    file,
    bytes: await measure(bundle.code),
    integrity: sri,
    tag: embedTag(`${publicPath}${file}`, sri, bundle.site),
  }
}

/** Budget violations as readable lines; empty when every bundle fits. */
export function budgetViolations(entries: ManifestEntry[], env: NodeJS.ProcessEnv = process.env): string[] {
  return entries.flatMap((entry) => {
    const budget = budgetFor(entry.kind, env)
    return entry.bytes.brotli > budget.brotli
      ? [`${entry.file}: ${entry.bytes.brotli} B brotli exceeds the ${entry.kind} budget of ${budget.brotli} B`]
      : []
  })
}
