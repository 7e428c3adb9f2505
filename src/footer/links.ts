/**
 * Link and heading rules of the footer (SPEC §2, §5). Every address from content passes
 * isSafeUrl before it can reach an href; headings get ids of letters, digits and hyphens only.
 */

/** Schemes a link from content may use; anything else (javascript:, data:, vbscript: ...) is refused. */
const SAFE_SCHEME = /^(https?|mailto|tel):/i

/**
 * True for relative addresses and http(s), mailto and tel. Browsers drop tabs, newlines and
 * leading control characters inside a scheme ("java\tscript:"), so we check what they would read.
 */
export function isSafeUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  const read = url.replace(/[\u0000-\u0020\u007f]/g, '')
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(read)
  return read !== '' && !read.startsWith('\\') && (!scheme || SAFE_SCHEME.test(read))
}

/** SPEC §2: http(s) and mailto links in legal, sales-tax and quality links open in a new tab without referrer. */
export function externalProps(url: string): { target?: string; rel?: string } {
  return /^(http|mailto)/i.test(url.trim()) ? { target: '_blank', rel: 'noopener noreferrer' } : {}
}

/** Makes heading ids: only letters, digits and hyphens (accents dropped), unique among those made by one maker. */
export function headingIds(prefix = 'lf') {
  const used = new Set<string>()
  return (text: string): string => {
    const slug = text
      .normalize('NFD')
      .replace(/[^A-Za-z0-9\s-]/g, '')
      .trim()
      .replace(/[\s-]+/g, '-')
      .toLowerCase()
    const base = `${prefix}-${slug || 'section'}`
    let id = base
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`
    used.add(id)
    return id
  }
}
