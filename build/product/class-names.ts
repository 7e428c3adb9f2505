/**
 * Short class names in the shipped bundles: every `lf-…` class and id name the source writes
 * becomes `l` and one or two letters or digits (`lf-notification__body` → `lq`), the same in
 * every bundle built from the same source (the preview file styles its panel with the footer
 * bundle's kit classes), about 270 B of brotli per footer bundle. The source, the unit tests and
 * the docs keep the long names; the footer lives in a shadow root, so no host style reads them.
 *
 * Left as they are:
 * - the names that browser tests, the bench and the demo select from outside (SELECTED_FROM_OUTSIDE;
 *   build/test/class-names.test.ts checks that every `lf-` name they use is there or not the
 *   source's);
 * - custom properties (`--lf-color-page`): host pages set them (docs/EMBEDDING.md);
 * - names the code composes at run time from `lf-` alone (heading ids, `useId` ids).
 * A name the code composes from a longer prefix (`lf-button--${variant}`) keeps its tail: the
 * prefix `lf-button--` becomes a short name and `-`, and so does every name that starts with it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** The `lf-` names that browser tests, the bench and the demo pages select. */
export const SELECTED_FROM_OUTSIDE = new Set([
  'lf-bottom',
  'lf-button',
  'lf-button__spinner',
  'lf-col',
  'lf-control',
  'lf-copyright',
  'lf-country-list',
  'lf-field__error',
  'lf-gallery',
  'lf-gallery-icons',
  'lf-icon-list',
  'lf-icons',
  'lf-link',
  'lf-logo',
  'lf-nl',
  'lf-nl__body',
  'lf-nl__bubble',
  'lf-nl__form',
  'lf-nl__success',
  'lf-notification',
  'lf-p',
  'lf-preview',
  'lf-root',
  'lf-seo',
  'lf-teasers',
  'lf-visually-hidden',
  'lf-website',
])

/** An `lf-` name, not inside a longer name or a custom property. */
export const LF_NAME = /(?<![-\w])lf-[a-zA-Z0-9_-]+/g

const SOURCE_FILE = /\.(ts|tsx|css)$/
const TEST_FILE = /\.test\.tsx?$|test-utils/

function sourceTexts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceTexts(file)
    return SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name)
      ? [readFileSync(file, 'utf8')]
      : []
  })
}

/** Short names: a letter, then a letter or digit; never `lf`, which starts the kept names. */
function* shortNames(): Generator<string> {
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  for (const a of letters) if (a !== 'f') yield `l${a}`
  for (const a of letters) for (const b of `${letters}0123456789`) yield `l${a}${b}`
}

/**
 * The renaming for the source under `srcDir`: each name the source writes, the most frequent
 * first, gets the next short name; a prefix ending in `-` maps to its short name and `-`.
 */
export function classNameMap(srcDir: string): Map<string, string> {
  const counts = new Map<string, number>()
  for (const text of sourceTexts(srcDir))
    for (const [name] of text.matchAll(LF_NAME)) counts.set(name, (counts.get(name) ?? 0) + 1)
  const names = [...counts.keys()]
    .filter((name) => !SELECTED_FROM_OUTSIDE.has(name))
    .sort((a, b) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : 1))
  const prefixes = names.filter((name) => name.endsWith('-'))
  const map = new Map<string, string>()
  const short = shortNames()
  for (const prefix of prefixes) map.set(prefix, `${short.next().value}-`)
  for (const name of names) {
    if (map.has(name)) continue
    const prefix = prefixes.filter((p) => name.startsWith(p)).sort((a, b) => b.length - a.length)[0]
    map.set(name, prefix ? map.get(prefix)! + name.slice(prefix.length) : short.next().value!)
  }
  return map
}

/** The bundle with every name of the map in its short form. */
export function shortenClassNames(code: string, map: Map<string, string>): string {
  return code.replace(LF_NAME, (name) => map.get(name) ?? name)
}
