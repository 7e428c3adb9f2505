/** Every locale has exactly the reference locale's keys and placeholders; Swiss German never writes ß. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { flatten, loadDictionary, placeholders } from '../../build/product/locales.ts'
import { REFERENCE_LOCALE } from '../../build/product/markets.ts'
import { LOCALES, type Locale } from '../../src/contract/sites.ts'

const reference = flatten(await loadDictionary(REFERENCE_LOCALE))

/**
 * Placeholders a locale's text may have beyond the reference's: TR shows no privacy hint under
 * the consents (SiteRules.privacyHint), so its marketing consent points to the privacy policy
 * itself; the others' hint right below does that (docs/texts/README.md).
 */
const EXTRA: Partial<Record<Locale, Record<string, string[]>>> = {
  'tr-TR': { 'newsletter.dne': ['privacyLink'] },
}

test('the reference locale has texts', () => {
  assert.ok(Object.keys(reference).length > 0)
})

for (const locale of LOCALES) {
  test(`${locale} has the same keys as ${REFERENCE_LOCALE}`, async () => {
    const texts = flatten(await loadDictionary(locale))
    assert.equal(Object.keys(texts).sort(), Object.keys(reference).sort())
  })

  test(`${locale} uses the same placeholders in every text`, async () => {
    const texts = flatten(await loadDictionary(locale))
    for (const [key, text] of Object.entries(reference)) {
      const extra = EXTRA[locale]?.[key] ?? []
      assert.equal(
        placeholders(texts[key] ?? '').filter((p) => !extra.includes(p)),
        placeholders(text),
        `${locale} ${key}`,
      )
    }
  })

  test(`${locale} has no empty texts`, async () => {
    const empty = Object.entries(flatten(await loadDictionary(locale))).filter(
      ([, text]) => !text.trim(),
    )
    assert.equal(empty, [])
  })
}

test('de-CH writes "ss", never "ß"', async () => {
  const withEszett = Object.entries(flatten(await loadDictionary('de-CH'))).filter(([, text]) =>
    text.includes('ß'),
  )
  assert.equal(withEszett, [])
})

test.run()
