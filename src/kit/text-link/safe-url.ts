/**
 * Safe-URL check for links that come from data. Only http(s), mailto, tel and relative
 * addresses become links; `javascript:`, `data:`, `vbscript:`, `file:` and every other
 * scheme are refused. Browsers ignore tabs/newlines and leading control characters in
 * URLs, so those are stripped before the scheme is read (`java\tscript:` is caught too).
 */
const ALLOWED_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:']

/** The URL if it is safe to put in an href, else null. */
export function safeUrl(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  if (!cleaned) return null
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)
  if (!scheme) {
    // Relative (path, query, fragment) or protocol-relative: no scheme to run. A backslash
    // start ("\\evil.com") is treated by browsers like "//" and is refused to be safe.
    return cleaned.startsWith('\\') || cleaned.startsWith('/\\') ? null : url.trim()
  }
  return ALLOWED_SCHEMES.includes(scheme[1].toLowerCase() + ':') ? url.trim() : null
}

/** True for absolute http(s) and mailto links, the ones that may open in a new tab. */
export function opensInNewTab(url: string): boolean {
  return /^(https?:|mailto:)/i.test(url.trim())
}
