/**
 * The kit gallery pages: /kit/ (Preact build) and /react/kit/ (React build). The gallery bundle
 * renders into a shadow root of #kit-gallery, like the widget into #footer.
 * ?locale=fr-CH picks the first locale (the page's own switch changes it later).
 */
import { BRAND } from '../../src/contract/brand.ts'
import { LOCALES } from '../../src/contract/sites.ts'
import { escapeHtml, html } from '../core/http.ts'
import { notBuilt, readBuild } from './pages.ts'
import { route, type Route } from '../core/router.ts'
import type { Demo } from './types.ts'

async function galleryPage(demo: Demo, url: URL, flavor: 'preact' | 'react'): Promise<Response> {
  const { manifest, staticPrefix } = await readBuild(demo, flavor)
  const bundle = manifest?.bundles.find((b) => b.kind === 'gallery')
  if (!bundle) return notBuilt(flavor, 'gallery build')
  const asked = url.searchParams.get('locale') ?? 'de-DE'
  const locale = (LOCALES as string[]).includes(asked) ? asked : 'de-DE'
  const src = staticPrefix + bundle.file
  const other =
    flavor === 'react'
      ? `<a href="/kit/">Preact build</a>`
      : `<a href="/react/kit/">React build</a>`
  return html(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${BRAND} kit gallery${flavor === 'react' ? ' (React build)' : ''}</title>
<link rel="stylesheet" href="/_demo/host.css">
</head>
<body>
<header class="host-header"><a href="/">${BRAND} demo</a> ${other}</header>
<main class="host-main">
<h1>Design-system kit${flavor === 'react' ? ' (React build)' : ''}</h1>
<div id="kit-gallery" data-locale="${escapeHtml(locale)}"></div>
</main>
<script src="${src}" integrity="${bundle.integrity}" crossorigin="anonymous" defer></script>
</body>
</html>`)
}

export function kitRoutes(demo: Demo): Route[] {
  return [
    route('GET', '/kit/', ({ url }) => galleryPage(demo, url, 'preact')),
    route('GET', '/react/kit/', ({ url }) => galleryPage(demo, url, 'react')),
  ]
}
