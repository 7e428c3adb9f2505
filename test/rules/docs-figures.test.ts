/** The size figures docs/performance.md shows are the recorded ones (`npm run size -- --record` writes both). */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root'
import type { SizeFigures } from '../../build/product/size-figures'

test('docs/performance.md shows the recorded footer sizes', () => {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/performance.md'), 'utf8')
  const block = /<!-- size \(.*?\) -->\n([\s\S]*?)<!-- \/size -->/.exec(doc)?.[1] ?? ''
  const [head, , shipped, comparable] = block
    .trim()
    .split('\n')
    .map((row) =>
      row
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    )
  const recorded = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'build/product/size-figures.json'), 'utf8'),
  ) as SizeFigures
  for (const [locale, figures] of Object.entries(recorded)) {
    assert.is(shipped?.[head.indexOf(locale)], figures.brotli.toLocaleString('en'), locale)
    assert.is(comparable?.[head.indexOf(locale)], figures.comparable.toLocaleString('en'), locale)
  }
})

test.run()
