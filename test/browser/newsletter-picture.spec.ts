/**
 * The newsletter picture's path to the screen where the footer is in view at load (issue 39.1):
 * the bundle asks for this screen's file as it claims #footer, before any call of the widget
 * (src/mount.ts), and a host page that follows docs/EMBEDDING.md "The newsletter picture"
 * (its code block, run here as printed, on the build's manifest) preloads it from its <head>. Each
 * way the file crosses the wire once, and the block's <img> shows that very file.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page, type Request } from '@playwright/test'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { NEWSLETTER_IMAGES, PSDATA_PATH, type Manifest } from '../../src/contract/contract.ts'
import { docBlocks } from './origins.ts'
import { watchPage } from './helpers.ts'

// A phone, as Lighthouse's mobile defaults: the <picture> chooses its default file.
test.use({ viewport: { width: 412, height: 823 } })

const picture = (page: Page) => page.locator('#footer picture img')

/** Every request the page sends, in the order it sends them. */
function requests(page: Page): string[] {
  const sent: string[] = []
  page.on('request', (r: Request) => sent.push(new URL(r.url()).pathname))
  return sent
}

/** Waits until the block's picture has loaded; its address as the <img> shows it. */
async function shownPicture(page: Page): Promise<string> {
  await expect(picture(page)).toBeVisible()
  await expect
    .poll(() => picture(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  return picture(page).evaluate((img: HTMLImageElement) => img.currentSrc)
}

test('footer in view: the picture is asked for before any call of the widget, once', async ({
  page,
}) => {
  const log = watchPage(page)
  const sent = requests(page)
  await page.goto('/de/')
  const shown = new URL(await shownPicture(page)).pathname
  const pictures = sent.filter((p) => p.startsWith(NEWSLETTER_IMAGES))
  expect(pictures).toEqual([shown])
  const psdata = sent.indexOf(PSDATA_PATH)
  expect(psdata).toBeGreaterThan(-1)
  expect(sent.indexOf(shown)).toBeLessThan(psdata)
  expect(log.pageErrors).toEqual([])
})

test("the host's preload from the manifest (docs/EMBEDDING.md, as printed) is the file the picture shows, fetched once", async ({
  page,
  baseURL,
}) => {
  const manifest = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'dist/public/manifest.json'), 'utf8'),
  ) as Manifest
  const [code] = docBlocks('The newsletter picture', 'js')
  if (!code) throw new Error('docs/EMBEDDING.md "The newsletter picture" prints no js block')
  const preload = new Function('manifest', 'site', `${code}\nreturn preload`)(
    manifest,
    'DE',
  ) as string
  const footer = manifest.bundles.find((b) => b.kind === 'footer' && b.site === 'DE')!
  await page.route('**/_test/hinted.html', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hinted</title>
${preload}
</head><body><main><h1>Ein Laden</h1></main><div id="footer"></div>
${footer.tag}
</body></html>`,
    }),
  )
  const log = watchPage(page)
  const sent = requests(page)
  await page.goto('/_test/hinted.html')
  const shown = await shownPicture(page)
  expect(sent.filter((p) => p.startsWith(NEWSLETTER_IMAGES))).toEqual([new URL(shown).pathname])
  // The one request is the preload's, from the page's <head>.
  const initiators = await page.evaluate(
    (file) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name === file)
        .map((e) => (e as PerformanceResourceTiming).initiatorType),
    shown,
  )
  expect(initiators).toEqual(['link'])
  expect(new URL(shown).origin).toBe(new URL(baseURL!).origin)
  // Chromium warns of a preload that nothing used.
  expect(log.warnings.filter((w) => /preload/i.test(w))).toEqual([])
  expect(log.pageErrors).toEqual([])
})
