/**
 * docs/EMBEDDING.md "Single-page apps", as printed: the React 19 + react-router 7 block and the Vue 3
 * + vue-router 4 block, each bundled with esbuild from the npm packages (once, before the tests),
 * served at the root of the demo server's origin (the routes are absolute) with the manifest's tag
 * once in index.html, after the app's root. A visitor walks home, shop, checkout (no footer) and
 * back: the footer is in every view that renders #footer, checkout has none, the page hears
 * lumora:ready once per mount, and nothing is logged.
 */
import { expect, test, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import * as esbuild from 'esbuild'
import { publicDir, type Manifest } from '../../build/product/output.ts'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { watchPage } from './helpers.ts'
import { docBlocks } from './origins.ts'

const manifest = JSON.parse(
  readFileSync(path.join(publicDir(path.join(REPO_ROOT, 'dist')), 'manifest.json'), 'utf8'),
) as Manifest
const bundle = manifest.bundles.find((b) => b.kind === 'footer' && b.site === 'DE')!
/** The manifest's tag, with `data-spa` as the attribute table says for single-page apps. */
const TAG = bundle.tag!.replace(' defer>', ' data-spa defer>')

interface App {
  name: string
  lang: 'tsx' | 'js'
  root: string
  /** The link that leaves checkout for a view with a footer. */
  back: string
  options: esbuild.BuildOptions
}
const APPS: App[] = [
  {
    name: 'React',
    lang: 'tsx',
    root: 'root',
    back: 'Back to the shop',
    options: { jsx: 'automatic' },
  },
  {
    name: 'Vue',
    lang: 'js',
    root: 'app',
    back: 'Shop',
    options: {
      // A template string needs Vue's full build (the doc says so).
      alias: { vue: 'vue/dist/vue.esm-bundler.js' },
      define: {
        __VUE_OPTIONS_API__: 'true',
        __VUE_PROD_DEVTOOLS__: 'false',
        __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
      },
    },
  },
]

const bundled = new Map<string, string>()
test.beforeAll(async () => {
  await Promise.all(
    APPS.map(async (app) => {
      const [printed] = docBlocks('Single-page apps', app.lang)
      if (!printed) throw new Error(`docs/EMBEDDING.md prints no ${app.lang} block for ${app.name}`)
      const result = await esbuild.build({
        stdin: {
          contents: printed,
          loader: app.lang,
          resolveDir: REPO_ROOT,
          sourcefile: `main.${app.lang}`,
        },
        bundle: true,
        write: false,
        format: 'iife',
        minify: true,
        logLevel: 'silent',
        // The repository's tsconfig points `react` at the widget's shims: an app has its own.
        tsconfigRaw: {},
        ...app.options,
        define: { 'process.env.NODE_ENV': '"production"', ...app.options.define },
      })
      bundled.set(app.name, result.outputFiles![0]!.text)
    }),
  )
})

/** The app's index.html at every path of the origin the router owns, its bundle at /app.js. */
async function serveApp(page: Page, app: App, origin: string) {
  const index = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${app.name} shop</title></head>
<body><div id="${app.root}"></div><script src="/app.js" defer></script>
${TAG}
</body></html>`
  await page.route(
    (url) => url.origin === origin && ['/', '/shop', '/checkout', '/app.js'].includes(url.pathname),
    (route) =>
      new URL(route.request().url()).pathname === '/app.js'
        ? route.fulfill({ contentType: 'text/javascript', body: bundled.get(app.name)! })
        : route.fulfill({ contentType: 'text/html; charset=utf-8', body: index }),
  )
}

for (const app of APPS)
  test(`${app.name}: the doc's block as printed keeps the footer on every view with #footer, none at checkout, and back`, async ({
    page,
    baseURL,
  }) => {
    const log = watchPage(page)
    await page.addInitScript(() => {
      const w = window as unknown as { readyCount: number }
      w.readyCount = 0
      addEventListener('lumora:ready', () => w.readyCount++)
    })
    await serveApp(page, app, new URL(baseURL!).origin)
    const footer = page.locator('#footer').getByRole('contentinfo')
    const ready = () =>
      page.evaluate(() => (window as unknown as { readyCount: number }).readyCount)
    const go = (name: string) => page.getByRole('link', { name, exact: true }).first().click()

    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible()
    await expect(footer.getByRole('link').first()).toBeVisible()
    await expect.poll(ready).toBe(1)
    let mounts = 1
    for (let round = 0; round < 2; round++) {
      await go('Shop')
      await expect(page.getByRole('heading', { name: 'Shop' })).toBeVisible()
      await expect(footer.getByRole('link').first()).toBeVisible()
      await go('Checkout')
      await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
      await expect(page.locator('#footer')).toHaveCount(0)
      await go(app.back)
      await expect(page.getByRole('heading', { name: 'Shop' })).toBeVisible()
      await expect(footer.getByRole('link').first()).toBeVisible()
      mounts++
      await expect.poll(ready).toBe(mounts)
      await go('Home')
      await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible()
      await expect(footer.getByRole('link').first()).toBeVisible()
    }
    expect(await page.locator('#footer').count()).toBe(1)
    expect(log.errors).toEqual([])
    expect(log.warnings).toEqual([])
    expect(log.pageErrors).toEqual([])
  })
