/**
 * What the footer shows, derived from content and variant: which teaser groups, which logos,
 * and an id for every heading (letters, digits, hyphens; unique within the footer).
 */
import { headingIds } from './links'
import type { PartialContent, TeaserGroup } from './footer.schema'

export interface FooterView {
  groups: { group: TeaserGroup; id: string }[]
  /** Payment and delivery logos: the images of the shown teaser groups, each source once. */
  images: { label: string; source: string }[]
  seoId: string
  socialId: string
  appId: string
}

/**
 * Reduced variant (SPEC §4 lists "no ... teasers" and "only non-checkout teaser groups" side by
 * side). Our reading: the second rule refines the first, so reduced keeps the teaser groups not
 * marked hideGroupInCheckout (payment, delivery, service help a visitor in checkout) and drops the rest
 * (docs/spec-readings.md).
 */
export function buildView(content: PartialContent, reduced: boolean): FooterView {
  const id = headingIds()
  const groups = (content.teaserGroups ?? [])
    .filter((g) => !reduced || !g.hideGroupInCheckout)
    .map((group) => ({ group, id: id(group.heading.link.text) }))
  const seen = new Set<string>()
  const images = groups
    .flatMap(({ group }) => group.images ?? [])
    .filter((image) => !seen.has(image.source) && !!seen.add(image.source))
  return {
    groups,
    images,
    seoId: id(content.seo?.heading ?? 'seo'),
    socialId: id(content.socialMedia?.heading ?? 'social'),
    appId: id(content.appReferences?.heading ?? 'apps'),
  }
}
