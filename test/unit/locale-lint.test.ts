/**
 * What a machine can check of the texts' quality, over every string a visitor or recipient reads:
 * the locale bundles, the footer content per market and the double opt-in mails. The rules are
 * the mechanical part of the style sheets in docs/texts/ (one per language); the rest needs a
 * native reader. {{brand}} is filled in, so a rule that depends on the brand's first letter
 * (Hungarian a/az) holds for the brand actually shipped.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { flatten, loadDictionary } from '../../build/product/locales.ts'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { MAIL_TEXTS } from '../../server/core/routes/newsletter-mail.ts'
import { BRAND } from '../../src/contract/brand.ts'
import {
  LOCALES,
  SITES,
  SITE_LOCALE,
  isSite,
  type Locale,
  type Site,
} from '../../src/contract/sites.ts'
import { invisibleLiterals, lint, type Text } from './locale-lint.rules.ts'

const NBSP = '\u00a0'
const NNBSP = '\u202f'

/** Keys of the footer content that hold addresses or names of things, not text. */
const NOT_TEXT = new Set(['url', 'href', 'iconName', 'source', 'flag', 'code'])

function fixtureTexts(site: Site): Text[] {
  const file = `fixtures/footer/${site.toLowerCase()}.json`
  const out: Text[] = []
  const walk = (value: unknown, where: string, locale: Locale) => {
    if (typeof value === 'string') out.push({ where, locale, text: value })
    else if (Array.isArray(value))
      value.forEach((v, i) => {
        walk(v, `${where}[${i}]`, locale)
      })
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>
      // A country's name in the switcher is written in that country's language (it carries that lang).
      const code = typeof record.code === 'string' ? record.code.toUpperCase() : ''
      const own = isSite(code) ? SITE_LOCALE[code] : locale
      for (const [key, v] of Object.entries(record))
        if (!NOT_TEXT.has(key)) walk(v, `${where}.${key}`, key === 'label' ? own : locale)
    }
  }
  walk(JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')), file, SITE_LOCALE[site])
  return out
}

const fill = (text: string) => text.replace(/\{\{\s*brand\s*\}\}/g, BRAND)

const localeTexts = async (locale: Locale): Promise<Text[]> =>
  Object.entries(flatten(await loadDictionary(locale))).map(([key, text]) => ({
    where: `locales ${key}`,
    locale,
    text: fill(text),
  }))

const mailTexts = (locale: Locale): Text[] =>
  Object.entries(MAIL_TEXTS[locale]).map(([key, text]) => ({ where: `mail ${key}`, locale, text }))

for (const locale of LOCALES) {
  test(`${locale}: locale texts follow the language's typography and spellings`, async () => {
    assert.equal(lint(await localeTexts(locale)), [])
  })
  test(`${locale}: the double opt-in mail follows the language's typography and spellings`, () => {
    assert.equal(lint(mailTexts(locale)), [])
  })
}

for (const site of SITES) {
  test(`${site}: footer content follows the language's typography and spellings`, () => {
    assert.equal(lint(fixtureTexts(site)), [])
  })
}

/** The files that hold every text a visitor or recipient reads, as written in the repository. */
const TEXT_FILES = [
  ...LOCALES.flatMap((locale) => {
    const folder = path.join('locales', locale)
    try {
      return readdirSync(path.join(REPO_ROOT, folder)).map((file) => path.join(folder, file))
    } catch {
      return [] // a locale that inherits every text (de-AT) has no folder
    }
  }),
  ...SITES.map((site) => `fixtures/footer/${site.toLowerCase()}.json`),
  'server/core/routes/newsletter-mail.ts',
  'src/kit/password-strength/password-texts.ts',
]

test('no invisible character is written literally: no-break spaces, soft hyphens and the like are escapes', () => {
  const found = TEXT_FILES.flatMap((file) =>
    invisibleLiterals(readFileSync(path.join(REPO_ROOT, file), 'utf8')).map((f) => `${file}:${f}`),
  )
  assert.equal(found, [])
})

test('the social-media link to X goes to x.com and is named X in every market', () => {
  for (const site of SITES) {
    const content = JSON.parse(
      readFileSync(path.join(REPO_ROOT, `fixtures/footer/${site.toLowerCase()}.json`), 'utf8'),
    ) as {
      socialMedia: { socialMediaIcons: { iconName: string; link: { url: string; text: string } }[] }
    }
    const x = content.socialMedia.socialMediaIcons.find(
      (i) => i.iconName === 'twitter' || i.iconName === 'x',
    )!
    assert.match(x.link.url, /^https:\/\/x\.com\//, site)
    assert.match(x.link.text, /(^|[\s\u00a0])X($|[\s\u00a0’-])/, site)
  }
})

test('the rules catch what they are for', () => {
  const bad: [Locale, string, string?][] = [
    ['hu-HU', 'A Lumora a(z) Facebook oldalon'],
    ['hu-HU', 'a Instagramon'],
    ['de-DE', 'Lumora bei Youtube'],
    ['pl-PL', 'Lumora na Linkedin'],
    ['fr-CH', 'Vous y êtes presque !'],
    ['fr-CH', 'Drapeau : Česko'],
    ['fr-CH', 'Le bon de 10 % est valable'],
    ['de-DE', 'Mit Klick auf "Jetzt anmelden"'],
    ['de-DE', 'z. B. über den Link'],
    ['de-CH', 'regelmäßig'],
    ['cs-CZ', 'Lumora v App Storu'],
    ['sk-SK', 'Doprava zadarmo od 40 €'],
    ['pl-PL', 'Dom i kuchnia'],
    ['tr-TR', '1000 TL ve üzeri'],
    ['tr-TR', '10% indirim'],
    ['de-AT', `14${NBSP}Tage Rückgaberecht und Lieferung in ganz Österreich.`],
    ['cs-CZ', `Na odstoupení od smlouvy máte 14${NBSP}dní.`],
    [
      'tr-TR',
      '{{consentLink}} kapsamında onay veriyorum. {{infoLink}} okudum.',
      '.newsletterConsent',
    ],
    ['cs-CZ', ' najdete zde.', '.salesTax.textAfterLink'],
    ['sk-SK', 'Informácie o {{link}} nájdete tu.'],
    ['hu-HU', 'Megerősítés nélkül a feliratkozás 48 óra elteltével érvényét veszti.'],
    ['tr-TR', 'Müşteri hizmetleri: 0850 555 01 23'],
    ['tr-TR', 'Açık rızamı dilediğim zaman geri alabilirim: {{contactLink}}.'],
    ['pl-PL', 'wyrażam zgodę na otrzymywanie od marki Lumora', '.submitConsent'],
    ['tr-TR', `14${NBSP}gün içinde onaylanmayan kayıtlar silinir.`],
    ['tr-TR', 'Son bir adım kaldı: Lütfen bülten aboneliğinizi onaylayın.', '.doiPrompt'],
    ['tr-TR', 'Aboneliği onayla', 'mail action'],
    ['hu-HU', '10%-os', '.discount'],
    [
      'de-DE',
      'Den Gutschein erhalten Sie per E-Mail, sobald Sie Ihre Anmeldung bestätigt haben.',
      'locales newsletter.footnote',
    ],
  ]
  assert.equal(
    invisibleLiterals('"a": "Plus qu’un clic\u00a0:",\n"b": "Willkommens\u00adgutschein"'),
    ['1: U+00A0', '2: U+00AD'],
  )
  assert.equal(invisibleLiterals('"a": "Plus qu’un clic\\u00a0: 10\\u202f%"'), [])
  for (const [locale, text, where = 'sample'] of bad)
    assert.ok(lint([{ where, locale, text }]).length, `${locale}: ${text}`)
  const good: [Locale, string][] = [
    ['hu-HU', 'A Lumora a Facebookon'],
    ['hu-HU', 'A Lumora az X-en'],
    ['fr-CH', `Vous y êtes presque${NNBSP}!`],
    ['de-DE', `Mit Klick auf „Jetzt anmelden“ z.${NNBSP}B. 10${NNBSP}%`],
    ['cs-CZ', `Lumora v${NBSP}App Storu`],
    ['tr-TR', `1.000${NBSP}TL ve üzeri %10${NBSP}indirim`],
    ['de-CH', `3${NBSP}Monate Rückgaberecht und Lieferung in die ganze Schweiz.`],
    [
      'de-DE',
      `30${NBSP}Tage Rückgaberecht. Es gilt das gesetzliche Widerrufsrecht von 14${NBSP}Tagen.`,
    ],
    ['tr-TR', `Açık rızamı dilediğim zaman {{contactLink}} üzerinden geri alabilirim.`],
    ['sk-SK', 'Všetky ceny sú uvedené vrátane DPH, bez {{link}}.'],
    ['tr-TR', `0850${NBSP}555${NBSP}01${NBSP}23`],
  ]
  for (const [locale, text] of good)
    assert.equal(lint([{ where: 'sample', locale, text }]), [], `${locale}: ${text}`)
})

test.run()
