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
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  })
}

export function html(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers } })
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

export function setCookie(name: string, value: string, maxAgeSeconds?: number): string {
  const age = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`
  return `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${age}`
}

export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return Symbol.for('malformed')
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Adds Set-Cookie headers one by one (they cannot be joined with commas). */
export function withCookies(response: Response, setCookies: string[]): Response {
  for (const c of setCookies) response.headers.append('set-cookie', c)
  return response
}
