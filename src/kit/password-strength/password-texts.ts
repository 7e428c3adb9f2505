/**
 * Password strength texts in the page language. They live here, not in locales/, because the
 * page language (which may be da, sv or en) can differ from the bundle's locale; only the
 * password-strength component imports this, so bundles without it do not carry them.
 * Order: label (with its colon, typeset per language), weak, ok, strong, very strong; the
 * levels are adjectives agreeing with the label's noun (feminine síla/sila/siła, Swedish styrka).
 */
export const PASSWORD_TEXTS = {
  de: ['Passwortstärke:', 'schwach', 'mittel', 'stark', 'sehr stark'],
  fr: ['Sécurité du mot de passe\u00a0:', 'faible', 'moyenne', 'élevée', 'très élevée'],
  cs: ['Síla hesla:', 'slabá', 'střední', 'silná', 'velmi silná'],
  hu: ['Jelszó erőssége:', 'gyenge', 'közepes', 'erős', 'nagyon erős'],
  sk: ['Sila hesla:', 'slabá', 'stredná', 'silná', 'veľmi silná'],
  tr: ['Şifre gücü:', 'zayıf', 'orta', 'güçlü', 'çok güçlü'],
  pl: ['Siła hasła:', 'słaba', 'średnia', 'silna', 'bardzo silna'],
  da: ['Adgangskodens styrke:', 'svag', 'middel', 'stærk', 'meget stærk'],
  sv: ['Lösenordets styrka:', 'svag', 'medel', 'stark', 'mycket stark'],
  en: ['Password strength:', 'weak', 'fair', 'strong', 'very strong'],
} as const

export type PasswordLanguage = keyof typeof PASSWORD_TEXTS

/** "de-CH" -> "de"; an unknown language falls back to English. */
export function passwordLanguage(tag: string | null | undefined): PasswordLanguage {
  const primary = (tag ?? '').toLowerCase().split(/[-_]/)[0]
  return primary in PASSWORD_TEXTS ? (primary as PasswordLanguage) : 'en'
}

/** Texts for a page language tag. (None of the German ones has "ß", so de-CH needs no variant.) */
export function passwordTexts(tag: string | null | undefined): readonly string[] {
  return PASSWORD_TEXTS[passwordLanguage(tag)]
}
