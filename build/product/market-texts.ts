/**
 * The texts a market's footer bundle carries: its locale's dictionary without the texts of form
 * parts its market never shows (a bundle serves one market, docs/spec-readings.md). Every locale
 * holds every key (test/unit/locales.test.ts), so without this the German bundle would carry the
 * wording of Turkey's consent checkbox, and Turkey's the sentence of a submit-button consent.
 */
import type { FieldRule, SiteRules } from '../../src/newsletter/newsletter.sites.ts'
import type { Site } from '../../src/sites.ts'
import type { Dictionary } from './locales.ts'

/** The rules module reads the build's __SITE__ on load, so it is imported only once that is set (allRules). */
const isShown = (rule: FieldRule) => rule !== 'hidden'

/** Dotted key prefixes and when the form shows them, read from the market's form rules. */
const SHOWN_WHEN: ReadonlyArray<readonly [prefix: string, shown: (rules: SiteRules) => boolean]> = [
  ['newsletter.salutation', (r) => isShown(r.fields.salutation)],
  ['newsletter.choose', (r) => isShown(r.fields.salutation)],
  ['newsletter.errors.salutation', (r) => isShown(r.fields.salutation)],
  ['newsletter.firstName', (r) => isShown(r.fields.firstName)],
  ['newsletter.errors.firstName', (r) => isShown(r.fields.firstName)],
  ['newsletter.lastName', (r) => isShown(r.fields.lastName)],
  ['newsletter.errors.lastName', (r) => isShown(r.fields.lastName)],
  ['newsletter.newsletterConsent', (r) => isShown(r.fields.legals)],
  ['newsletter.errors.legals', (r) => isShown(r.fields.legals)],
  ['newsletter.consentLink', (r) => !!r.links.consent],
  ['newsletter.infoLink', (r) => !!r.links.info],
  ['newsletter.privacyHint', (r) => r.privacyHint],
  ['newsletter.submitConsent', (r) => r.clickConsent],
  ['newsletter.sample', (r) => !!r.links.sample],
]

/** The site rules of all nine markets, as the unit tests see them (src/newsletter/newsletter.sites.ts). */
async function allRules(): Promise<Record<Site, SiteRules>> {
  // The rules module reads the build's __SITE__; in Node it describes every market, as in the unit tests.
  const g = globalThis as { __SITE__?: null }
  if (!('__SITE__' in g)) g.__SITE__ = null
  return (await import('../../src/newsletter/newsletter.sites.ts')).SITE_RULES
}

/** `dictionary` without the texts `site`'s form never shows. */
export async function marketDictionary(dictionary: Dictionary, site: Site): Promise<Dictionary> {
  const rules = (await allRules())[site]
  const prune = (node: Dictionary, prefix: string): Dictionary => {
    const out: Dictionary = {}
    for (const [key, value] of Object.entries(node)) {
      const dotted = prefix + key
      const rule = SHOWN_WHEN.find(([p]) => dotted.startsWith(p))
      if (rule && !rule[1](rules)) continue
      out[key] = typeof value === 'string' ? value : prune(value, `${dotted}.`)
    }
    return out
  }
  return prune(dictionary, '')
}
