/**
 * Serves the release folder (bundles, manifest, images) as docs/EMBEDDING.md tells a static host
 * to, with no way out of it. A file with precompressed copies beside it (`<file>.br`, `<file>.gz`,
 * written by the build) is answered with the copy the client accepts best (Content-Encoding,
 * Vary: Accept-Encoding). Every answer may be read from any origin: the embed tag fetches the
 * bundle in CORS mode (`crossorigin`, for SRI), and a page's Resource Timing sees sizes and phases.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { empty } from '../core/http.ts'
import { negotiateEncoding, type Coding } from '../core/content-coding.ts'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.html': 'text/html; charset=utf-8',
}

const PRECOMPRESSED: readonly { coding: Coding; suffix: string }[] = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
]

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
    'access-control-allow-origin': '*',
    'timing-allow-origin': '*',
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
