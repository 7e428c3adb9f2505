/** Breakpoints live in src/styles/tokens.ts; every media query in the styles must use one of them. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { BREAKPOINTS, above, below } from '../../src/styles/tokens.ts'

test('the tokens are SPEC §9 breakpoints, xs to 4xl', () => {
  assert.equal(BREAKPOINTS, {
    xs: 374,
    s: 667,
    m: 767,
    l: 979,
    xl: 1023,
    xxl: 1279,
    '3xl': 1439,
    '4xl': 1919,
  })
  assert.is(above('m'), '(min-width: 768px)', 'phone under 768')
  assert.is(below('xxl'), '(max-width: 1279px)', 'tablet under 1280')
})

test('every width media query in src/**/*.css is a token: (max-width: N) or (min-width: N + 1)', () => {
  const files = readdirSync(path.join(REPO_ROOT, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.css'))
    .map((e) => path.join(e.parentPath, e.name))
  const values = Object.values(BREAKPOINTS) as number[]
  const stray: string[] = []
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\((min|max)-width:\s*(\d+)px\)/g)) {
      const px = Number(m[2])
      if (!values.includes(m[1] === 'max' ? px : px - 1))
        stray.push(`${path.relative(REPO_ROOT, file)}: ${m[0]}`)
    }
  }
  assert.equal(stray, [])
})

test.run()
