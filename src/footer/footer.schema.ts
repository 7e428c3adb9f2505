/**
 * The footer configuration per market (SPEC §3), as the promotion service sends it inside
 * `contentJSON`. One schema for the widget, the contract server's fixtures and the tests;
 * types are inferred from it. `type()` lets unknown fields through, so the CMS may add some.
 */
import {
  array,
  boolean,
  enums,
  number,
  optional,
  refine,
  string,
  type,
  type Infer,
} from 'superstruct'
import { safeUrl } from '../kit'

export const SOCIAL_ICONS = [
  'facebook',
  'twitter',
  'youtube',
  'pinterest',
  'instagram',
  'linkedin',
] as const
export const APP_ICONS = ['ios', 'android'] as const

/**
 * An address that may reach an href (the kit's safeUrl); an unsafe one fails here, with its path.
 * The message completes content.ts's log line: "<path> is an unsafe link; left out."
 */
const SafeUrl = refine(string(), 'SafeUrl', (url) => safeUrl(url) !== null || 'is an unsafe link')

const LinkSchema = type({ url: SafeUrl, text: string() })

const ImageSchema = type({ label: string(), source: string() })

const TeaserGroupSchema = type({
  heading: type({ iconName: optional(string()), link: LinkSchema }),
  hideGroupInCheckout: optional(boolean()),
  introductoryText: optional(string()),
  links: array(type({ link: LinkSchema, hideInClassic: optional(boolean()) })),
  images: optional(array(ImageSchema)),
})

export const SeoColumnSchema = type({ heading: optional(string()), links: array(LinkSchema) })

const CountrySchema = type({
  label: string(),
  code: string(),
  href: SafeUrl,
  flag: string(),
  flagName: string(),
  selected: optional(boolean()),
})

export const FooterContentSchema = type({
  headline: optional(string()),
  teaserGroups: array(TeaserGroupSchema),
  seo: type({ heading: string(), columns: array(SeoColumnSchema) }),
  socialMedia: type({
    heading: string(),
    socialMediaIcons: array(type({ iconName: enums(SOCIAL_ICONS), link: LinkSchema })),
  }),
  appReferences: type({
    heading: string(),
    appIcons: array(type({ iconName: enums(APP_ICONS), link: LinkSchema })),
  }),
  legalLinks: array(LinkSchema),
  viewChanger: optional(type({ toMobile: string(), toDesktop: string() })),
  qualityLogos: array(
    type({ link: LinkSchema, source: string(), width: number(), height: number() }),
  ),
  salesTax: optional(type({ textBeforeLink: string(), link: LinkSchema, textAfterLink: string() })),
  international: type({ heading: optional(string()), items: array(CountrySchema) }),
})

export type FooterContent = Infer<typeof FooterContentSchema>
export type FooterLink = Infer<typeof LinkSchema>
export type TeaserGroup = Infer<typeof TeaserGroupSchema>
export type SeoColumn = Infer<typeof SeoColumnSchema>
/** What survives parsing: every section may be missing when it was absent or broken. */
export type PartialContent = Partial<FooterContent>
