/**
 * The nine sites and their locales (SPEC §3 Sites, §9 Locales). This is the one list
 * that drives the widget, the builds (build/product/markets.ts), the demo pages and the tests.
 */
export const SITES = ['DE', 'AT', 'CH', 'CH_FR', 'CZ', 'HU', 'SK', 'TR', 'PL'] as const
export type Site = (typeof SITES)[number]

export const SITE_LOCALE = {
  DE: 'de-DE',
  AT: 'de-AT',
  CH: 'de-CH',
  CH_FR: 'fr-CH',
  CZ: 'cs-CZ',
  HU: 'hu-HU',
  SK: 'sk-SK',
  TR: 'tr-TR',
  PL: 'pl-PL',
} as const satisfies Record<Site, string>

export type Locale = (typeof SITE_LOCALE)[Site]

/**
 * Locale inheritance: a child locale is its parent's dictionary with its own overrides on top
 * (build/product/locales.ts; the server's consent texts read it too). de-CH inherits from de-DE
 * but must override every text containing "ß" (test/unit/locales.test.ts enforces this).
 */
export const LOCALE_PARENT: Partial<Record<Locale, Locale>> = {
  'de-AT': 'de-DE',
  'de-CH': 'de-DE',
}

export const LOCALES = SITES.map((site) => SITE_LOCALE[site]) as Locale[]

/**
 * The market shown for an unknown data-site where no bundle's own market applies (the unit
 * tests, which serve all nine); a shipped bundle falls back to its own market (docs/spec-readings.md).
 */
export const DEFAULT_SITE: Site = 'DE'

export function isSite(value: unknown): value is Site {
  return typeof value === 'string' && (SITES as readonly string[]).includes(value)
}
