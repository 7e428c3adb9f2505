/**
 * Demo host pages: one plain page per market (header, content, #footer, one script tag), the
 * same for the React build under /react/, and an index. Query flags let tests and people try
 * embeddings without a fixture file each:
 *   ?platform=SMARTPHONE  data-platform     ?variant=reduced  data-variant
 *   ?newsletter=hidden    data-newsletter   ?spa              data-spa
 *   ?twice  script tag twice   ?nofooter  no #footer   ?async  async instead of defer
 *   ?inject  the tag is added later by another script (like a tag manager)
 *   ?csp     the page is served with STRICT_CSP
 *   ?hint    the newsletter picture's preload in <head>, from the manifest (docs/EMBEDDING.md,
 *            "The newsletter picture")
 *   ?ssr     #footer holds the server-rendered footer (docs/server-rendering.md) for CLASSIC, or
 *            for the platform named (?ssr=smartphone), as a shop's SSI would put it there
 *   ?notag   no script tag: the server-rendered footer alone
 *   ?after   a paragraph of host content after #footer (what a layout shift would move)
 * Every market page also carries the demo host's view script (/_demo/view.js, see VIEW_SCRIPT).
 */

import path from 'node:path'
import { MARKETS, type Market } from '../../build/product/markets.ts'
import { BRAND } from '../../src/contract/brand.ts'
import { VIEW_CHANGE_EVENT } from '../../src/footer/view-change.ts'
import { escapeHtml, html } from '../core/http.ts'
import { readManifest, type Manifest } from '../../build/product/output.ts'
import type { Demo } from './types.ts'
import { FRAGMENT_PLATFORMS } from '../core/routes/footer-fragment.ts'

/** The strict policy the widget must live under (no inline script or style, Trusted Types for scripts). */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; require-trusted-types-for 'script'"

/** A flavor's build as the server serves it: its manifest (null before it is built) and its URL prefix. */
export async function readBuild(
  demo: Demo,
  flavor: 'preact' | 'react',
): Promise<{ manifest: Manifest | null; staticPrefix: string }> {
  const react = flavor === 'react'
  return {
    manifest: await readManifest(react ? path.join(demo.distDir, 'react') : demo.distDir),
    staticPrefix: react ? '/react/static/' : '/static/',
  }
}

/** In place of a page whose bundle is not built yet. */
export function notBuilt(flavor: 'preact' | 'react', what = 'build'): Response {
  return html(
    `<!doctype html><meta charset="utf-8"><title>Not built</title><p>No ${flavor} ${what} found. Run <code>npm run build${flavor === 'react' ? ':react' : ''}</code>.</p>`,
    503,
  )
}

const HOST_CSS = `body{margin:0;font-family:Georgia,serif;color:#222;background:#fff}
.host-header{display:flex;gap:16px;align-items:center;padding:12px 24px;background:#222;color:#fff}
.host-header a{color:#fff}.host-main{padding:24px;max-width:960px;margin:0 auto}`

function scriptTag(src: string, integrity: string, market: Market, url: URL): string {
  const attrs = [
    `src="${src}"`,
    `integrity="${integrity}"`,
    'crossorigin="anonymous"',
    `data-site="${market.site}"`,
  ]
  const platform = url.searchParams.get('platform')
  if (platform) attrs.push(`data-platform="${escapeHtml(platform)}"`)
  const variant = url.searchParams.get('variant')
  if (variant) attrs.push(`data-variant="${escapeHtml(variant)}"`)
  const newsletter = url.searchParams.get('newsletter')
  if (newsletter) attrs.push(`data-newsletter="${escapeHtml(newsletter)}"`)
  if (url.searchParams.has('spa')) attrs.push('data-spa')
  attrs.push(url.searchParams.has('async') ? 'async' : 'defer')
  return `<script ${attrs.join(' ')}></script>`
}

/** The markup of a script tag added by another script later (tag-manager style), using the demo's helper file. */
function injectedTag(src: string, market: Market): string {
  return `<script src="/_demo/inject.js" data-src="${src}" data-site="${market.site}" defer></script>`
}

export async function marketPage(
  demo: Demo,
  market: Market,
  url: URL,
  flavor: 'preact' | 'react',
): Promise<Response> {
  const { manifest, staticPrefix } = await readBuild(demo, flavor)
  const bundle = manifest?.bundles.find((b) => b.kind === 'footer' && b.locale === market.locale)
  if (!bundle) return notBuilt(flavor)
  const src = staticPrefix + bundle.file
  const tag = url.searchParams.has('inject')
    ? injectedTag(src, market)
    : scriptTag(src, bundle.integrity, market, url)
  const tags = url.searchParams.has('notag')
    ? ''
    : url.searchParams.has('twice')
      ? tag + '\n' + tag
      : tag
  const ssr = url.searchParams.get('ssr')
  const platform = (ssr || 'CLASSIC').toUpperCase()
  const fragment =
    ssr === null || !FRAGMENT_PLATFORMS.includes(platform)
      ? ''
      : await demo.fragment(market.site, platform)
  const footer = url.searchParams.has('nofooter') ? '' : `<div id="footer">${fragment ?? ''}</div>`
  const nav = MARKETS.map(
    (m) =>
      `<a href="${flavor === 'react' ? '/react' : ''}${m.path}" hreflang="${m.lang}" lang="${m.lang}">${escapeHtml(m.name)}</a>`,
  ).join(' ')
  return html(
    `<!doctype html>
<html lang="${market.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${BRAND} – ${escapeHtml(market.name)}${flavor === 'react' ? ' (React build)' : ''}</title>
<link rel="stylesheet" href="/_demo/host.css">
<script src="/_demo/view.js"></script>${url.searchParams.has('hint') ? (bundle.pictures ?? []).map((p) => `\n${p.preload}`).join('') : ''}
</head>
<body>
<header class="host-header"><a href="/">${BRAND} demo</a><nav aria-label="Markets">${nav}</nav></header>
<main class="host-main">
<h1>${escapeHtml(market.name)}</h1>
<p>A plain host page. The footer below is the widget, loaded by one script tag for <code>${market.locale}</code>.</p>
</main>
${footer}${url.searchParams.has('after') ? '\n<p id="host-after">Host content after the footer.</p>' : ''}
${tags}
</body>
</html>`,
    200,
    url.searchParams.has('csp') ? { 'content-security-policy': STRICT_CSP } : {},
  )
}

/** The cookie a shop keeps the visitor's view in (SPEC §9 Hunter-Platform); the widget never writes it. */
const PLATFORM_COOKIE = 'Hunter-Platform'

/**
 * What a host does with the view changer (docs/EMBEDDING.md "View changer"), as the demo shop
 * does it: a classic script before the widget's. It puts a remembered choice on
 * <html platform="..."> (where a real shop's server would render it), and on the widget's
 * lumora:view-change event remembers the new one in the Hunter-Platform cookie. It does not
 * cancel the event, so the widget switches the layout at once.
 */
const VIEW_SCRIPT = `(function () {
  var cookie = ${JSON.stringify(PLATFORM_COOKIE)};
  var saved = new RegExp('(?:^|; )' + cookie + '=([a-z]+)').exec(document.cookie);
  if (saved) document.documentElement.setAttribute('platform', saved[1]);
  document.addEventListener(${JSON.stringify(VIEW_CHANGE_EVENT)}, function (event) {
    var platform = String(event.detail && event.detail.platform).toLowerCase();
    if (!/^(classic|smartphone|tablet|match)$/.test(platform)) return;
    document.cookie = cookie + '=' + platform + '; path=/; max-age=2592000; samesite=lax';
    document.documentElement.setAttribute('platform', platform);
  });
})();
`

export function demoAsset(name: string): Response | null {
  if (name === 'view.js')
    return new Response(VIEW_SCRIPT, {
      headers: { 'content-type': 'text/javascript; charset=utf-8' },
    })
  if (name === 'host.css')
    return new Response(HOST_CSS, { headers: { 'content-type': 'text/css; charset=utf-8' } })
  if (name === 'inject.js') {
    // Adds the footer script late, the way a tag manager would (a classic script, no eval).
    const js = `(function(){var me=document.currentScript;setTimeout(function(){var s=document.createElement('script');s.src=me.getAttribute('data-src');s.setAttribute('data-site',me.getAttribute('data-site'));document.body.appendChild(s);},50);})();`
    return new Response(js, { headers: { 'content-type': 'text/javascript; charset=utf-8' } })
  }
  return null
}

const DEMO_TOOL_LINKS = `<li><a href="/_mail/">Mail outbox</a> (double opt-in confirmation mails)</li>
<li><a href="/_staff/">Become staff</a> (preview panel)</li>
<li><a href="/_fault">Faults on demand</a> (make API calls fail for this browser)</li>`

export async function indexPage(demo: Demo): Promise<Response> {
  const { manifest } = await readBuild(demo, 'preact')
  const rows = MARKETS.map((m) => {
    const bundle = manifest?.bundles.find((b) => b.kind === 'footer' && b.locale === m.locale)
    return `<tr><td><a href="${m.path}" lang="${m.lang}">${escapeHtml(m.name)}</a></td><td>${m.site}</td><td>${m.locale}</td><td>${bundle ? bundle.bytes.brotli + ' B' : '–'}</td><td><a href="/react${m.path}">React build</a></td></tr>`
  }).join('\n')
  return html(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${BRAND} footer widget – demo</title><link rel="stylesheet" href="/_demo/host.css"></head>
<body>
<header class="host-header"><strong>${BRAND} footer widget</strong></header>
<main class="host-main">
<h1>Demo</h1>
<table><thead><tr><th>Market</th><th>Site</th><th>Locale</th><th>Brotli</th><th>Comparison</th></tr></thead><tbody>
${rows}
</tbody></table>
<h2>Tools</h2>
<ul>
<li><a href="/kit/">Design-system kit gallery</a></li>
${DEMO_TOOL_LINKS}
</ul>
</main>
</body>
</html>`)
}
