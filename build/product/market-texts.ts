/**
 * The texts a market's footer bundle carries: its locale's dictionary without the texts of form
 * parts its market never shows (a bundle serves one market, docs/spec-readings.md). Every locale
 * holds every key (test/unit/locales.test.ts), so without this the German bundle would carry the
 * wording of Turkey's consent checkbox, and Turkey's the sentence of a submit-button consent.
 */
import type { FieldRule, SiteRules } from '../../src/newsletter/newsletter.sites.ts'
import type * as esbuild from 'esbuild'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Site } from '../../src/contract/sites.ts'
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

/**
 * What a footer bundle's texts are cut to: its market, the kit texts its code names, and the
 * texts a lazily loaded file carries instead (build/product/build.ts LAZY_FILES `texts`).
 */
export interface MarketTexts {
  site: Site
  kitTexts: Set<string>
  inFiles: ReadonlySet<string>
}

/**
 * The kit texts (`kit.*` keys) named by the modules a bundle keeps: a kit component names its
 * texts in full (`t('kit.button.loading')`), so a kit text no kept module names is never shown
 * (the kit gallery's components, such as the text slider, are not in the footer). Metafile paths
 * are relative to the working directory, as esbuild writes them.
 */
export async function kitTextsNamed(metafile: esbuild.Metafile): Promise<Set<string>> {
  const kept = Object.values(metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([file, input]) => input.bytesInOutput > 0 && /\.tsx?$/.test(file))
      .map(([file]) => file),
  )
  const named = new Set<string>()
  for (const file of kept)
    for (const [, key] of (await readFile(path.resolve(file), 'utf8')).matchAll(/'(kit\.[\w.]+)'/g))
      named.add(key)
  return named
}

/**
 * `dictionary` without the texts `site`'s form never shows, the kit texts its code never names
 * and the texts a lazily loaded file brings.
 */
export async function marketDictionary(
  dictionary: Dictionary,
  { site, kitTexts, inFiles }: MarketTexts,
): Promise<Dictionary> {
  const rules = (await allRules())[site]
  const prune = (node: Dictionary, prefix: string): Dictionary => {
    const out: Dictionary = {}
    for (const [key, value] of Object.entries(node)) {
      const dotted = prefix + key
      const rule = SHOWN_WHEN.find(([p]) => dotted.startsWith(p))
      if (rule && !rule[1](rules)) continue
      if (inFiles.has(dotted)) continue
      if (dotted.startsWith('kit.') && typeof value === 'string' && !kitTexts.has(dotted)) continue
      out[key] = typeof value === 'string' ? value : prune(value, `${dotted}.`)
    }
    return out
  }
  return prune(dictionary, '')
}

/**
 * Only the texts of `keys` (dotted) in `dictionary`, nested as there: what a lazily loaded file
 * adds to its footer's dictionary (src/i18n/i18n.ts addTexts). A key the dictionary lacks stops
 * the build: the file would show an empty text.
 */
export function fileTexts(dictionary: Dictionary, keys: readonly string[]): Dictionary {
  const out: Dictionary = {}
  for (const key of keys) {
    const path = key.split('.')
    let from: string | Dictionary | undefined = dictionary
    let into = out
    for (const [i, part] of path.entries()) {
      from = typeof from === 'object' ? from[part] : undefined
      if (i === path.length - 1) {
        if (typeof from !== 'string') throw new Error(`${key} is no text of the dictionary`)
        into[part] = from
      } else {
        into[part] ??= {}
        into = into[part] as Dictionary
      }
    }
  }
  return out
}
