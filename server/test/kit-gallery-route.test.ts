/**
 * The contract server's /kit/ and /react/kit/ pages load the gallery bundle of their build from
 * the build's kit/ folder, not the release folder.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildPaths } from '../../build/product/output.ts'
import { createContractServer } from '../handler.ts'

const test = suite('kit gallery route')

function distWith(flavours: ('preact' | 'react')[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kit-route-'))
  for (const flavour of flavours) {
    const kit = buildPaths(flavour === 'react' ? path.join(dir, 'react') : dir).kit
    mkdirSync(kit, { recursive: true })
    const file = `kit-gallery.${flavour}.js`
    writeFileSync(path.join(kit, file), `/* the ${flavour} gallery */`)
    writeFileSync(
      path.join(kit, 'gallery.json'),
      JSON.stringify({
        kind: 'gallery',
        locale: '*',
        site: null,
        file,
        integrity: 'sha384-x',
        bytes: { min: 1, gzip: 1, brotli: 1 },
      }),
    )
  }
  return dir
}

test('/kit/ serves a page with #kit-gallery, the chosen locale and the Preact gallery script', async () => {
  const server = createContractServer({ distDir: distWith(['preact', 'react']) })
  const page = await (await server.fetch('/kit/?locale=fr-CH')).text()
  assert.match(page, '<div id="kit-gallery" data-locale="fr-CH"></div>')
  assert.match(page, 'src="/kit/kit-gallery.preact.js" integrity="sha384-x"')
  const script = await server.fetch('/kit/kit-gallery.preact.js')
  assert.is(script.status, 200)
  assert.is(await script.text(), '/* the preact gallery */')
  assert.is((await server.fetch('/static/kit-gallery.preact.js')).status, 404)
})

test('/react/kit/ serves the React build; an unknown locale falls back to de-DE', async () => {
  const server = createContractServer({ distDir: distWith(['preact', 'react']) })
  const page = await (await server.fetch('/react/kit/?locale=xx"><script>')).text()
  assert.match(page, 'src="/react/kit/kit-gallery.react.js"')
  assert.is(
    await (await server.fetch('/react/kit/kit-gallery.react.js')).text(),
    '/* the react gallery */',
  )
  assert.match(page, 'data-locale="de-DE"')
  assert.not.match(page, '<script>"')
})

test('without a build it says how to make one (503)', async () => {
  const server = createContractServer({ distDir: distWith([]) })
  const response = await server.fetch('/react/kit/')
  assert.is(response.status, 503)
  assert.match(await response.text(), 'npm run build:react')
})

test.run()
