/**
 * The figures the docs show are the recorded ones: sizes in docs/performance.md (`npm run size --
 * --record` writes both), the test plan's costs in docs/TESTING.md and README (`npm test -- --record`).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root'
import type { SizeFigures } from '../../build/product/size-figures'
import { costTable, recordedPlan, timings } from '../runners/plan-figures'

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

/** The text between a document's markers for `name`. */
function block(doc: string, name: string): string {
  const text = readFileSync(path.join(REPO_ROOT, doc), 'utf8')
  return (
    new RegExp(`<!-- ${name} \\(.*?\\) -->\n([\\s\\S]*?)\n<!-- /${name} -->`).exec(text)?.[1] ?? ''
  )
}

test("docs/TESTING.md and README show the recorded test plan's costs", async () => {
  const figures = await recordedPlan()
  assert.ok(
    figures.steps.some((step) => step.name === 'browser'),
    'the record holds the plan',
  )
  assert.is(block('docs/TESTING.md', 'plan-costs'), costTable(figures))
  assert.is(block('README.md', 'plan-timings'), timings(figures))
})

test.run()
