/** The browser floor: one list (package.json browserslist) drives esbuild's target; flex gap gets its fallback. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { esbuildTarget } from '../product/browser-floor.ts'
import { NO_FLEX_GAP, withFlexGapFallback } from '../product/flex-gap-fallback.ts'

test("esbuild's target is the oldest version per engine of the floor", () => {
  assert.equal(
    esbuildTarget([
      'chrome 80',
      'chrome 79',
      'ios_saf 12.0-12.1',
      'ios_saf 12.2-12.5',
      'safari 12',
      'firefox 78',
      'edge 79',
    ]),
    ['chrome79', 'edge79', 'firefox78', 'ios12.0', 'safari12'],
  )
  assert.throws(() => esbuildTarget(['kaios 2.5']), /no target/)
})

test('flex gap: column stacks get a top margin, rows a left margin, wrapped rows right and bottom; the gap is zeroed there', async () => {
  const css = await withFlexGapFallback(
    '.a{display:flex;flex-direction:column;gap:4px}.b{display:inline-flex;gap:8px}.c,.d{display:flex;flex-wrap:wrap;gap:4px 24px}.g{display:grid;gap:8px}',
  )
  const fallback = css.slice(css.indexOf(`@supports ${NO_FLEX_GAP}`))
  assert.match(fallback, '.a{gap:0}')
  assert.match(fallback, '.a>*+*{margin-top:4px}')
  assert.match(fallback, '.b>*+*{margin-left:8px}')
  assert.match(fallback, '.c>*,.d>*{margin-right:24px;margin-bottom:4px}')
  assert.not.match(fallback, '.g', 'grid gap is supported at the floor')
})

test('flex gap inside @media gets its fallback inside the same @media', async () => {
  const css = await withFlexGapFallback('@media (min-width: 768px){.a{display:flex;gap:8px}}')
  assert.match(
    css,
    /@media \(min-width: 768px\)\{\.a\{display:flex;gap:8px\}@supports not \(inset: 0\)\{\.a\{gap:0\}\.a>\*\+\*\{margin-left:8px\}\}\}/,
  )
})

test.run()
