/**
 * Wording the law forbids, as far as a machine can tell it from one text (the "Legal terms" of
 * the style sheets in docs/texts/). Run by the locale lint with the typography rules.
 */
import type { Rule } from './locale-lint.rules.ts'

/** Fourteen days, in the languages of the markets whose law gives 14 days to withdraw (EU, Turkey). */
const FOURTEEN_DAYS = /(?:^|[^\d])14[\s\u00a0]*(?:Tage|dní|dnů|dni|nap|gün)/u
/** Returning goods or withdrawing from a purchase. */
const RETURNS =
  /Rückgabe|Rücktritt|Widerruf|zurück|vrác|vrát|odstoup|odstúp|visszakül|elállá|zwrot|odstąp|iade|cayma/iu
/** Words that name a right as the law's, not as the shop's offer. */
const STATUTORY = /gesetzlich|zákonn|ustawow|törvény|yasal/iu
/** Switzerland gives no statutory right to withdraw from an online purchase: any period there is the shop's. */
const NO_STATUTORY_WITHDRAWAL = new Set(['de-CH', 'fr-CH'])

/** Having read a notice, in the languages of the markets. */
const READ_IT =
  /okudum|okuduğumu|gelesen|zur Kenntnis|přečetl|prečítal|elolvastam|przeczytał|j’ai lu/iu
/** The keys of texts that a visitor ticks or clicks to consent. */
const CONSENT_KEY = /\.(?:newsletterConsent|dne|submitConsent)$/
/** The texts about the double opt-in click: the widget's prompt, button, success and landing, and the mail. */
const DOI_KEY = /\.(?:doiPrompt|doiConfirm|successTitle|success|confirmed|footnote)$|^mail /

export const LEGAL_RULES: Rule[] = [
  // The UWG blacklist (AT Anhang Z 10, DE Anhang Nr. 10, Directive 2005/29 Annex I No. 10):
  // presenting a right the law gives every consumer as a feature of the offer.
  ({ locale, text }) =>
    !NO_STATUTORY_WITHDRAWAL.has(locale) &&
    FOURTEEN_DAYS.test(text) &&
    RETURNS.test(text) &&
    !STATUTORY.test(text)
      ? 'the statutory 14-day withdrawal period presented as a feature of the offer (blacklisted)'
      : null,
  // A consent is given freely and apart from other statements; the privacy notice (KVKK
  // Aydınlatma Metni, GDPR Art. 13) is information, never something the visitor ticks to confirm.
  ({ where, text }) =>
    CONSENT_KEY.test(where) && READ_IT.test(text)
      ? 'a consent label acknowledges reading the privacy notice: link the notice apart from it'
      : null,
  // A consent is given to someone who can receive it: the shop, not a brand (Polish "od marki").
  ({ locale, where, text }) =>
    locale === 'pl-PL' && CONSENT_KEY.test(where) && /\bod marki\b/u.test(text)
      ? 'a consent names a brand as its receiver: name the shop (od sklepu)'
      : null,
  // Turkish "onay" is the consent of Law 6563 (recorded in the İYS); the click in the mail is
  // "doğrulama", so a reader never takes an unconfirmed sign-up for a missing consent.
  ({ locale, where, text }) =>
    locale === 'tr-TR' && (/onaylanma/iu.test(text) || (DOI_KEY.test(where) && /onay/iu.test(text)))
      ? '"onay" is the consent of Law 6563: the double opt-in click is "doğrulama"'
      : null,
]
