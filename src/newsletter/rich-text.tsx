/**
 * Texts with links inside, without HTML from data: the {{placeholders}} named in `parts` are
 * cut out of the translated text and replaced by elements (e.g. a TextLink).
 */
import { Fragment, type ReactNode } from 'react'
import { t } from '../i18n/i18n'

const MARK = '\u0001'

export function richText(key: string, parts: Record<string, ReactNode>): ReactNode[] {
  const marks: Record<string, string> = {}
  for (const name in parts) marks[name] = MARK + name + MARK
  return t(key, marks)
    .split(MARK)
    .map((piece, i) => (i % 2 ? <Fragment key={i}>{parts[piece]}</Fragment> : piece))
}
