/**
 * Answers the HTTP cache may keep (the footer content and its server-rendered fragment: the same for every visitor of a
 * market, read on every page view): a validator (ETag), a short cache life with revalidation in
 * the background, 304 Not Modified for a client that already holds the answer, and the body
 * compressed as the client accepts it. A shopper's second page then costs a 304 or nothing.
 * A compressed body is made once per entity tag and coding and kept (the newest
 * COMPRESSED_KEPT), so a browser's `Accept-Encoding: br` costs what the plain answer does.
 */
import { createHash } from 'node:crypto'
import { brotliCompressSync, gzipSync, constants } from 'node:zlib'
import { negotiateEncoding, type Coding } from './content-coding.ts'
import { setBounded } from './context.ts'

/** Fresh for 5 minutes; for a day after that an old copy is shown while a new one is fetched. */
const CONTENT_CACHE_CONTROL = 'max-age=300, stale-while-revalidate=86400'

/** Below this a compressed body saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024

/** Compressed bodies kept, by coding and entity tag: every market's footer, at every bench scale. */
const COMPRESSED_KEPT = 64
const compressedBodies = new Map<string, Buffer>()

/** `raw` in `coding`, made once per entity tag. */
function compressed(raw: Buffer, coding: Coding, tag: string): Buffer {
  const key = `${coding} ${tag}`
  const kept = compressedBodies.get(key)
  if (kept) return kept
  const body =
    coding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(raw)
  setBounded(compressedBodies, key, body, COMPRESSED_KEPT)
  return body
}

/**
 * A weak validator: the same JSON gives the same tag whatever its content coding (RFC 9110
 * §8.8.1: a gzip and a br body are not byte-equal, so a strong tag would have to differ).
 */
function entityTag(body: string): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/** If-None-Match (RFC 9110 §13.1.2) by weak comparison: `*` or any listed tag equal to `tag`. */
function matchesNoneMatch(header: string | null, tag: string): boolean {
  if (!header) return false
  const opaque = (t: string) => t.trim().replace(/^W\//, '')
  return header.trim() === '*' || header.split(',').some((t) => opaque(t) === opaque(tag))
}

/**
 * `value` as a cacheable JSON answer to `request`. `vary` names the request headers the answer
 * depends on besides Accept-Encoding (a shared cache must keep one copy per value).
 */
export function cacheableJson(request: Request, value: unknown, vary: string[] = []): Response {
  return cacheable(request, JSON.stringify(value), 'application/json; charset=utf-8', vary)
}

/** `body` of `contentType` as a cacheable answer to `request`, as cacheableJson. */
export function cacheable(
  request: Request,
  body: string,
  contentType: string,
  vary: string[] = [],
): Response {
  const tag = entityTag(body)
  const headers: Record<string, string> = {
    etag: tag,
    'cache-control': CONTENT_CACHE_CONTROL,
    vary: [...vary, 'Accept-Encoding'].join(', '),
  }
  if (matchesNoneMatch(request.headers.get('if-none-match'), tag))
    return new Response(null, { status: 304, headers })
  headers['content-type'] = contentType
  const raw = Buffer.from(body)
  const coding =
    raw.byteLength < MIN_COMPRESS_BYTES
      ? 'identity'
      : negotiateEncoding(request.headers.get('accept-encoding'), ['br', 'gzip'])
  const sent = coding === 'identity' ? raw : compressed(raw, coding, tag)
  if (coding !== 'identity') headers['content-encoding'] = coding
  headers['content-length'] = String(sent.byteLength)
  return new Response(new Uint8Array(sent), { status: 200, headers })
}
