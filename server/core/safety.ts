/**
 * The one place where every answer of the server gets its safety headers and its cookies their
 * transport flag, so no route can forget them. A route may set a stricter value of its own (a
 * demo tool page its own policy, a test page the strict CSP); it is kept, and only what it lacks
 * is added.
 */

/** On every answer: no content-type guessing, and no full address (with tokens) sent to other sites. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
}

/**
 * Pages may be framed by pages of the same origin only (the iframe host test pages are our own);
 * a foreign site framing the sign-up could trick visitors into clicks (clickjacking).
 */
const FRAME_ANCESTORS = "frame-ancestors 'self'"

export function finalizeResponse(request: Request, response: Response): Response {
  const headers = new Headers(response.headers)
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    if (!headers.has(name)) headers.set(name, value)
  if ((headers.get('content-type') ?? '').startsWith('text/html')) {
    const csp = headers.get('content-security-policy')
    if (!csp) headers.set('content-security-policy', FRAME_ANCESTORS)
    else if (!/(^|;)\s*frame-ancestors\b/.test(csp))
      headers.set('content-security-policy', `${csp}; ${FRAME_ANCESTORS}`)
    if (!headers.has('x-frame-options'))
      headers.set(
        'x-frame-options',
        /frame-ancestors 'none'/.test(headers.get('content-security-policy')!)
          ? 'DENY'
          : 'SAMEORIGIN',
      )
  }
  // Served over HTTPS, cookies never travel in clear text later.
  if (isHttps(request)) {
    const setCookies = headers.getSetCookie()
    headers.delete('set-cookie')
    for (const cookie of setCookies)
      headers.append('set-cookie', /;\s*secure\b/i.test(cookie) ? cookie : `${cookie}; Secure`)
  }
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === 'https:'
}
