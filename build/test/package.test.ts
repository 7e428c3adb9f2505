/**
 * The npm package integrators install (build/product/server-render.ts, docs/server-rendering.md):
 * `npm pack` of the build, installed from the tarball into a scratch project outside the
 * repository (no registry: the package has no dependencies), and used there as an integrator
 * does: docs/server-rendering.md's Node page as printed (its constants pointed at this test's
 * backend) serves the server-rendered footer; the types check a TypeScript file; the release
 * folder's files resolve through the package's `exports`.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { REPO_ROOT } from '../repo-root.ts'
import { buildPaths } from '../product/output.ts'
import { PACKAGE_NAME } from '../product/server-render.ts'
import { createContractServer } from '../../server/handler.ts'
import { serve } from '../../server/core/node-adapter.ts'
import { freePort } from '../../test/browser/origins.ts'

const test = suite('package')

/** The build under test: the one `npm test` made first (FOOTER_BUILT_DIR), or dist/ when run alone. */
const built = process.env.FOOTER_BUILT_DIR ?? path.join(REPO_ROOT, 'dist')

/** docs/server-rendering.md's fenced `lang` blocks under `heading`. */
function docBlock(heading: string, lang: string): string {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/server-rendering.md'), 'utf8')
  const section = doc.slice(doc.indexOf(`\n## ${heading}\n`)).split('\n## ')[1] ?? ''
  const block = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(section)?.[1]
  if (!block) throw new Error(`docs/server-rendering.md "${heading}" prints no ${lang} block`)
  return block
}

/** Replaces `const NAME = ...` in printed code, failing when the code has no such line. */
function withConstant(code: string, name: string, value: string): string {
  const replaced = code.replace(new RegExp(`^const ${name} = .*$`, 'm'), `const ${name} = ${value}`)
  if (replaced === code) throw new Error(`the printed code has no const ${name}`)
  return replaced
}

const scratch = mkdtempSync(path.join(tmpdir(), 'lumora-package-'))
const npm = (...args: string[]) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--offline'], {
    cwd: scratch,
    encoding: 'utf8',
  })

test.before(() => {
  assert.ok(existsSync(path.join(buildPaths(built).server, 'index.mjs')), `a build in ${built}`)
  writeFileSync(
    path.join(scratch, 'package.json'),
    JSON.stringify({ name: 'shop', private: true, type: 'module' }),
  )
  const [packed] = JSON.parse(npm('pack', built, '--json', '--pack-destination', scratch)) as {
    filename: string
  }[]
  npm('install', path.join(scratch, packed.filename))
})

test('the tarball is the package the docs name, with the render, its types and the release folder', () => {
  const installed = path.join(scratch, 'node_modules', PACKAGE_NAME)
  const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'))
  assert.is(manifest.name, PACKAGE_NAME)
  for (const file of ['server/index.mjs', 'server/index.d.ts', 'public/manifest.json'])
    assert.ok(existsSync(path.join(installed, file)), file)
  assert.not.ok(existsSync(path.join(installed, 'meta')), 'nothing of the build besides')
})

test("docs/server-rendering.md's Node page, as printed: the footer in #footer, its links on the shop", async () => {
  const backendPort = await freePort('127.0.0.1')
  const backend = await serve(
    createContractServer({ mode: 'contract', origin: `http://127.0.0.1:${backendPort}` }).handle,
    backendPort,
    '127.0.0.1',
  )
  const port = await freePort('127.0.0.1')
  let code = docBlock('Recipe: a Node page', 'js')
  code = withConstant(code, 'BACKEND', `'http://127.0.0.1:${backendPort}'`)
  code = code.replace('.listen(8080)', `.listen(${port}, '127.0.0.1')`)
  writeFileSync(path.join(scratch, 'page.mjs'), code)
  const page = spawn(process.execPath, ['page.mjs'], { cwd: scratch, stdio: 'inherit' })
  try {
    let html = ''
    for (let tries = 0; tries < 100 && !html; tries++)
      html = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' },
      }).then(
        (r) => r.text(),
        () => new Promise<string>((resolve) => setTimeout(() => resolve(''), 100)),
      )
    assert.match(html, /<div id="footer"><template shadowrootmode="open"><style>/)
    assert.match(html, /href="https:\/\/shop\.example\/impressum-s1030\.html"/)
    assert.match(html, /data-platform="smartphone"/)
    assert.match(html, /src="https:\/\/cdn\.example\.com\/service\/newsletterfrontend\//)
  } finally {
    page.kill()
    backend.close()
  }
})

test('the types check an integrator’s TypeScript; the release folder’s files resolve through exports', () => {
  writeFileSync(
    path.join(scratch, 'check.ts'),
    `import { renderFooter, STYLE_SOURCES, type RenderFooterOptions } from '${PACKAGE_NAME}'
import type { LumoraFooterGlobal } from '${PACKAGE_NAME}/types'
const options: RenderFooterOptions = { site: 'DE', platform: 'CLASSIC', content: null, origin: 'https://shop.example', assetOrigin: 'https://cdn.example.com' }
export const html: Promise<string> = renderFooter(options)
export const sources: readonly string[] = STYLE_SOURCES
export const unmount = (footer: LumoraFooterGlobal): void => footer.unmount()
// @ts-expect-error: the render takes no number for its content
renderFooter({ ...options, content: 1 })
`,
  )
  execFileSync(
    path.join(REPO_ROOT, 'node_modules/.bin/tsc'),
    ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', 'check.ts'],
    { cwd: scratch, encoding: 'utf8' },
  )
  const resolved = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const m = JSON.parse((await import('node:fs')).readFileSync(new URL(import.meta.resolve('${PACKAGE_NAME}/release/manifest.json'))))
const footer = m.bundles.find((b) => b.kind === 'footer' && b.locale === 'de-DE')
process.stdout.write(String((await import('node:fs')).existsSync(new URL(import.meta.resolve('${PACKAGE_NAME}/release/static/' + footer.file)))))`,
    ],
    { cwd: scratch, encoding: 'utf8' },
  )
  assert.is(resolved.trim(), 'true')
})

test.run()
