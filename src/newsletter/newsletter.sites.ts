/**
 * The per-site rules of the sign-up form (SPEC §2, §3 per-country form config, §5): one table,
 * one row per site. Adding a market means adding a row here and its texts, nothing else.
 */
import type { Site } from '../contract/sites'
import { SALUTATIONS, type Field, type Salutation } from '../contract/newsletter.constants'

/** Whether a field is on the form, and whether the visitor must fill it. */
export type FieldRule = 'hidden' | 'optional' | 'required'

export const isShown = (rule: FieldRule) => rule !== 'hidden'

/** The fields a customer account can know (and a site may lock: `lockPrefilled`). */
export const LOCK_FIELDS = ['email', 'salutation', 'firstName', 'lastName'] as const

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

export type NameField = 'firstName' | 'lastName'

/** One market's sign-up form, as a shop editor would describe it. */
interface MarketForm {
  salutation: FieldRule
  /** First and last name, always together. */
  names: FieldRule
  /**
   * How the visitor agrees to the newsletter: by clicking the submit button (a visible sentence
   * beside it says what is agreed and that it can be withdrawn; the privacy hint sits under the
   * consents), or by ticking a required checkbox of its own (Turkey).
   */
  newsletterConsent: 'submit-button' | 'checkbox'
  /** Known values of a logged-in customer lock their field (SPEC §4: AT, HU, TR). */
  lockPrefilled: boolean
  /** Hungarian puts the family name first, as Hungarians write their names. */
  familyNameFirst?: boolean
  /**
   * Slugs of the market's content pages: the privacy notice as the market's footer names it, the
   * voucher conditions, the sample newsletter, Turkey's consent text and information notice.
   */
  pages: { privacy: string; voucher: string; sample?: string; consent?: string; info?: string }
}

/** What the form, its validation and its requests read: derived from a MarketForm, the same way for every market. */
export interface SiteRules {
  fields: Record<Field, FieldRule>
  lockPrefilled: boolean
  /** The privacy hint under the consents: with the submit-button consent. */
  privacyHint: boolean
  /** The submit button is the newsletter consent, with the sentence beside it (newsletter.submitConsent). */
  clickConsent: boolean
  salutations: readonly Salutation[]
  /**
   * The market's fields in the order the form shows them, hidden ones left out: the form renders
   * them in it (the e-mail always first, the newsletter consent after the legal notice), and
   * validation names their errors in it.
   */
  order: readonly Field[]
  links: SiteLinks
}

/**
 * Content pages are slug-s<digits>.html (SPEC §2), and one page has one address: the privacy
 * notice (and Turkey's information notice, the same page) is the footer's own legal page s1031,
 * and the sign-up's own pages have numbers that no footer page uses. The numbers are the same on
 * every site; test/unit/footer-fixtures.test.ts holds them and each market's footer together.
 */
const page = (slug: string | undefined, id: number) => slug && `/${slug}-s${id}.html`

function rules(form: MarketForm): SiteRules {
  const click = form.newsletterConsent === 'submit-button'
  const fields: Record<Field, FieldRule> = {
    email: 'required',
    salutation: form.salutation,
    firstName: form.names,
    lastName: form.names,
    legals: click ? 'hidden' : 'required',
  }
  const names: Field[] = form.familyNameFirst
    ? ['lastName', 'firstName']
    : ['firstName', 'lastName']
  return {
    fields,
    lockPrefilled: form.lockPrefilled,
    privacyHint: click,
    clickConsent: click,
    salutations: SALUTATIONS,
    order: ['email', 'salutation', ...names, 'legals'].filter((f) =>
      isShown(fields[f as Field]),
    ) as Field[],
    links: {
      privacy: page(form.pages.privacy, 1031)!,
      contact: '/contact',
      voucher: page(form.pages.voucher, 1040)!,
      sample: page(form.pages.sample, 1041),
      consent: page(form.pages.consent, 1042),
      info: page(form.pages.info, 1031),
    },
  }
}

/** The common form: e-mail only, the submit button as consent; AT and HU add fields to it. */
const EMAIL_ONLY = {
  salutation: 'hidden',
  names: 'hidden',
  newsletterConsent: 'submit-button',
  lockPrefilled: false,
} as const

const GERMAN_PAGES = { privacy: 'datenschutz', voucher: 'gutscheinbedingungen' }

/** Turkey's privacy pointer and its information notice are one page, the footer's KVKK Aydınlatma Metni. */
const TR_NOTICE = 'kvkk-aydinlatma-metni'

/**
 * One row per market. A shipped bundle serves one market (__SITE__, src/ambient.d.ts), so each
 * other row's condition is false at build time and its form is dropped from the bundle; the unit
 * tests (__SITE__ null) carry all nine. The cast holds because the embed config only ever yields
 * the bundle's own market (src/config.ts).
 */
export const SITE_RULES = {
  DE:
    __SITE__ === null || __SITE__ === 'DE'
      ? rules({
          ...EMAIL_ONLY,
          pages: { ...GERMAN_PAGES, sample: 'beispiel-newsletter' },
        })
      : undefined,
  AT:
    __SITE__ === null || __SITE__ === 'AT'
      ? rules({
          ...EMAIL_ONLY,
          salutation: 'optional',
          names: 'optional',
          lockPrefilled: true,
          pages: { ...GERMAN_PAGES, sample: 'beispiel-newsletter' },
        })
      : undefined,
  CH:
    __SITE__ === null || __SITE__ === 'CH'
      ? rules({ ...EMAIL_ONLY, pages: { ...GERMAN_PAGES, privacy: 'datenschutzerklaerung' } })
      : undefined,
  CH_FR:
    __SITE__ === null || __SITE__ === 'CH_FR'
      ? rules({
          ...EMAIL_ONLY,
          pages: { privacy: 'declaration-protection-donnees', voucher: 'conditions-bon' },
        })
      : undefined,
  CZ:
    __SITE__ === null || __SITE__ === 'CZ'
      ? rules({
          ...EMAIL_ONLY,
          pages: { privacy: 'ochrana-osobnich-udaju', voucher: 'podminky-poukazu' },
        })
      : undefined,
  HU:
    __SITE__ === null || __SITE__ === 'HU'
      ? rules({
          ...EMAIL_ONLY,
          salutation: 'required',
          names: 'required',
          lockPrefilled: true,
          familyNameFirst: true,
          pages: { privacy: 'adatvedelem', voucher: 'kuponfeltetelek', sample: 'minta-hirlevel' },
        })
      : undefined,
  SK:
    __SITE__ === null || __SITE__ === 'SK'
      ? rules({
          ...EMAIL_ONLY,
          pages: { privacy: 'ochrana-osobnych-udajov', voucher: 'podmienky-poukazu' },
        })
      : undefined,
  TR:
    __SITE__ === null || __SITE__ === 'TR'
      ? rules({
          salutation: 'hidden',
          names: 'required',
          newsletterConsent: 'checkbox',
          lockPrefilled: true,
          pages: {
            privacy: TR_NOTICE,
            voucher: 'kupon-kosullari',
            consent: 'ticari-elektronik-ileti-onayi',
            info: TR_NOTICE,
          },
        })
      : undefined,
  PL:
    __SITE__ === null || __SITE__ === 'PL'
      ? rules({ ...EMAIL_ONLY, pages: { privacy: 'ochrona-danych', voucher: 'warunki-bonu' } })
      : undefined,
} as Record<Site, SiteRules>
