/**
 * The rules of the locale lint (test/unit/locale-lint.test.ts): the mechanical part of the style
 * sheets in docs/texts/. Typography and spellings here; wording that the law forbids or asks for
 * in locale-lint.legal.ts.
 */
import type { Locale } from '../../src/contract/sites.ts'
import { LEGAL_RULES } from './locale-lint.legal.ts'
import type { Rule, Text } from './locale-lint.types.ts'

export type { Text }

const language = (locale: Locale) => locale.split('-')[0]

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

const RULES: Rule[] = [
  ...LEGAL_RULES,
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
  // The bubble's number is its biggest text in a fixed circle: a hyphen there breaks it in two.
  ({ where, text }) =>
    where.endsWith('.discount') && /-/.test(text)
      ? 'a hyphen in the bubble’s number breaks it'
      : null,
  ({ text }) => (/ {2}/.test(text) ? 'double space' : null),
  // A running text wraps: "E-" / "Mail" at a line's end reads badly (the hyphen of a one-letter
  // prefix). A word joiner after it (invisible, no glyph a font may lack) keeps the word whole.
  ({ where, text }) =>
    where.startsWith('locales') && text.length >= 60 && /(?<!\p{L})[Ee]-(?=\p{L})/u.test(text)
      ? 'a running text may break after “E-”: a word joiner (\\u2060) after the hyphen'
      : null,
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
  ({ text }) =>
    /\d [\p{L}\d]/u.test(text)
      ? 'a number and the word or number after it need a no-break space between them'
      : null,
  ({ where, text }) =>
    /:[\s\u00a0\u202f]*\{\{\s*\w*Link\s*\}\}\.?$/.test(text) ||
    (where.endsWith('textBeforeLink') && /:\s*$/.test(text))
      ? 'a bare link after a colon: make the link part of the sentence'
      : null,
  ({ locale, where, text }) => {
    if (language(locale) !== 'cs' && language(locale) !== 'sk') return null
    const afterLink = where.endsWith('textAfterLink') ? text : text.split(/\}\}/).slice(1).join('')
    return /(?:^|[\s\u00a0])(?:zde|tu)(?:[.!?]|$)/iu.test(afterLink)
      ? 'a sentence ends in "zde"/"tu" after its link: end the sentence at the link'
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

/**
 * Characters a reader of the source cannot see: no-break and other fixed-width spaces, the soft
 * hyphen, zero-width characters and the byte-order mark. Written literally, a no-break space looks
 * like a normal one and a soft hyphen like nothing, so a text's next editor cannot tell what is
 * there; written as escapes (`\u00a0`, `\u00ad`) they can be read and reviewed.
 */
const INVISIBLE = /[\u00a0\u00ad\u2000-\u200f\u2028-\u202f\u205f-\u2064\ufeff]/gu

/** Each invisible character written literally in a source file's text, with its line: `3: U+00AD`. */
export function invisibleLiterals(source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, i) =>
      [...line.matchAll(INVISIBLE)].map(
        ([c]) => `${i + 1}: U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
      ),
    )
}

export function lint(texts: Text[]): string[] {
  const problems: string[] = []
  for (const t of texts) {
    for (const rule of RULES) {
      const problem = rule(t)
      if (problem) problems.push(`${t.locale} ${t.where}: ${problem}: ${JSON.stringify(t.text)}`)
    }
  }
  return problems
}
