/**
 * Logo sources (SPEC §3): one fixed list of partner, payment, carrier and trust-mark logos,
 * each an SVG of the same name in the footer logo folder. The list stays a list of names,
 * not a table of paths, because every visitor downloads it.
 */
import { log } from '../log'
import { LOGO_FOLDER } from '../contract/contract'
import type { PartialContent } from './footer.schema'

export const LOGO_SOURCES = [
  'partner-lumora-card',
  'partner-coffee-club',
  'payment-invoice',
  'payment-card',
  'payment-direct-debit',
  'payment-instalments',
  'payment-prepayment',
  'payment-cash-on-delivery',
  'payment-wallet',
  'carrier-parcel',
  'carrier-express',
  'carrier-freight',
  'carrier-pickup-point',
  'trust-secure-shop',
  'trust-eco-label',
  'trust-fair-trade',
] as const

export const isLogoSource = (source: string) => (LOGO_SOURCES as readonly string[]).includes(source)

/** The image path of a logo source, or '' for a source not in the list: no broken image. */
export function logoPath(source: string, origin = ''): string {
  return isLogoSource(source) ? `${origin}${LOGO_FOLDER}${source}.svg` : ''
}

/**
 * Logs each source the content names that is not in the list, once, when the content is read
 * (not while rendering, which happens again and again): its logo is left out, a quality logo
 * shows its text instead.
 */
export function reportUnknownLogos(content: PartialContent): void {
  const { teaserGroups = [], qualityLogos = [] } = content
  const images = [...teaserGroups.flatMap((group) => group.images || []), ...qualityLogos]
  for (const source of new Set(images.map((image) => image.source)))
    if (!isLogoSource(source)) log.warn('W16', source)
}

/** Flag images live in the logo folder too (SPEC §2 Country switcher); only plain file names are accepted. */
export function flagPath(file: string, origin = ''): string {
  return /^[\w-]+\.(svg|png)$/.test(file) ? `${origin}${LOGO_FOLDER}${file}` : ''
}
