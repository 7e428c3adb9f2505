/**
 * Host pages for the "good guest" browser tests: plain HTML files in fixtures/hosts/ served under
 * /_hosts/<name>.html, with the market's bundle filled in from the manifest. Placeholders:
 *   <!--footer-script-->  the ready tag (src, integrity, crossorigin, data-site, defer)
 *   {{footer-src}}        the bundle's URL, {{footer-integrity}} its SRI hash, {{site}} the market
 * Query: ?site=CZ picks the market (default DE); ?react the React build; ?nowidget leaves every placeholder tag empty and
 * {{footer-src}} pointing nowhere (the same page without the widget, for comparisons); ?csp serves
 * the page with STRICT_CSP. Stylesheets next to the pages are served as /_hosts/<name>.css.
 * Pages are served without `no-store`, so the back/forward cache judges the widget, not the server.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { MARKETS } from '../../markets.ts'
import { empty, html } from '../http.ts'
import { readManifest, STRICT_CSP } from '../pages.ts'
import { route, type Route } from '../router.ts'
import type { ServerContext } from '../context.ts'

const NAME = /^[a-z0-9-]+\.(html|css)$/

async function hostFile(ctx: ServerContext, name: string, url: URL): Promise<Response> {
  if (!NAME.test(name)) return empty(404)
  let text: string
  try {
    text = await readFile(path.join(ctx.fixturesDir, 'hosts', name), 'utf8')
  } catch {
    return empty(404)
  }
  if (name.endsWith('.css')) return new Response(text, { headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' } })
  const site = (url.searchParams.get('site') ?? 'DE').toUpperCase()
  const market = MARKETS.find((m) => m.site === site) ?? MARKETS[0]
  const react = url.searchParams.has('react')
  const bundle = (await readManifest(react ? path.join(ctx.distDir, 'react') : ctx.distDir))?.bundles.find((b) => b.kind === 'footer' && b.locale === market.locale)
  if (!bundle) return html(`<!doctype html><meta charset="utf-8"><title>Not built</title><p>Run <code>npm run build${react ? ':react' : ''}</code>.</p>`, 503)
  const off = url.searchParams.has('nowidget')
  const src = off ? '/_hosts/no-widget.js' : `${react ? '/react' : ''}/static/${bundle.file}`
  const tag = off ? '' : `<script src="${src}" integrity="${bundle.integrity}" crossorigin="anonymous" data-site="${market.site}" defer></script>`
  const page = text
    .replaceAll('<!--footer-script-->', tag)
    .replaceAll('{{footer-src}}', src)
    .replaceAll('{{footer-integrity}}', bundle.integrity)
    .replaceAll('{{site}}', market.site)
  const headers: Record<string, string> = { 'cache-control': 'no-cache' }
  if (url.searchParams.has('csp')) headers['content-security-policy'] = STRICT_CSP
  return html(page, 200, headers)
}

export function hostRoutes(): Route[] {
  return [
    route('GET', '/_hosts/no-widget.js', () => new Response('', { headers: { 'content-type': 'text/javascript' } })),
    route('GET', '/_hosts/:name', ({ ctx, params, url }) => hostFile(ctx, params.name, url)),
  ]
}
