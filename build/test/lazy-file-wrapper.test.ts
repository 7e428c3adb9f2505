/**
 * A lazily loaded file's wrapper (build/product/preview-runtime.ts handOffWrapper): the module's
 * exports become the hand-off function's return value, as an object of its own properties, so a
 * host page's polluted Object.prototype neither adds exports nor breaks the hand-off.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as esbuild from 'esbuild'
import { runInNewContext } from 'node:vm'
import { exportsAsReturn, handOffWrapper } from '../product/preview-runtime.ts'

const MODULE = `
  const prefix = 'landing:'
  export function createDoiLanding(token) { return prefix + token }
  export const DoiLanding = 'view'
  export default 42
`

async function wrapped(): Promise<string> {
  const result = await esbuild.build({
    stdin: { contents: MODULE, loader: 'js' },
    bundle: true,
    minify: true,
    write: false,
    ...handOffWrapper('doi'),
  })
  return exportsAsReturn(result.outputFiles[0].text)
}

test('the exports are what the hand-off returns, even with Object.prototype polluted', async () => {
  const code = await wrapped()
  assert.not.match(code, /\bexport\b/)
  const window: Record<string, unknown> = {}
  // Properties of objects made outside the context: a global assignment under the polluted
  // prototype would reach node's own global handling instead of the page's.
  const context = { window }
  runInNewContext(
    `Object.prototype.get = 'https://evil.example'; Object.prototype.baseURL = 'https://evil.example'
     window.__lumoraFooter = { doi: function (define) { window.received = define([]) } }`,
    context,
  )
  runInNewContext(code, context)
  const exports = window.received as Record<string, unknown>
  assert.equal(Object.keys(exports).sort(), ['DoiLanding', 'createDoiLanding', 'default'])
  assert.is((exports.createDoiLanding as (t: string) => string)('t'), 'landing:t')
  assert.is(exports.DoiLanding, 'view')
  assert.is(exports.default, 42)
})

test('without the hand-off on the page the file does nothing', async () => {
  const context = { window: {} }
  runInNewContext(await wrapped(), context)
  assert.equal(context.window, {})
})

test('a module with no export clause, or two, is refused', () => {
  assert.throws(() => exportsAsReturn('var a=1;'), /one export clause/)
  assert.throws(() => exportsAsReturn('export{a};export{b};'), /one export clause/)
})

test.run()
