/**
 * The integrator's types (types/lumora-footer.d.ts) are written by hand; their unions of markets,
 * locales and platforms are the lists the widget is built from (src/contract/sites.ts,
 * src/platform.ts), member for member, so an added market ships its types.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import type * as TS from 'typescript'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { LOCALES, SITES } from '../../src/contract/sites.ts'
import { PLATFORMS } from '../../src/platform.ts'

// Loaded at run time, not bundled into the test: the compiler is a Node tool.
const ts: typeof TS = createRequire(import.meta.url)('typescript')

const TYPES_FILE = 'types/lumora-footer.d.ts'
const source = ts.createSourceFile(
  TYPES_FILE,
  readFileSync(path.join(REPO_ROOT, TYPES_FILE), 'utf8'),
  ts.ScriptTarget.Latest,
)

/** The string members of a union type alias the file exports, in the order written. */
function unionOf(name: string): string[] {
  const alias = source.statements.find(
    (s): s is TS.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === name,
  )
  if (!alias) throw new Error(`${TYPES_FILE} has no type ${name}`)
  const members = ts.isUnionTypeNode(alias.type) ? alias.type.types : [alias.type]
  return members.map((member) => {
    if (ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal))
      return member.literal.text
    throw new Error(`${name}: ${member.getText(source)} is not a string literal`)
  })
}

test('LumoraFooterSite is the sites of src/contract/sites.ts', () => {
  assert.equal(unionOf('LumoraFooterSite'), [...SITES])
})

test('LumoraFooterLocale is their locales', () => {
  assert.equal(unionOf('LumoraFooterLocale'), [...LOCALES])
})

test('LumoraFooterPlatform is the platforms of src/platform.ts', () => {
  assert.equal(unionOf('LumoraFooterPlatform'), [...PLATFORMS])
})

test.run()
