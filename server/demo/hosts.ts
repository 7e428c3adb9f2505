/**
 * Host pages for the "good guest" browser tests: plain HTML files in fixtures/hosts/ served under
 * /_hosts/<name>.html, with the market's bundle filled in from the manifest. Placeholders:
 *   <!--footer-script-->  the ready tag (src, integrity, crossorigin, data-site, defer)
 *   {{footer-src}}        the bundle's URL, {{footer-integrity}} its SRI hash, {{site}} the market
 * Query: ?site=CZ picks the market (default DE); ?react the React build; ?nowidget leaves every placeholder tag empty and
 * {{footer-src}} pointing nowhere (the same page without the widget, for comparisons); ?csp serves
 * the page with STRICT_CSP, ?secure with every strict security header (SECURE_HEADERS). Stylesheets and
 * scripts next to the pages are served as /_hosts/<name>.css and .js; <name>.xhtml pages as
 * application/xhtml+xml. Third-party libraries the pages load are served as /_hosts/lib/<name>
 * (HOST_LIBRARIES: pinned devDependencies, or files vendored in fixtures/hosts/vendor/).
 * Pages are served without `no-store`, so the back/forward cache judges the widget, not the server.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { MARKETS } from '../../build/product/markets.ts'
import { empty, html } from '../core/http.ts'
import { notBuilt, readBuild, STRICT_CSP } from './pages.ts'
import { route, type Route } from '../core/router.ts'
import type { Demo } from './types.ts'
import { REPO_ROOT } from '../../build/repo-root.ts'

const NAME = /^[a-z0-9-]+\.(html|xhtml|css|js)$/

const TYPES: Record<string, string> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  html: 'text/html; charset=utf-8',
  xhtml: 'application/xhtml+xml; charset=utf-8',
}

/** Libraries of the host pages, by the name a page loads them under; paths from the repository root. */
export const HOST_LIBRARIES: Record<string, string> = {
  'prototype.js': 'fixtures/hosts/vendor/prototype-1.7.3.js',
  'mootools.js': 'fixtures/hosts/vendor/mootools-core-1.4.5-nc.js',
  'jquery.js': 'node_modules/jquery/dist/jquery.js',
  'jquery-migrate.js': 'node_modules/jquery-migrate/dist/jquery-migrate.js',
  'core-js.js': 'node_modules/core-js-bundle/minified.js',
  'zone.js': 'node_modules/zone.js/bundles/zone.umd.js',
  'bootstrap3.css': 'node_modules/bootstrap3/dist/css/bootstrap.css',
  'bootstrap5.css': 'node_modules/bootstrap/dist/css/bootstrap.css',
  'bootstrap5.js': 'node_modules/bootstrap/dist/js/bootstrap.bundle.js',
  'tailwind-preflight.css': 'node_modules/tailwindcss/preflight.css',
}

/** ?secure: what a hardened shop sends with its pages (a strict CSP, isolation, no sniffing, no referrer, no framing). */
const SECURE_HEADERS: Record<string, string> = {
  'content-security-policy': `${STRICT_CSP}; base-uri 'none'; object-src 'none'; frame-ancestors 'none'; form-action 'self'`,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
}

async function hostLibrary(name: string): Promise<Response> {
  const file = Object.hasOwn(HOST_LIBRARIES, name) ? HOST_LIBRARIES[name] : undefined
  if (!file) return empty(404)
  const text = await readFile(path.join(REPO_ROOT, file), 'utf8')
  return new Response(text, {
    headers: {
      'content-type': TYPES[name.slice(name.lastIndexOf('.') + 1)],
      'cache-control': 'no-cache',
    },
  })
}

async function hostFile(demo: Demo, name: string, url: URL): Promise<Response> {
  if (!NAME.test(name)) return empty(404)
  let text: string
  try {
    text = await readFile(path.join(demo.fixturesDir, 'hosts', name), 'utf8')
  } catch {
    return empty(404)
  }
  const type = name.slice(name.lastIndexOf('.') + 1)
  if (type === 'css' || type === 'js')
    return new Response(text, {
      headers: { 'content-type': TYPES[type], 'cache-control': 'no-cache' },
    })
  const site = (url.searchParams.get('site') ?? 'DE').toUpperCase()
  const market = MARKETS.find((m) => m.site === site) ?? MARKETS[0]
  const react = url.searchParams.has('react')
  const flavor = react ? 'react' : 'preact'
  const { manifest, staticPrefix } = await readBuild(demo, flavor)
  const bundle = manifest?.bundles.find((b) => b.kind === 'footer' && b.locale === market.locale)
  if (!bundle) return notBuilt(flavor)
  const off = url.searchParams.has('nowidget')
  const src = off ? '/_hosts/no-widget.js' : staticPrefix + bundle.file
  // XML has no attribute without a value.
  const defer = type === 'xhtml' ? 'defer="defer"' : 'defer'
  const tag = off
    ? ''
    : `<script src="${src}" integrity="${bundle.integrity}" crossorigin="anonymous" data-site="${market.site}" ${defer}></script>`
  const page = text
    .replaceAll('<!--footer-script-->', tag)
    .replaceAll('{{footer-src}}', src)
    .replaceAll('{{footer-integrity}}', bundle.integrity)
    .replaceAll('{{site}}', market.site)
  const headers: Record<string, string> = {
    'cache-control': 'no-cache',
    'content-type': TYPES[type],
  }
  if (url.searchParams.has('csp')) headers['content-security-policy'] = STRICT_CSP
  if (url.searchParams.has('secure')) Object.assign(headers, SECURE_HEADERS)
  return html(page, 200, headers)
}

export function hostRoutes(demo: Demo): Route[] {
  return [
    route(
      'GET',
      '/_hosts/no-widget.js',
      () => new Response('', { headers: { 'content-type': 'text/javascript' } }),
    ),
    route('GET', '/_hosts/lib/:name', ({ params }) => hostLibrary(params.name)),
    route('GET', '/_hosts/:name', ({ params, url }) => hostFile(demo, params.name, url)),
  ]
}
