/**
 * Build- and demo-side facts per market, keyed by the widget's own site list so a
 * market cannot be added in one place and forgotten in another (the Record type
 * makes the compiler insist on every site).
 */
import { SITES, SITE_LOCALE, type Locale, type Site } from '../../src/contract/sites.ts'

export interface Market {
  site: Site
  locale: Locale
  /** Path of the demo host page on the contract server. */
  path: string
  /** Code used by the country switcher (SPEC §2 Country switcher). */
  switcherCode: string
  /** Human name for demo pages and reports. */
  name: string
  /** Language tag for the host page's <html lang>. */
  lang: string
}

const FACTS: Record<Site, Omit<Market, 'site' | 'locale'>> = {
  DE: { path: '/de/', switcherCode: 'de', name: 'Deutschland', lang: 'de-DE' },
  AT: { path: '/at/', switcherCode: 'at', name: 'Österreich', lang: 'de-AT' },
  CH: { path: '/ch/', switcherCode: 'ch', name: 'Schweiz (Deutsch)', lang: 'de-CH' },
  CH_FR: { path: '/ch-fr/', switcherCode: 'ch_fr', name: 'Suisse (français)', lang: 'fr-CH' },
  CZ: { path: '/cz/', switcherCode: 'cz', name: 'Česko', lang: 'cs-CZ' },
  HU: { path: '/hu/', switcherCode: 'hu', name: 'Magyarország', lang: 'hu-HU' },
  SK: { path: '/sk/', switcherCode: 'sk', name: 'Slovensko', lang: 'sk-SK' },
  TR: { path: '/tr/', switcherCode: 'tr', name: 'Türkiye', lang: 'tr-TR' },
  PL: { path: '/pl/', switcherCode: 'pl', name: 'Polska', lang: 'pl-PL' },
}

export const MARKETS: Market[] = SITES.map((site) => ({
  site,
  locale: SITE_LOCALE[site],
  ...FACTS[site],
}))

export { LOCALE_PARENT } from '../../src/contract/sites.ts'

/** The reference locale: every other locale must have exactly its keys and placeholders. */
export const REFERENCE_LOCALE: Locale = 'de-DE'
/** The reference locale's market: bundles built once (preview, kit gallery) are built for it. */
export const REFERENCE_SITE: Site = 'DE'
