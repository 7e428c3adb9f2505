/**
 * Heading ids of the footer (SPEC §5): letters (of every script), digits and hyphens only. Link addresses are
 * checked by the kit's safeUrl (in the content schema and again in TextLink).
 */

/**
 * Makes heading ids: letters of every script (with their combining marks), digits and hyphens,
 * lower-cased, unique among those made by one maker. Letters stay letters ("Płatność i dostawa"
 * -> lf-płatność-i-dostawa, "hakkında" keeps its ı): stripping them to ASCII loses the letters NFD
 * cannot decompose. NFC first, so a decomposed and a composed heading get the same id. The "lf-"
 * prefix keeps every id a valid name in XHTML too (it never starts with a digit or a mark).
 */
export function headingIds() {
  const used = new Set<string>()
  return (text: string): string => {
    const slug = text
      .normalize('NFC')
      .replace(/[^\p{L}\p{M}\p{N}\s-]/gu, '')
      .trim()
      .replace(/[\s-]+/g, '-')
      .toLowerCase()
    const base = `lf-${slug || 'section'}`
    let id = base
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`
    used.add(id)
    return id
  }
}
