/**
 * The footer's server render (build/product/server-render.ts, the package's renderFooter): the
 * inner HTML of #footer as a declarative shadow root with the bundle's markup and styles, for a
 * market, platform and content; bad options refused with a clear error, bad content rendered as
 * the partial footer the bundle shows.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createHash } from 'node:crypto'
import { JSDOM } from 'jsdom'
import { captureConsole } from '../../test/helpers/console.ts'
import { footerFixture } from '../../test/helpers/footer-fixtures.ts'
import { serverRender } from '../../test/helpers/server-render.ts'
import { importGraph } from '../../test/helpers/import-graph.ts'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../repo-root.ts'
import { NEWSLETTER_IMAGES, SERVER_RENDERED_ATTRIBUTE } from '../../src/contract/contract.ts'
import { SITES } from '../../src/contract/sites.ts'
import type { RenderFooterOptions } from '../../types/lumora-footer-server.d.ts'
import de from '../../locales/de-DE/footer.json' with { type: 'json' }

const test = suite('server render')

const SHOP = 'https://shop.example'
const CDN = 'https://cdn.example'

const options = (more: Partial<RenderFooterOptions> = {}): RenderFooterOptions => ({
  site: 'DE',
  platform: 'SMARTPHONE',
  content: JSON.stringify(footerFixture('DE')),
  origin: SHOP,
  assetOrigin: CDN,
  ...more,
})

/** The fragment parsed as a browser's HTML parser would, its shadow root's content as a fragment. */
function parse(html: string) {
  const { document } = new JSDOM(`<div id="footer">${html}</div>`).window
  const template = document.querySelector('#footer > template')!
  return { template, root: (template as HTMLTemplateElement).content }
}

test('DE phone: a declarative shadow root with the styles, the newsletter form, the legal links and every content link', async () => {
  const { renderFooter } = await serverRender()
  const { template, root } = parse(await renderFooter(options()))
  assert.is(template.getAttribute('shadowrootmode'), 'open')
  assert.match(root.querySelector('style')!.textContent!, /:host\{/)
  const footer = root.lastElementChild!
  assert.ok(
    footer.hasAttribute(SERVER_RENDERED_ATTRIBUTE),
    'marked as the footer the bundle takes over',
  )
  assert.is(footer.querySelector('.lf-root')!.getAttribute('data-platform'), 'smartphone')
  assert.ok(footer.querySelector('.lf-root > footer'), 'the footer landmark')
  const legal = [...root.querySelectorAll('.lf-bottom nav a')].map((a) => [
    a.textContent,
    a.getAttribute('href'),
  ])
  assert.equal(legal[0], ['Impressum', `${SHOP}/impressum-s1030.html`])
  assert.ok(
    root.querySelectorAll('a[href]').length >= 40,
    'the content links, SEO links among them',
  )
  const img = root.querySelector('.lf-nl picture img')!
  assert.ok(
    img.getAttribute('src')!.startsWith(CDN + NEWSLETTER_IMAGES),
    'the picture on the asset origin',
  )
  assert.ok(root.querySelector('form input[type="email"]'), 'the sign-up form in its initial state')
  assert.not.ok(root.querySelector('slot'), 'nothing of the page shows through')
})

test('every market and platform renders, in the platform’s layout', async () => {
  const { renderFooter } = await serverRender()
  for (const site of SITES)
    for (const platform of ['SMARTPHONE', 'TABLET', 'CLASSIC'] as const) {
      const { root } = parse(
        await renderFooter(options({ site, platform, content: footerFixture(site) })),
      )
      const layout = root.querySelector('.lf-root')!.getAttribute('data-platform')
      assert.is(layout, platform.toLowerCase(), `${site} ${platform}`)
      assert.ok(root.querySelectorAll('.lf-bottom nav a').length > 0, `${site} legal links`)
    }
})

test('unknown site or platform, or an origin that is not http(s): a clear error, nothing rendered', async () => {
  const { renderFooter } = await serverRender()
  const refusals: [Partial<RenderFooterOptions>, RegExp][] = [
    [{ site: 'XX' }, /site must be one of DE, AT, .* got "XX"/],
    [{ platform: 'WATCH' }, /platform must be one of SMARTPHONE, TABLET, CLASSIC, got "WATCH"/],
    [{ origin: 'javascript:alert(1)' }, /origin must be an http\(s\) origin/],
    [{ assetOrigin: '' }, /assetOrigin must be an http\(s\) origin/],
    [{ nonce: '"><script>' }, /nonce must be a base64 value/],
  ]
  for (const [bad, message] of refusals) {
    const error = await renderFooter(options(bad)).then(
      () => null,
      (e: Error) => e,
    )
    assert.ok(error, JSON.stringify(bad))
    assert.is(error!.name, 'RenderFooterError')
    assert.match(error!.message, message)
  }
})

test('market names as data-site reads them: any letter case, ch-fr', async () => {
  const { renderFooter } = await serverRender()
  const { root } = parse(await renderFooter(options({ site: 'ch-fr', content: null })))
  assert.is(root.querySelector('.lf-root')!.getAttribute('lang'), 'fr-CH')
})

test('broken content: the partial footer the bundle shows, each problem on the console', async () => {
  const { renderFooter } = await serverRender()
  const notJson = await captureConsole(() => renderFooter(options({ content: '{"legalLinks": [' })))
  const root = parse(notJson.result).root
  assert.ok(root.querySelector('.lf-nl'), 'the newsletter block stands')
  assert.ok(root.querySelector('.lf-copyright'), 'and the bottom group')
  assert.is(root.querySelectorAll('.lf-bottom nav a').length, 0)
  assert.match(notJson.warnings.join('\n'), /W14/)
  const badLink = footerFixture('DE')
  badLink.legalLinks[0].url = 'javascript:alert(1)'
  const partial = await captureConsole(() => renderFooter(options({ content: badLink })))
  const links = parse(partial.result).root.querySelectorAll('.lf-bottom nav a')
  assert.is(
    links.length,
    footerFixture('DE').legalLinks.length - 1,
    'the bad link alone is left out',
  )
  assert.match(partial.warnings.join('\n'), /W13 .*legalLinks\.0/)
})

test('no content: the newsletter block and the bottom group without links', async () => {
  const { renderFooter } = await serverRender()
  const { root } = parse(await renderFooter(options({ content: null })))
  assert.ok(root.querySelector('.lf-nl'))
  assert.is(root.querySelectorAll('.lf-bottom a').length, 0)
})

test('the nonce goes on the style element; the reduced variant and a hidden newsletter leave the block out', async () => {
  const { renderFooter } = await serverRender()
  const html = await renderFooter(options({ nonce: 'abc123+/=' }))
  const styles = [...parse(html).root.querySelectorAll('style')]
  assert.ok(styles.length > 1)
  for (const style of styles) assert.is(style.getAttribute('nonce'), 'abc123+/=')
  for (const more of [{ variant: 'reduced' }, { newsletter: 'hidden' }] as const) {
    const { root } = parse(await renderFooter(options(more)))
    assert.not.ok(root.querySelector('.lf-nl'), JSON.stringify(more))
    assert.ok(root.querySelector('.lf-bottom nav a'), 'the legal links stay')
  }
})

test('STYLE_SOURCES lists the hash of every style element of every market’s and platform’s render', async () => {
  const { renderFooter, STYLE_SOURCES } = await serverRender()
  for (const site of SITES)
    for (const platform of ['SMARTPHONE', 'CLASSIC'] as const) {
      const { root } = parse(
        await renderFooter(options({ site, platform, content: footerFixture(site) })),
      )
      for (const style of root.querySelectorAll('style')) {
        const hash = createHash('sha256').update(style.textContent!).digest('base64')
        assert.ok(
          STYLE_SOURCES.includes(`'sha256-${hash}'`),
          `${site} ${platform}: ${style.textContent!.slice(0, 40)}`,
        )
      }
    }
})

test('the render never enters a browser bundle: no widget entry imports it or its renderer', () => {
  for (const entry of ['src/mount.ts', 'src/preview/index.tsx', 'src/kit/gallery/main.tsx']) {
    const graph = importGraph([entry])
    assert.ok(
      graph.has('src/app/render.tsx') || entry !== 'src/mount.ts',
      'the walk reaches the app',
    )
    assert.not.ok(graph.has('src/app/server-render.tsx'), entry)
    const renderer = [...graph.keys()].filter((file) =>
      readFileSync(path.join(REPO_ROOT, file), 'utf8').includes("from 'react-dom/server'"),
    )
    assert.equal(renderer, [], entry)
  }
})

test('the texts are the market’s own', async () => {
  const { renderFooter } = await serverRender()
  const { root } = parse(await renderFooter(options()))
  assert.is(root.querySelector('.lf-bottom nav')!.getAttribute('aria-label'), de.legal)
})

test.run()
