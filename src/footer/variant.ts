/**
 * The footer's variants (SPEC §4) and the sections each shows: the one place that decides. The
 * reduced variant (checkout pages, partner visits, the new app's web views) keeps the teaser
 * groups a visitor in checkout needs (not marked hideGroupInCheckout, with their logos) and the
 * bottom group; it has no newsletter, no SEO links and no icon groups. The reading of SPEC §4's
 * two reduced rules is in docs/spec-readings.md.
 */
import { AFFILIATE_COOKIE, NEW_APP_COOKIE } from '../contract/contract'
import { cookieReader } from '../cookies'
import type { Widget } from '../base/widget-context'

export interface FooterSections {
  variant: 'full' | 'reduced'
  newsletter: boolean
  seo: boolean
  icons: boolean
  /** Teaser groups marked hideGroupInCheckout are shown too. */
  checkoutHiddenGroups: boolean
}

/** Reduced when the page asks for it, or a reduced-variant cookie has any non-empty value. */
export function isReduced(widget: Pick<Widget, 'config' | 'document'>): boolean {
  if (widget.config.variant === 'reduced') return true
  const cookie = cookieReader(widget.document)
  return [AFFILIATE_COOKIE, NEW_APP_COOKIE].some((name) => (cookie(name) || '').trim())
}

/** The full variant shows every section; the reduced one none of those it may leave out. */
export function footerSections(widget: Pick<Widget, 'config' | 'document'>): FooterSections {
  const full = !isReduced(widget)
  return {
    variant: full ? 'full' : 'reduced',
    newsletter: full,
    seo: full,
    icons: full,
    checkoutHiddenGroups: full,
  }
}
