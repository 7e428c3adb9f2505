/**
 * Serves built bundles and fixture images from folders, with no way out of them. A file with
 * precompressed copies beside it (`<file>.br`, `<file>.gz`, written by the build) is answered
 * with the copy the client accepts best (Content-Encoding, Vary: Accept-Encoding).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { empty } from '../core/http.ts'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.html': 'text/html; charset=utf-8',
}

export type Coding = 'br' | 'gzip'

/** The precompressed copies the build writes, in the server's order of preference (fewest bytes first). */
export const PRECOMPRESSED: readonly { coding: Coding; suffix: string }[] = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
]

/**
 * The content coding to answer with (RFC 9110 §12.5.3): the offered coding with the highest
 * q-value, `*` standing for any coding not named, a tie going to the earlier offered one.
 * Without the header, or when no offered coding is acceptable, the file itself ('identity'):
 * every client can read that, and a client that refuses identity too is better served than refused.
 */
export function negotiateEncoding(
  acceptEncoding: string | null,
  offered: readonly Coding[],
): Coding | 'identity' {
  if (!acceptEncoding) return 'identity'
  const q = new Map<string, number>()
  for (const item of acceptEncoding.split(',')) {
    const [name, ...params] = item.split(';').map((s) => s.trim().toLowerCase())
    if (!name) continue
    const qParam = params.find((p) => /^q\s*=/.test(p))
    const value = qParam === undefined ? 1 : Number(qParam.replace(/^q\s*=\s*/, ''))
    const coding = name === 'x-gzip' ? 'gzip' : name
    q.set(coding, Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0)
  }
  let best: Coding | 'identity' = 'identity'
  let bestQ = 0
  for (const coding of offered) {
    const weight = q.get(coding) ?? q.get('*') ?? 0
    if (weight > bestQ) [best, bestQ] = [coding, weight]
  }
  return best
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file)
  } catch {
    return null
  }
}

export async function serveFile(
  dir: string,
  relative: string,
  cacheControl = 'no-cache',
  acceptEncoding: string | null = null,
): Promise<Response> {
  const root = path.resolve(dir)
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decodeURIComponent(relative)))
  if (!file.startsWith(root + path.sep)) return empty(404)
  // The copies are served only as encodings of their file, never as files of their own.
  if (PRECOMPRESSED.some(({ suffix }) => file.endsWith(suffix))) return empty(404)
  const body = await readIfExists(file)
  if (!body) return empty(404)
  const headers: Record<string, string> = {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': cacheControl,
  }
  const copies = new Map<Coding, Buffer>()
  for (const { coding, suffix } of PRECOMPRESSED) {
    const copy = await readIfExists(file + suffix)
    if (copy) copies.set(coding, copy)
  }
  let sent = body
  if (copies.size > 0) {
    headers.vary = 'Accept-Encoding'
    const coding = negotiateEncoding(acceptEncoding, [...copies.keys()])
    if (coding !== 'identity') {
      sent = copies.get(coding)!
      headers['content-encoding'] = coding
    }
  }
  headers['content-length'] = String(sent.byteLength)
  return new Response(new Uint8Array(sent), { status: 200, headers })
}
