/**
 * The per-site rules of the sign-up form (SPEC §2, §3 per-country form config, §5): one table,
 * one row per site. Adding a market means adding a row here and its texts, nothing else.
 */
import type { Site } from '../sites'
import { SALUTATION_ORDER, type Field, type Salutation } from './newsletter.schema'

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
  lockKnown?: boolean
  /** The privacy hint under the consents (every site but TR). */
  privacyHint: boolean
  salutations: readonly Salutation[]
  links: SiteLinks
}

const row = (salutation: FieldRule, names: FieldRule, legals: FieldRule, links: SiteLinks, lockKnown = false): SiteRules => ({
  fields: { email: 2, salutation, firstName: names, lastName: names, legals },
  lockKnown,
  privacyHint: !legals,
  salutations: SALUTATION_ORDER,
  links,
})

const de = (sample: boolean): SiteLinks => ({
  privacy: '/datenschutz-s1003.html',
  contact: '/contact',
  voucher: '/gutscheinbedingungen-s1012.html',
  sample: sample ? '/beispiel-newsletter-s1020.html' : undefined,
})

export const SITE_RULES: Record<Site, SiteRules> = {
  DE: row(0, 0, 0, de(true)),
  AT: row(1, 1, 0, de(true), true),
  CH: row(0, 0, 0, de(false)),
  CH_FR: row(0, 0, 0, { privacy: '/protection-des-donnees-s1003.html', contact: '/contact', voucher: '/conditions-bon-s1012.html' }),
  CZ: row(0, 0, 0, { privacy: '/ochrana-osobnich-udaju-s1003.html', contact: '/contact', voucher: '/podminky-poukazu-s1012.html' }),
  HU: row(2, 2, 0, { privacy: '/adatvedelem-s1003.html', contact: '/contact', voucher: '/kuponfeltetelek-s1012.html', sample: '/minta-hirlevel-s1020.html' }, true),
  SK: row(0, 0, 0, { privacy: '/ochrana-osobnych-udajov-s1003.html', contact: '/contact', voucher: '/podmienky-poukazu-s1012.html' }),
  TR: row(0, 2, 2, { privacy: '/gizlilik-politikasi-s1003.html', contact: '/contact', voucher: '/kupon-kosullari-s1012.html', consent: '/ticari-elektronik-ileti-onayi-s1030.html', info: '/kvkk-aydinlatma-metni-s1031.html' }, true),
  PL: row(0, 0, 0, { privacy: '/ochrona-danych-s1003.html', contact: '/contact', voucher: '/warunki-bonu-s1012.html' }),
}
