/** Small helpers for Fetch-API responses and request cookies. */

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
    if (eq > 0) out[part.slice(0, eq).trim()] = decodeURIComponent(part.slice(eq + 1).trim())
  }
  return out
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
