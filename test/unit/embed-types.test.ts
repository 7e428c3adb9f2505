/**
 * The integrator's types (types/lumora-footer.d.ts, shipped beside the bundles): a sample shop
 * integration (fixtures/types/integration.ts) type-checks against them under `strict`, and the
 * mistakes they exist to catch do not.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import path from 'node:path'
import { createRequire } from 'node:module'
import type * as TS from 'typescript'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { EMBED_TYPES } from '../../build/product/build.ts'

// Loaded at run time, not bundled into the test: the compiler is a Node tool.
const ts: typeof TS = createRequire(import.meta.url)('typescript')

const SAMPLE = path.join(REPO_ROOT, 'fixtures/types/integration.ts')
const OPTIONS: TS.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2020,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2020.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
}

/** Type errors of `files`, plus one page's code given as text (named page.ts, beside the sample). */
function typeErrors(files: string[], page?: string): string[] {
  const pageFile = path.join(path.dirname(SAMPLE), 'page.ts')
  const host = ts.createCompilerHost(OPTIONS)
  const readFile = host.readFile
  host.readFile = (file) => (page !== undefined && file === pageFile ? page : readFile(file))
  const fileExists = host.fileExists
  host.fileExists = (file) => (page !== undefined && file === pageFile) || fileExists(file)
  const program = ts.createProgram(page === undefined ? files : [...files, pageFile], OPTIONS, host)
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
}

test('the build ships the types it checks here', () => {
  assert.is(path.basename(EMBED_TYPES), 'lumora-footer.d.ts')
})

test('a sample integration type-checks against the shipped types', () => {
  assert.equal(typeErrors([SAMPLE]), [])
})

test('a page of its own, checked the same way, has no errors when it is right', () => {
  assert.equal(
    typeErrors(
      [EMBED_TYPES],
      `addEventListener('lumora:error', (e) => { const c: string = e.detail.code })\nwindow.__lumoraFooter?.unmount()`,
    ),
    [],
  )
})

for (const [mistake, page] of [
  [
    'an event detail read as something it is not',
    `addEventListener('lumora:error', (e) => { const n: number = e.detail.code })`,
  ],
  [
    'a warning handled as an error code',
    `addEventListener('lumora:warning', (e) => { if (e.detail.code === 'E1') {} })`,
  ],
  ['unmount given arguments', `window.__lumoraFooter?.unmount(true)`],
  ['the global used without checking it is there', `window.__lumoraFooter.unmount()`],
  [
    'an unknown market',
    `import type { LumoraFooterEmbedAttributes } from '../../types/lumora-footer'\nconst a: LumoraFooterEmbedAttributes = { 'data-site': 'FR' }`,
  ],
  [
    'a view-change platform the event never carries',
    `document.addEventListener('lumora:view-change', (e) => { if (e.detail.platform === 'MATCH') {} })`,
  ],
] as const)
  test(`the types catch ${mistake}`, () => {
    assert.ok(typeErrors([EMBED_TYPES], page).length > 0, page)
  })

test.run()
