/** Short class names in the shipped bundles (build/product/class-names.ts). */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../repo-root'
import {
  classNameMap,
  LF_NAME,
  SELECTED_FROM_OUTSIDE,
  shortenClassNames,
} from '../product/class-names'

const map = classNameMap(path.join(REPO_ROOT, 'src'))

function texts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : texts(file)
    return /\.(ts|tsx|css|html)$/.test(entry.name) ? [readFileSync(file, 'utf8')] : []
  })
}

test('every source name that a browser test, the bench or a host page selects keeps its name', () => {
  const outside = ['test/browser', 'test/engines', 'test/helpers', 'build/bench', 'fixtures']
    .flatMap((dir) => texts(path.join(REPO_ROOT, dir)))
    .flatMap((text) => [...text.matchAll(LF_NAME)].map(([name]) => name))
  // A composed name (`lf-footer--classic`) is renamed when its prefix (`lf-footer--`) is.
  const prefixes = [...map.keys()].filter((name) => name.endsWith('-'))
  for (const name of new Set(outside))
    assert.not.ok(
      map.has(name) || prefixes.some((prefix) => name.startsWith(prefix)),
      `${name} is selected from outside: add it (or its prefix) to SELECTED_FROM_OUTSIDE`,
    )
})

test('short names are distinct, and no kept name is renamed', () => {
  const short = [...map.values()]
  assert.is(new Set(short).size, short.length)
  for (const name of SELECTED_FROM_OUTSIDE) assert.not.ok(map.has(name), name)
  for (const value of short) assert.ok(/^l[a-eg-z][a-z0-9]?(-.*)?$/.test(value), value)
})

test('a composed name keeps its tail; custom properties, composed ids and unknown names stay', () => {
  const prefix = map.get('lf-button--')!
  assert.ok(prefix.endsWith('-'))
  // A template literal's text as it stands in a bundle, `${v}` included.
  const code = `\`lf-button--\${v}\`;".lf-button--primary{color:var(--lf-color-text)}";"lf-"+slug;"lf-unknown-x"`
  assert.is(
    shortenClassNames(code, map),
    `\`${prefix}\${v}\`;".${prefix}primary{color:var(--lf-color-text)}";"lf-"+slug;"lf-unknown-x"`,
  )
  assert.is(shortenClassNames('"lf-visually-hidden lf-root"', map), '"lf-visually-hidden lf-root"')
})

test.run()
