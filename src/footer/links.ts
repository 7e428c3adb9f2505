/**
 * Heading ids of the footer (SPEC §5): letters, digits and hyphens only. Link addresses are
 * checked by the kit's safeUrl (in the content schema and again in TextLink).
 */

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
