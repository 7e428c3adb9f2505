/**
 * The contract core (server/core/) is what a backend team copies: its import graph
 * reaches the widget's contract in src/ and node's built-ins, never the product build, the demo
 * layer or the bench. Walked statically, type-only imports included (a copy needs them too). And
 * the table of calls it reads stays out of the widget's bundles, which import the constants one by one.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { importGraph } from '../helpers/import-graph.ts'

const CORE = 'server/core'
const FORBIDDEN = ['build/product/', 'server/demo/', 'build/bench/']

const coreFiles = readdirSync(path.join(REPO_ROOT, CORE), { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts'))
  .map((name) => `${CORE}/${name.split(path.sep).join('/')}`)

test('the contract core imports nothing from the product build, the demo layer or the bench', () => {
  assert.ok(coreFiles.length > 10, `core files found: ${coreFiles.length}`)
  const graph = importGraph(coreFiles)
  const outside = [...graph]
    .filter(([file]) => FORBIDDEN.some((folder) => file.startsWith(folder)))
    .map(([file, importer]) => `${importer} imports ${file}`)
  assert.equal(outside, [])
  assert.ok(graph.has('src/contract/contract.ts'), 'the walk follows imports into src/')
})

test("the widget's entries (footer, preview file, kit gallery) never import the table of calls", () => {
  assert.ok(
    importGraph(['src/mount.ts']).has('src/contract/contract.ts'),
    'the walk reaches the contract',
  )
  for (const entry of ['src/mount.ts', 'src/preview/index.tsx', 'src/kit/gallery/main.tsx'])
    assert.not.ok(
      importGraph([entry]).has('src/contract/contract-calls.ts'),
      `${entry} reaches the table`,
    )
})

test.run()
