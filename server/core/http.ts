/** Small helpers for Fetch-API responses and request cookies. */

/**
 * A refusal with a short message meant for the client: thrown anywhere in a handler, answered by
 * the handler as a problem with that status. Anything else thrown answers 500 without details.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  })
}

/** An RFC 9457 problem: a short, clear refusal meant for the client. */
export function problem(
  status: number,
  type: string,
  title: string,
  headers: Record<string, string> = {},
): Response {
  return json({ type, title, status }, status, {
    'content-type': 'application/problem+json',
    ...headers,
  })
}

export function html(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  })
}

export function empty(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers })
}

export function cookies(request: Request): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0) out[part.slice(0, eq).trim()] = decodeCookieValue(part.slice(eq + 1).trim())
  }
  return out
}

/** Other applications on the same host may set cookies that are not percent-encoding: kept as they are. */
function decodeCookieValue(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * A Set-Cookie value: SameSite=Lax (other sites' requests do not carry it, except top-level
 * navigations) and HttpOnly, unless the widget must read the cookie by contract (SPEC §3: the
 * LoginToken's exp, ren and lid; the staff cookies that decide whether the preview loads).
 * Secure is added centrally when the server is reached over HTTPS (safety.ts).
 */
export function setCookie(
  name: string,
  value: string,
  options: { maxAgeSeconds?: number; readableByWidget?: boolean } = {},
): string {
  const age = options.maxAgeSeconds === undefined ? '' : `; Max-Age=${options.maxAgeSeconds}`
  return `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${options.readableByWidget ? '' : '; HttpOnly'}${age}`
}

/** The calls' bodies are a few hundred bytes of JSON; a body past this is refused, not read whole. */
export const MAX_BODY_BYTES = 16 * 1024
/** Deepest nesting any call needs is 2 (the sign-up's consents); deeper JSON is refused unparsed. */
const MAX_JSON_DEPTH = 8

/**
 * A request's JSON body: undefined when there is none. Refuses (HttpError) a body over
 * MAX_BODY_BYTES (413), any content type but application/json (415: cross-site forms can post
 * only text/plain, urlencoded or multipart without asking first), nesting past MAX_JSON_DEPTH and
 * text that is not UTF-8 JSON (400).
 */
export async function readJson(request: Request): Promise<unknown> {
  const text = await readText(request)
  if (!text) return undefined
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? ''))
    throw new HttpError(415, 'Send the body as application/json.')
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw new HttpError(400, `The JSON is nested deeper than ${MAX_JSON_DEPTH} levels.`)
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, 'The body is not valid JSON.')
  }
}

/** A form post's fields (application/x-www-form-urlencoded), bounded like readJson. */
export async function readForm(request: Request): Promise<URLSearchParams> {
  if (
    !/^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.headers.get('content-type') ?? '')
  )
    throw new HttpError(415, 'Send the form as application/x-www-form-urlencoded.')
  return new URLSearchParams(await readText(request))
}

/** The body as UTF-8 text, read chunk by chunk and abandoned once past MAX_BODY_BYTES. */
async function readText(request: Request): Promise<string> {
  if (Number(request.headers.get('content-length')) > MAX_BODY_BYTES)
    throw new HttpError(413, `Bodies are limited to ${MAX_BODY_BYTES} bytes.`)
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > MAX_BODY_BYTES) {
      await reader.cancel()
      throw new HttpError(413, `Bodies are limited to ${MAX_BODY_BYTES} bytes.`)
    }
    chunks.push(value)
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks))
  } catch {
    throw new HttpError(400, 'The body is not UTF-8 text.')
  }
}

/** How deep arrays and objects nest in JSON text, counted without parsing (brackets in strings do not count). */
function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth)
    else if (c === '}' || c === ']') depth--
  }
  return deepest
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Adds Set-Cookie headers one by one (they cannot be joined with commas). */
export function withCookies(response: Response, setCookies: string[]): Response {
  for (const c of setCookies) response.headers.append('set-cookie', c)
  return response
}
