/**
 * The per-site rules of the sign-up form (SPEC §2, §3 per-country form config, §5): one table,
 * one row per site. Adding a market means adding a row here and its texts, nothing else.
 */
import type { Site } from '../sites'
import { SALUTATION_ORDER, type Field, type Salutation } from './newsletter.constants'

/** 0 hidden, 1 shown and optional, 2 shown and required. */
export type FieldRule = 0 | 1 | 2

/**
 * Link targets (SPEC §3): privacy = privacyHintLink, dneConsent.privacyUrl and legalNotice.privacyUrl;
 * contact = dneConsent.contactUrl; voucher = voucherConditionLink; sample = legalNotice.exampleNewsletterUrl;
 * consent / info = newsletterLegal.newsletterHintUrl / usageUrl (Turkey's own pages).
 */
export interface SiteLinks {
  privacy: string
  contact: string
  voucher: string
  sample?: string
  consent?: string
  info?: string
}

export interface SiteRules {
  fields: Record<Field, FieldRule>
  /** Known values of a logged-in customer lock their field (SPEC §4: AT, HU, TR). */
  lockKnown: boolean
  /** The privacy hint under the consents (every site but TR). */
  privacyHint: boolean
  /**
   * Clicking the submit button is the newsletter consent (every site but TR, which asks with a
   * checkbox), so a visible sentence beside the button says what is agreed and that it can be
   * withdrawn (newsletter.submitConsent).
   */
  clickConsent: boolean
  salutations: readonly Salutation[]
  /** The order of the name fields: Hungarian puts the family name first, as Hungarians write their names. */
  nameOrder: readonly NameField[]
  links: SiteLinks
}

export type NameField = 'firstName' | 'lastName'
const GIVEN_NAME_FIRST: readonly NameField[] = ['firstName', 'lastName']
const FAMILY_NAME_FIRST: readonly NameField[] = ['lastName', 'firstName']

/** Content pages are slug-s<digits>.html (SPEC §2); the numbers are the same on every site. */
const page = (slug: string, id: number) => `/${slug}-s${id}.html`

/**
 * One row: field rules for salutation, names and the newsletter consent (legals), then the
 * slugs of the privacy, voucher-conditions and (optional) sample-newsletter pages.
 */
function row(
  salutation: FieldRule,
  names: FieldRule,
  legals: FieldRule,
  privacy: string,
  voucher: string,
  sample?: string,
): SiteRules {
  return {
    fields: { email: 2, salutation, firstName: names, lastName: names, legals },
    lockKnown: salutation + names > 0,
    privacyHint: !legals,
    clickConsent: !legals,
    salutations: SALUTATION_ORDER,
    nameOrder: GIVEN_NAME_FIRST,
    links: {
      privacy: page(privacy, 1003),
      contact: '/contact',
      voucher: page(voucher, 1012),
      sample: sample && page(sample, 1020),
    },
  }
}

const TR = row(0, 2, 2, 'gizlilik-politikasi', 'kupon-kosullari')
TR.links.consent = page('ticari-elektronik-ileti-onayi', 1030)
TR.links.info = page('kvkk-aydinlatma-metni', 1031)

const HU = row(2, 2, 0, 'adatvedelem', 'kuponfeltetelek', 'minta-hirlevel')
HU.nameOrder = FAMILY_NAME_FIRST

export const SITE_RULES: Record<Site, SiteRules> = {
  DE: row(0, 0, 0, 'datenschutz', 'gutscheinbedingungen', 'beispiel-newsletter'),
  AT: row(1, 1, 0, 'datenschutz', 'gutscheinbedingungen', 'beispiel-newsletter'),
  CH: row(0, 0, 0, 'datenschutz', 'gutscheinbedingungen'),
  CH_FR: row(0, 0, 0, 'protection-des-donnees', 'conditions-bon'),
  CZ: row(0, 0, 0, 'ochrana-osobnich-udaju', 'podminky-poukazu'),
  HU,
  SK: row(0, 0, 0, 'ochrana-osobnych-udajov', 'podmienky-poukazu'),
  TR,
  PL: row(0, 0, 0, 'ochrona-danych', 'warunki-bonu'),
}
