/**
 * The demo layer, mounted on the contract core in demo mode only (server/handler.ts):
 * the market pages and index, the built bundles and images, the kit gallery, the host pages, and
 * the demo tools (/_mail/, /_staff/, /_fault) with the fault hook and the hooks handed in, which
 * answer only this machine at the server's own address (guard.ts).
 */
import path from 'node:path'
import { FOOTER_IMAGES, NEWSLETTER_IMAGES } from '../../src/contract/contract.ts'
import { MARKETS } from '../../build/product/markets.ts'
import { DIST_DIR } from '../paths.ts'
import type { ServerContext } from '../core/context.ts'
import { footerFragment } from '../core/routes/footer-fragment.ts'
import type { Demo, DemoHook } from './types.ts'
import type { Layer } from '../core/handler.ts'
import { empty } from '../core/http.ts'
import { route, type Route } from '../core/router.ts'
import { faultHook, faultRoutes } from './faults.ts'
import { createGuard, defaultOwnHosts } from './guard.ts'
import { hostRoutes } from './hosts.ts'
import { kitRoutes } from './kit.ts'
import { mailRoutes } from './mail.ts'
import { demoAsset, indexPage, marketPage } from './pages.ts'
import { staffRoutes } from './staff.ts'
import { serveFile } from './static-files.ts'
import { publicDir } from '../../build/product/output.ts'

export interface DemoOptions {
  /**
   * Host values (host:port, as in the Host header) that count as this server's own address.
   * Default: the origin's host, and for a loopback origin its other loopback names.
   */
  ownHosts?: string[]
  /** Folder of the Preact build (its release folder public/; React's in react/); defaults to dist/. */
  distDir?: string
  /** How long a "timeout" fault waits before answering, in ms. */
  hangMs?: number
  /**
   * Middleware for the requests the demo tools answer, handed in by whoever starts the server
   * (serve.ts and the bench hand in the bench's content scaling, build/bench/scale.ts).
   */
  hooks?: DemoHook[]
}

/** The release folder's cache rules (docs/EMBEDDING.md, "Origins and paths"), by path. */
function cacheRule(relative: string): string {
  // Hashed bundles and the newsletter pictures (named by their content's hash, SPEC §2) never change.
  if (/\.[0-9a-f]{10}\.js$/.test(relative) || relative.startsWith(NEWSLETTER_IMAGES.slice(1)))
    return 'public, max-age=31536000, immutable'
  // Logos and flags keep their names when the CMS replaces them: a day's cache life, so a
  // shopper's next pages do not fetch them again.
  if (relative.startsWith(FOOTER_IMAGES.slice(1))) return 'public, max-age=86400'
  // The evergreen bundles and manifest.json change with each release.
  return 'public, max-age=300, stale-while-revalidate=86400'
}

/** What the release folder answers: everything under these paths, as a static host would. */
const RELEASE_PATHS = ['/static/', FOOTER_IMAGES, NEWSLETTER_IMAGES]

function siteRoutes(demo: Demo): Route[] {
  const release = (build: string, relative: string, request: Request) =>
    serveFile(
      publicDir(path.join(demo.distDir, build)),
      relative,
      cacheRule(relative),
      request.headers.get('accept-encoding'),
    )
  return [
    route('GET', '/', () => indexPage(demo)),
    ...MARKETS.flatMap((market) => [
      route('GET', market.path, ({ url }) => marketPage(demo, market, url, 'preact')),
      route('GET', `/react${market.path}`, ({ url }) => marketPage(demo, market, url, 'react')),
    ]),
    // The release folder (dist/public/): Preact's at the root, React's bundles under /react/static/.
    ...RELEASE_PATHS.map((prefix) =>
      route('GET', `${prefix}*`, ({ params, request }) =>
        release('', prefix.slice(1) + params.rest, request),
      ),
    ),
    route('GET', '/manifest.json', ({ request }) => release('', 'manifest.json', request)),
    route('GET', '/react/static/*', ({ params, request }) =>
      release('react', `static/${params.rest}`, request),
    ),
    route('GET', '/_demo/*', ({ params }) => demoAsset(params.rest) ?? empty(404)),
    route('GET', '/favicon.ico', () => empty(204)),
  ]
}

export function demoLayer(options: DemoOptions = {}): (ctx: ServerContext) => Layer {
  return (ctx) => {
    const guard = createGuard(options.ownHosts ?? defaultOwnHosts(ctx.origin))
    const demo: Demo = {
      distDir: options.distDir ?? DIST_DIR,
      fixturesDir: ctx.fixturesDir,
      fragment: (site, platform) => footerFragment(ctx, site, platform),
    }
    return {
      routes: [
        ...siteRoutes(demo),
        ...kitRoutes(demo),
        ...hostRoutes(demo),
        ...mailRoutes(guard),
        ...staffRoutes(ctx, guard),
        ...faultRoutes(guard),
      ],
      middleware: [
        faultHook(guard, options.hangMs ?? 60_000),
        ...(options.hooks ?? []).map((hook) => hook(guard.serves)),
      ],
    }
  }
}
