/**
 * docs/server-rendering.md's nginx SSI recipe, as printed: Debian's nginx with the doc's block in
 * front of the reference backend (contract mode), the doc's page with its include; only the
 * backend's port, the page's folder and the tag's origin are this test's. The page arrives with the
 * footer in its HTML, shows it before the bundle runs, and the bundle takes it over.
 */
import { expect, test } from '@playwright/test'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { createContractServer } from '../../server/handler.ts'
import { serve } from '../../server/core/node-adapter.ts'
import { freePort, runNginx, type Nginx } from './origins.ts'
import { watchPage } from './helpers.ts'
import type { Server } from 'node:http'

/** The fenced `lang` blocks of docs/server-rendering.md's section `heading`. */
function docBlocks(heading: string, lang: string): string[] {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/server-rendering.md'), 'utf8')
  const section = doc.slice(doc.indexOf(`\n## ${heading}\n`)).split('\n## ')[1] ?? ''
  return [...section.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map(
    (m) => m[1],
  )
}

let nginx: Nginx
let backend: Server
test.beforeAll(async ({ baseURL }) => {
  const [block] = docBlocks('Recipe: nginx SSI', 'nginx')
  const [page] = docBlocks('Recipe: nginx SSI', 'html')
  if (!block || !page) throw new Error('docs/server-rendering.md prints no SSI recipe')
  const port = await freePort('127.0.0.1')
  backend = await serve(
    createContractServer({
      mode: 'contract',
      origin: `http://127.0.0.1:${port}`,
      publicOrigin: 'https://shop.example',
      assetOrigin: baseURL,
    }).handle,
    port,
    '127.0.0.1',
  )
  const root = mkdtempSync(path.join(tmpdir(), 'lf-ssi-'))
  const manifest = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'dist/public/manifest.json'), 'utf8'),
  )
  const de = manifest.bundles.find(
    (b: { kind: string; locale: string }) => b.kind === 'footer' && b.locale === 'de-DE',
  )
  // The doc's page with the manifest's tag, its src on the asset origin (the demo server).
  const html = page.replace(
    /<script[\s\S]*<\/script>/,
    de.tag.replace('src="/', `src="${baseURL}/`),
  )
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html lang="de"><meta charset="utf-8"><title>Shop</title><main><h1>Warenkorb</h1></main>\n${html}`,
  )
  const served = block
    .replaceAll('http://127.0.0.1:3000', `http://127.0.0.1:${port}`)
    .replace(/^(\s*)root .*;$/m, `$1root ${root};`)
  // Browsers ask for it on their own; a shop has one.
  writeFileSync(path.join(root, 'favicon.ico'), '')
  nginx = await runNginx(served, '127.0.0.1', '/index.html')
})
test.afterAll(async () => {
  await nginx?.stop()
  backend?.close()
})

test('the page from nginx holds the footer in its HTML; the bundle takes it over', async ({
  page,
}) => {
  const log = watchPage(page)
  const answer = await fetch(`${nginx.origin}/index.html`, {
    headers: { 'accept-encoding': 'br, gzip' },
  })
  const html = await answer.text()
  expect(html).toContain('<div id="footer"><template shadowrootmode="open"><style>')
  expect(html).toContain('data-platform="classic"')
  expect(html).toContain('href="https://shop.example/impressum-s1030.html"')
  await page.goto(`${nginx.origin}/index.html`)
  await expect(page.locator('#footer [data-lumora-footer]')).toHaveCount(0)
  await expect(
    page.locator('#footer').getByRole('link', { name: 'Impressum', exact: true }),
  ).toBeVisible()
  expect(log.pageErrors).toEqual([])
  expect(log.errors).toEqual([])
})
