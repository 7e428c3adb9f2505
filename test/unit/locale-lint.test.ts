/**
 * What a machine can check of the texts' quality, over every string a visitor or recipient reads:
 * the locale bundles, the footer content per market and the double opt-in mails. The rules are
 * the mechanical part of the style sheets in docs/texts/ (one per language); the rest needs a
 * native reader. {{brand}} is filled in, so a rule that depends on the brand's first letter
 * (Hungarian a/az) holds for the brand actually shipped.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { flatten, loadDictionary } from '../../build/product/locales.ts'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { MAIL_TEXTS } from '../../build/contract-server/routes/newsletter-mail.ts'
import { BRAND } from '../../src/brand.ts'
import { LOCALES, SITES, SITE_LOCALE, isSite, type Locale, type Site } from '../../src/sites.ts'

interface Text {
  where: string
  locale: Locale
  text: string
}

const NBSP = '\u00a0'
const NNBSP = '\u202f'

const language = (locale: Locale) => locale.split('-')[0]

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

/** Opening and closing quotation marks per language (double, then single where used). */
const QUOTES: Record<string, [string, string]> = {
  'de-DE': ['„', '“'],
  'de-AT': ['„', '“'],
  // Swiss typography: guillemets, without spaces in German.
  'de-CH': ['«', '»'],
  'fr-CH': ['«', '»'],
  'cs-CZ': ['„', '“'],
  'sk-SK': ['„', '“'],
  'hu-HU': ['„', '”'],
  'pl-PL': ['„', '”'],
  'tr-TR': ['“', '”'],
}
const ALL_QUOTES = '„“”«»"'

/** One-letter words that must not end a line: followed by a no-break space, never a normal one. */
const ONE_LETTER: Record<string, string> = { cs: 'aikosuvz', sk: 'aikosuvz', pl: 'aiouwz' }

const CURRENCY = '(?:€|Kč|zł|TL|CHF|Ft|EUR|CZK|PLN)'

type Rule = (t: Text) => string | null

const RULES: Rule[] = [
  ({ text }) =>
    /\ba\(z\)|\(-?aś\)|\(a\)|\(e\)|·e\b|\(in\)/i.test(text)
      ? 'template leftover like a(z), (a), ·e'
      : null,
  ({ text }) =>
    /\{\{|\}\}/.test(text.replace(/\{\{\s*\w+\s*\}\}/g, '')) ? 'broken placeholder' : null,
  ({ text }) =>
    /\bYoutube|\bYouTUBE|\bLinkedin\b|\bLinkedIN\b|\bTwitter|\bTweet/.test(text)
      ? 'platform spelling: YouTube, LinkedIn, X'
      : null,
  ({ text }) => (/["']/.test(text) ? 'straight quotation mark or apostrophe' : null),
  ({ text }) => (text.includes('...') ? 'three dots instead of …' : null),
  ({ text }) => (/ {2}/.test(text) ? 'double space' : null),
  ({ locale, text }) => {
    const [open, close] = QUOTES[locale]
    const foreign = [...ALL_QUOTES].filter((q) => q !== open && q !== close && text.includes(q))
    if (foreign.length) return `quotation marks of another language: ${foreign.join(' ')}`
    if (open !== close && text.split(open).length !== text.split(close).length)
      return 'unbalanced quotation marks'
    return null
  },
  ({ locale, text }) => {
    if (locale === 'fr-CH') {
      if (/« |[^\u00a0\u202f]»| »/.test(text) || /«[^\u00a0\u202f]/.test(text))
        return 'French guillemets need a no-break space inside'
      if (/(?:^|[^\u00a0\u202f])[;!?]/.test(text))
        return 'French ; ! ? need a narrow no-break space before'
      if (/(?:^|[^\u00a0\u202f]):(?!\/\/)/.test(text))
        return 'French : needs a no-break space before'
    }
    if (locale === 'de-CH' && /« | »/.test(text))
      return 'Swiss German guillemets take no spaces inside'
    return null
  },
  ({ locale, text }) => {
    const lang = language(locale)
    if (lang === 'tr')
      return /\d\s*%/.test(text) ? 'Turkish writes the percent sign first: %10' : null
    if (lang === 'hu' || lang === 'pl')
      return /\d[ \u00a0\u202f]%/.test(text) ? `${lang}: no space between number and %` : null
    return /\d%|\d %/.test(text) ? 'number and % need a no-break space between them' : null
  },
  ({ text }) =>
    new RegExp(`\\d ${CURRENCY}(?!\\p{L})`, 'u').test(text)
      ? 'number and currency need a no-break space between them'
      : null,
  ({ text }) =>
    new RegExp(`\\d{4,}[\\s\\u00a0]*${CURRENCY}(?!\\p{L})`, 'u').test(text)
      ? 'amount of four or more digits without thousands separator'
      : null,
  ({ locale, text }) =>
    language(locale) === 'tr' && /\d{1,3}(?:[ \u00a0\u202f]\d{3})+\s*TL/.test(text)
      ? 'Turkish groups thousands with a dot: 1.000 TL'
      : null,
  ({ locale, text }) =>
    language(locale) === 'de' && /\bz\. B\.|\bd\. h\.|\bu\. a\.|\bz\.B\./.test(text)
      ? 'German abbreviations take a narrow no-break space: z.\u202fB.'
      : null,
  ({ locale, text }) =>
    locale === 'de-CH' && text.includes('ß') ? 'Swiss German writes ss, never ß' : null,
  ({ locale, text }) => {
    const letters = ONE_LETTER[language(locale)]
    if (!letters) return null
    const found = text.match(
      new RegExp(`(?:^|[\\s(„])([${letters}${letters.toUpperCase()}]) `, 'u'),
    )
    return found
      ? `one-letter word "${found[1]}" followed by a normal space (use a no-break space)`
      : null
  },
  ({ locale, text }) => {
    if (language(locale) !== 'hu') return null
    // "a" before a consonant sound, "az" before a vowel sound (X is read "iksz").
    for (const [, article, next] of text.matchAll(/(?:^|[\s(„])([Aa]z?) „?([\p{L}])/gu)) {
      const vowel = /[aáeéiíoóöőuúüűAÁEÉIÍOÓÖŐUÚÜŰX]/.test(next)
      if (vowel !== (article.toLowerCase() === 'az'))
        return `Hungarian article "${article}" before "${next}…"`
    }
    return null
  },
]

function lint(texts: Text[]): string[] {
  const problems: string[] = []
  for (const t of texts) {
    for (const rule of RULES) {
      const problem = rule(t)
      if (problem) problems.push(`${t.locale} ${t.where}: ${problem}: ${JSON.stringify(t.text)}`)
    }
  }
  return problems
}

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
  const bad: [Locale, string][] = [
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
  ]
  for (const [locale, text] of bad)
    assert.ok(lint([{ where: 'sample', locale, text }]).length, `${locale}: ${text}`)
  const good: [Locale, string][] = [
    ['hu-HU', 'A Lumora a Facebookon'],
    ['hu-HU', 'A Lumora az X-en'],
    ['fr-CH', `Vous y êtes presque${NNBSP}!`],
    ['de-DE', `Mit Klick auf „Jetzt anmelden“ z.${NNBSP}B. 10${NNBSP}%`],
    ['cs-CZ', `Lumora v${NBSP}App Storu`],
    ['tr-TR', `1.000${NBSP}TL ve üzeri %10 indirim`],
  ]
  for (const [locale, text] of good)
    assert.equal(lint([{ where: 'sample', locale, text }]), [], `${locale}: ${text}`)
})

test.run()
