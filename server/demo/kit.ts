/**
 * The kit gallery pages: /kit/ (Preact build) and /react/kit/ (React build), each with its
 * build's gallery bundle from the build's kit/ folder (outside the release folder: no shop page
 * loads it), served under the page's own path. The gallery bundle renders into a shadow root of
 * #kit-gallery, like the widget into #footer.
 * ?locale=fr-CH picks the first locale (the page's own switch changes it later).
 */
import path from 'node:path'
import { BRAND } from '../../src/contract/brand.ts'
import { LOCALES } from '../../src/contract/sites.ts'
import { buildPaths, readKitGallery } from '../../build/product/output.ts'
import { escapeHtml, html } from '../core/http.ts'
import { notBuilt } from './pages.ts'
import { route, type Route } from '../core/router.ts'
import { serveFile } from './static-files.ts'
import type { Demo } from './types.ts'

const FLAVORS = [
  { flavor: 'preact', page: '/kit/', build: '' },
  { flavor: 'react', page: '/react/kit/', build: 'react' },
] as const

type Flavor = (typeof FLAVORS)[number]

async function galleryPage(
  demo: Demo,
  url: URL,
  { flavor, page, build }: Flavor,
): Promise<Response> {
  const bundle = await readKitGallery(path.join(demo.distDir, build))
  if (!bundle) return notBuilt(flavor, 'gallery build')
  const asked = url.searchParams.get('locale') ?? 'de-DE'
  const locale = (LOCALES as string[]).includes(asked) ? asked : 'de-DE'
  const src = page + bundle.file
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
  return FLAVORS.flatMap((flavor) => [
    route('GET', flavor.page, ({ url }) => galleryPage(demo, url, flavor)),
    // The page's own path first: the first matching route answers.
    route('GET', `${flavor.page}*`, ({ params, request }) =>
      serveFile(
        buildPaths(path.join(demo.distDir, flavor.build)).kit,
        params.rest,
        'no-cache',
        request.headers.get('accept-encoding'),
      ),
    ),
  ])
}
