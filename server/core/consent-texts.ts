/**
 * Which words a visitor agreed to. A sign-up names its consent-text version, derived from the
 * shipped text itself: the locale's newsletter strings that make up a consent (the legal notice,
 * the consent sentences and checkbox labels, the button they refer to, the texts of their links)
 * as the build reads them from locales/ (a child locale over its parent), and the brand they name.
 * The version is the locale and a hash of those words, so a changed word is a new version; the
 * store archives each version's words once (consent_texts), and the export shows them.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { BRAND } from '../../src/contract/brand.ts'
import { LOCALE_PARENT, type Locale } from '../../src/contract/sites.ts'
import type { ConsentText } from './store/store.ts'

/** The newsletter strings a consent is made of, in every market that shows them. */
export const CONSENT_KEYS = [
  'legalTitle',
  'legal',
  'privacyLink',
  'dne',
  'contactLink',
  'newsletterConsent',
  'consentLink',
  'infoLink',
  'privacyHint',
  'submit',
  'submitConsent',
] as const

const LOCALES_DIR = path.join(REPO_ROOT, 'locales')

/** A locale's newsletter strings: its parent's with its own on top (as build/product/locales.ts). */
function newsletterStrings(locale: Locale): Record<string, unknown> {
  const parent = LOCALE_PARENT[locale]
  const file = path.join(LOCALES_DIR, locale, 'newsletter.json')
  const own = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
  return { ...(parent ? newsletterStrings(parent) : {}), ...own }
}

/** The consent text a locale's widget shows: its version and its words. */
export function consentTextOf(locale: Locale): ConsentText {
  const strings = newsletterStrings(locale)
  const texts: Record<string, string> = { brand: BRAND }
  for (const key of CONSENT_KEYS) {
    const text = strings[key]
    if (typeof text !== 'string') throw new Error(`locales/${locale}: newsletter.${key} is missing`)
    texts[key] = text
  }
  const hash = createHash('sha256').update(JSON.stringify(texts)).digest('hex').slice(0, 16)
  return { version: `${locale}.${hash}`, locale, texts }
}

const known = new Map<Locale, ConsentText>()

/** The consent text of a locale, read from locales/ once per process. */
export function consentText(locale: Locale): ConsentText {
  let text = known.get(locale)
  if (!text) {
    text = consentTextOf(locale)
    known.set(locale, text)
  }
  return text
}
