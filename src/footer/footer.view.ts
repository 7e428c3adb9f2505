/**
 * What the footer shows, derived from content and variant: which teaser groups, which logos,
 * and an id for every heading (letters, digits, hyphens; unique within the footer).
 */
import { headingIds } from './links'
import { isLogoSource } from './logos'
import type { PartialContent, TeaserGroup } from './footer.schema'
import type { FooterSections } from './variant'

export interface FooterView {
  groups: { group: TeaserGroup; id: string }[]
  /** Payment and delivery logos: the images of the shown teaser groups, each known source once. */
  images: { label: string; source: string }[]
  /** The hidden headline's, which names the footer landmark. */
  headlineId: string
  seoId: string
  socialId: string
  appId: string
}

/** The view of the content for the variant's sections (variant.ts). */
export function buildView(content: PartialContent, sections: FooterSections): FooterView {
  const { teaserGroups = [], seo, socialMedia, appReferences, headline } = content
  const id = headingIds()
  const groups = teaserGroups
    .filter((g) => sections.checkoutHiddenGroups || !g.hideGroupInCheckout)
    .map((group) => ({ group, id: id(group.heading.link.text) }))
  const seen = new Set<string>()
  const images = groups
    .flatMap(({ group }) => group.images || [])
    .filter(({ source }) => isLogoSource(source) && !seen.has(source) && !!seen.add(source))
  return {
    groups,
    images,
    headlineId: id(headline || 'headline'),
    seoId: id(seo ? seo.heading : 'seo'),
    socialId: id(socialMedia ? socialMedia.heading : 'social'),
    appId: id(appReferences ? appReferences.heading : 'apps'),
  }
}
