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

test('the build ships the types it checks here', () => {
  assert.is(path.basename(EMBED_TYPES), 'lumora-footer.d.ts')
})

/** A page of the integrator's own that uses the types right: no errors expected. */
const RIGHT_PAGE = `addEventListener('lumora:error', (e) => { const c: string = e.detail.code })\nwindow.__lumoraFooter?.unmount()`

/** The mistakes the types exist to catch, each a page of its own that must not type-check. */
const MISTAKES = [
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
] as const

/** Where each page lives in the program: beside the sample, as an integrator's file would. */
const pageFile = (index: number) => path.join(path.dirname(SAMPLE), `page-${index}.ts`)
const PAGES = [RIGHT_PAGE, ...MISTAKES.map(([, page]) => page)]

/**
 * One program holds the sample and every page, each page a file of its own (given as text):
 * checked once, not once per page, since loading the DOM's declarations is most of a check's time.
 * The pages are scripts that declare nothing global, so none changes what another one sees.
 */
let program: TS.Program | undefined
function checkedProgram(): TS.Program {
  if (program) return program
  const pages = new Map(PAGES.map((page, index) => [pageFile(index), page]))
  const host = ts.createCompilerHost(OPTIONS)
  const readFile = host.readFile
  host.readFile = (file) => pages.get(file) ?? readFile(file)
  const fileExists = host.fileExists
  host.fileExists = (file) => pages.has(file) || fileExists(file)
  program = ts.createProgram([SAMPLE, EMBED_TYPES, ...pages.keys()], OPTIONS, host)
  return program
}

/** Type errors in one file of the program (and, for the sample, those of the options and globals). */
function typeErrors(file: string): string[] {
  const checked = checkedProgram()
  const source = checked.getSourceFile(file)
  assert.ok(source, file)
  const diagnostics = [
    ...checked.getSyntacticDiagnostics(source),
    ...checked.getSemanticDiagnostics(source),
    ...(file === SAMPLE
      ? [...checked.getOptionsDiagnostics(), ...checked.getGlobalDiagnostics()]
      : []),
  ]
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
}

test('a sample integration type-checks against the shipped types', () => {
  assert.equal(typeErrors(SAMPLE), [])
})

test('a page of its own, checked the same way, has no errors when it is right', () => {
  assert.equal(typeErrors(pageFile(0)), [])
})

for (const [index, [mistake, page]] of MISTAKES.entries())
  test(`the types catch ${mistake}`, () => {
    assert.ok(typeErrors(pageFile(index + 1)).length > 0, page)
  })

test.run()
