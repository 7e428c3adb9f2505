/**
 * Console messages are short codes (src/log.ts); docs/EMBEDDING.md#console-messages is where an
 * integrator reads them. Every code the source logs has a row there, and every row is in use.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { captureConsole } from '../helpers/console.ts'
import { docsBeside, log } from '../../src/log.ts'

const SRC = path.join(REPO_ROOT, 'src')

/** The codes passed to log.warn / log.error (and config's field codes) in src/, tests excluded. */
function usedCodes(): Set<string> {
  const codes = new Set<string>()
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'),
  )
  for (const file of files)
    for (const [, code] of readFileSync(path.join(SRC, file), 'utf8').matchAll(/'([EW]\d+)'/g))
      codes.add(code)
  return codes
}

function documentedCodes(): Map<string, string> {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/EMBEDDING.md'), 'utf8')
  const section = doc.split('\n## Console messages\n')[1]?.split('\n## ')[0] ?? ''
  return new Map(
    [...section.matchAll(/^\| <a id="([ew]\d+)">([EW]\d+)<\/a> \| ([^|]+) \|/gm)].map(
      ([, anchor, code, text]) => [code, anchor === code.toLowerCase() ? text : ''],
    ),
  )
}

test('every console code the source uses has a row in docs/EMBEDDING.md#console-messages', () => {
  const documented = documentedCodes()
  const used = usedCodes()
  assert.ok(used.size > 20, `found the codes in src/ (${used.size})`)
  for (const code of used) assert.ok(documented.has(code), `${code} has no row`)
})

test("each code links to its own row: the codes' page beside the bundle, resolved against the bundle's address, and the code as anchor", async () => {
  docsBeside('https://cdn.example.com/lumora/static/footer.de-DE.0123456789.js')
  const { warnings, errors } = await captureConsole(() => {
    log.warn('W1', 'detail')
    log.error('E5')
  })
  const page = 'https://cdn\\.example\\.com/lumora/static/console-codes\\.html'
  assert.match(warnings[0], new RegExp(`^\\[Lumora footer\\] W1 \\(${page}#w1\\) detail$`))
  assert.match(errors[0], new RegExp(`^\\[Lumora footer\\] E5 \\(${page}#e5\\)$`))
})

test('every documented code is used, with a message of its own', () => {
  const used = usedCodes()
  const documented = documentedCodes()
  for (const [code, text] of documented) {
    assert.ok(used.has(code), `${code} is documented but not used`)
    assert.ok(text.trim().length > 10, `${code} has a message`)
  }
  assert.is(new Set(documented.values()).size, documented.size, 'no two codes share a message')
})

test.run()
