/**
 * Writes the release folder (PUBLIC_DIR: hashed bundles with their .br and .gz copies,
 * manifest.json), the kit gallery's folder and the metafiles beside it; measures bytes and SRI.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { promisify } from 'node:util'
import type { Metafile } from 'esbuild'
import { budgetFor } from './budgets.ts'
import type { BudgetKind } from './budgets.ts'
import type { Manifest, ManifestEntry } from '../../src/contract/contract.ts'

export type { Manifest, ManifestEntry } from '../../src/contract/contract.ts'

/**
 * The release folder inside a build's folder: the asset origin's document root exactly as it is
 * served (docs/EMBEDDING.md, "Origins and paths"). The build's other output (meta/, reports)
 * stays outside it, so copying the folder to a static host publishes nothing else.
 */
export function publicDir(distDir: string): string {
  return path.join(distDir, 'public')
}

/**
 * Where a build in `outDir` keeps its parts: the one place their paths are spelled, for the build
 * that writes them and every tool and test that reads them.
 */
export function buildPaths(outDir: string) {
  const release = publicDir(outDir)
  return {
    public: release,
    manifest: path.join(release, 'manifest.json'),
    /** The hashed bundles with their .br and .gz copies, served under the public path. */
    static: path.join(release, 'static'),
    /** esbuild's metafile of each bundle, by stem: outside the release folder. */
    meta: path.join(outDir, 'meta'),
    /** The server's render (build/product/server-render.ts): the package's main export. */
    server: path.join(outDir, 'server'),
    /**
     * The kit gallery's bundle (with its .br and .gz copies) and `gallery.json`, its entry: the
     * demo's /kit/ pages load it, no shop page does, so it stays outside the release folder.
     */
    kit: path.join(outDir, 'kit'),
    kitEntry: path.join(outDir, 'kit', 'gallery.json'),
  }
}

/** A built file's entry: a manifest entry, or the kit gallery's (kit/gallery.json), which no manifest lists. */
export type BuiltEntry = Omit<ManifestEntry, 'kind'> & { kind: BudgetKind }

/** The manifest of the build in `distDir`, or null when there is none. */
export async function readManifest(distDir: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(buildPaths(distDir).manifest, 'utf8')) as Manifest
  } catch {
    return null
  }
}

/** The kit gallery's entry of the build in `distDir`, or null when there is none. */
export async function readKitGallery(distDir: string): Promise<BuiltEntry | null> {
  try {
    return JSON.parse(await readFile(buildPaths(distDir).kitEntry, 'utf8')) as BuiltEntry
  } catch {
    return null
  }
}

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/**
 * The precompressed copies served beside each hashed file (server/demo/static-files.ts,
 * docs/EMBEDDING.md): brotli at quality 11 and gzip at level 9, the most each format gives, paid
 * once at build time. Computed off the main thread so all bundles are compressed in parallel.
 */
async function compress(code: Uint8Array): Promise<{ gzip: Buffer; brotli: Buffer }> {
  const [gzipped, brotlied] = await Promise.all([
    gzipAsync(code, { level: 9 }),
    brotliAsync(code, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: code.byteLength,
      },
    }),
  ])
  return { gzip: gzipped, brotli: brotlied }
}

/** Writes `file` and its precompressed copies (`.br`, `.gz`) beside it. */
export async function writeWithCopies(
  file: string,
  code: Uint8Array,
): Promise<{ gzip: Buffer; brotli: Buffer }> {
  const copies = await compress(code)
  await mkdir(path.dirname(file), { recursive: true })
  await Promise.all([
    writeFile(file, code),
    writeFile(`${file}.br`, copies.brotli),
    writeFile(`${file}.gz`, copies.gzip),
  ])
  return copies
}

function contentHash(code: Uint8Array): string {
  return createHash('sha256').update(code).digest('hex').slice(0, 10)
}

/**
 * A bundle's SRI hash: sha384 for what a page's own tag loads (a footer) and the kit gallery;
 * sha256 for the lazily loaded files, whose values the footer bundles embed, so each costs
 * the footer its bytes (SRI accepts both).
 */
function integrity(code: Uint8Array, kind: BudgetKind): string {
  const algorithm = kind === 'preview' || kind === 'lazy' ? 'sha256' : 'sha384'
  return `${algorithm}-${createHash(algorithm).update(code).digest('base64')}`
}

/** A footer's embed tag; the evergreen copy's has no `integrity` (its content changes with each release). */
export function embedTag(src: string, sri: string | null, site: string | null): string {
  const siteAttr = site ? ` data-site="${site}"` : ''
  const sriAttr = sri ? ` integrity="${sri}"` : ''
  return `<script src="${src}"${sriAttr} crossorigin="anonymous"${siteAttr} defer></script>`
}

/** Empties `dir`; with `keep` false it is removed instead. */
export async function resetDir(dir: string, keep = true): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  if (keep) await mkdir(dir, { recursive: true })
}

export interface BuiltBundle {
  kind: BudgetKind
  locale: string
  site: string | null
  /** File name stem, e.g. "footer.de-DE". */
  stem: string
  code: Uint8Array
  metafile: Metafile
}

/**
 * Writes one bundle and its .br and .gz copies into `dir` (the release folder's `static/` unless
 * told otherwise), its metafile under `<outDir>/meta/`.
 */
export async function writeBundle(
  outDir: string,
  publicPath: string,
  bundle: BuiltBundle,
  dir = buildPaths(outDir).static,
): Promise<BuiltEntry> {
  const file = `${bundle.stem}.${contentHash(bundle.code)}.js`
  const { gzip, brotli } = await writeWithCopies(path.join(dir, file), bundle.code)
  await writeFile(
    path.join(buildPaths(outDir).meta, `${bundle.stem}.json`),
    JSON.stringify(bundle.metafile),
  )
  const sri = integrity(bundle.code, bundle.kind)
  return {
    kind: bundle.kind,
    locale: bundle.locale,
    site: bundle.site,
    file,
    bytes: { min: bundle.code.byteLength, gzip: gzip.byteLength, brotli: brotli.byteLength },
    integrity: sri,
    // Only a footer is pasted into a page: the lazily loaded files are the footer's to load, the
    // kit gallery the demo's.
    ...(bundle.kind === 'footer'
      ? { tag: embedTag(`${publicPath}${file}`, sri, bundle.site) }
      : {}),
  }
}

/** Budget violations as readable lines; empty when every bundle fits. */
export function budgetViolations(
  entries: BuiltEntry[],
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  return entries.flatMap((entry) => {
    const budget = budgetFor(entry.kind, env)
    return entry.bytes.brotli > budget.brotli
      ? [
          `${entry.file}: ${entry.bytes.brotli} B brotli exceeds the ${entry.kind} budget of ${budget.brotli} B`,
        ]
      : []
  })
}
