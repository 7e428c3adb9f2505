/**
 * The demo layer, mounted on the contract core in demo mode only (build/contract-server/handler.ts):
 * the market pages and index, the built bundles and images, the kit gallery, the host pages, and
 * the demo tools (/_mail/, /_staff/, /_fault) with the fault and bench hooks, which answer only
 * this machine at the server's own address (guard.ts).
 */
import path from 'node:path'
import { FOOTER_IMAGES, NEWSLETTER_IMAGES } from '../../../src/contract.ts'
import { MARKETS } from '../../product/markets.ts'
import { REPO_ROOT } from '../../repo-root.ts'
import { benchScaleHook } from '../../bench/scale.ts'
import type { ServerContext } from '../core/context.ts'
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

export interface DemoOptions {
  /**
   * Host values (host:port, as in the Host header) that count as this server's own address.
   * Default: the origin's host, and for a loopback origin its other loopback names.
   */
  ownHosts?: string[]
  /** Folder of the Preact build (manifest.json, static/; React's in react/); defaults to dist/. */
  distDir?: string
  /** How long a "timeout" fault waits before answering, in ms. */
  hangMs?: number
}

/** Everything the demo serves besides the calls and its tools, with the settings it reads. */
export interface Demo {
  distDir: string
  fixturesDir: string
}

/** Bundle file names carry their content's hash, so a cached copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

function siteRoutes(demo: Demo): Route[] {
  return [
    route('GET', '/', () => indexPage(demo)),
    ...MARKETS.flatMap((market) => [
      route('GET', market.path, ({ url }) => marketPage(demo, market, url, 'preact')),
      route('GET', `/react${market.path}`, ({ url }) => marketPage(demo, market, url, 'react')),
    ]),
    // The bundles of each build: Preact's under /static/, React's under /react/static/.
    ...['', '/react'].map((build) =>
      route('GET', `${build}/static/*`, ({ params, request }) =>
        serveFile(
          path.join(demo.distDir, build, 'static'),
          params.rest,
          IMMUTABLE,
          request.headers.get('accept-encoding'),
        ),
      ),
    ),
    // Logos and flags keep their names when the CMS replaces them: a day's cache life, so a
    // shopper's next pages do not fetch them again.
    route('GET', `${FOOTER_IMAGES}*`, ({ params }) =>
      serveFile(path.join(demo.fixturesDir, 'images/footer'), params.rest, 'public, max-age=86400'),
    ),
    // Named by their content's hash (SPEC §2), like the bundles.
    route('GET', `${NEWSLETTER_IMAGES}*`, ({ params }) =>
      serveFile(
        path.join(demo.fixturesDir, 'images/newsletter/newslettersubscriptionform'),
        params.rest,
        IMMUTABLE,
      ),
    ),
    route('GET', '/_demo/*', ({ params }) => demoAsset(params.rest) ?? empty(404)),
    route('GET', '/favicon.ico', () => empty(204)),
  ]
}

export function demoLayer(options: DemoOptions = {}): (ctx: ServerContext) => Layer {
  return (ctx) => {
    const guard = createGuard(options.ownHosts ?? defaultOwnHosts(ctx.origin))
    const demo: Demo = {
      distDir: options.distDir ?? path.join(REPO_ROOT, 'dist'),
      fixturesDir: ctx.fixturesDir,
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
      middleware: [faultHook(guard, options.hangMs ?? 60_000), benchScaleHook(guard.serves)],
    }
  }
}
