/** What the locale lint's rules (locale-lint.rules.ts, locale-lint.legal.ts) read and answer. */
import type { Locale } from '../../src/contract/sites.ts'

/** One text of a locale, with where it is written. */
export interface Text {
  where: string
  locale: Locale
  text: string
}

/** A rule: the problem it finds in a text, or null. */
export type Rule = (t: Text) => string | null
