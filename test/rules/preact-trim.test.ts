/**
 * The shipped Preact has no class lifecycles the source never defines, no MathML, `<template>` or
 * `<foreignObject>`, and no Suspense (build/product/library-patches.ts). A source that starts to
 * use one of them would find it silently doing nothing: this test says so first.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { REPO_ROOT } from '../../build/repo-root.ts'

const CUT =
  /\b(getDerivedStateFromProps|componentWillMount|componentWillReceiveProps|getSnapshotBeforeUpdate|UNSAFE_\w+|Suspense)\b|\blazy\(|<(math|template|foreignObject)\b/g

test('the source uses no part of Preact that the build cuts away', () => {
  const src = path.join(REPO_ROOT, 'src')
  const uses = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|fuzz\.test)\.tsx?$/.test(f))
    .flatMap((f) =>
      [...readFileSync(path.join(src, f), 'utf8').matchAll(CUT)].map(([use]) => `${f}: ${use}`),
    )
  assert.equal(uses, [], 'library-patches.ts cuts these from Preact: keep the cut or drop the use')
})

test.run()
