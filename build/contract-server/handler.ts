/**
 * The local contract server as one Fetch-API handler: (Request) => Promise<Response>.
 * `npm start` serves it over HTTP (build/serve.ts); unit tests pass it to the widget's API
 * client as `fetch`, so tests and demo share one source of truth.
 */
import { MARKETS } from '../markets.ts'
import { createContext, type ServerContext, type ServerOptions } from './context.ts'
import { applyFault, faultControl, faultFor } from './faults.ts'
import { empty, json } from './http.ts'
import { demoAsset, indexPage, marketPage } from './pages.ts'
import { matchRoute, route, type Route } from './router.ts'
import { serveFile } from './static-files.ts'
import { footerRoutes } from './routes/footer.ts'
import { loginRoutes } from './routes/login.ts'
import { newsletterRoutes } from './routes/newsletter.ts'
import { previewRoutes } from './routes/preview.ts'
import { kitRoutes } from './routes/kit.ts'
import { hostRoutes } from './routes/hosts.ts'
import path from 'node:path'

export interface ContractServer {
  handle: (request: Request) => Promise<Response>
  /** A `fetch` for in-process use: relative URLs resolve against `origin`. */
  fetch: typeof fetch
  ctx: ServerContext
}

/** Bundle file names carry their content's hash, so a cached copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

function siteRoutes(): Route[] {
  return [
    route('GET', '/', ({ ctx }) => indexPage(ctx)),
    ...MARKETS.flatMap((market) => [
      route('GET', market.path, ({ ctx, url }) => marketPage(ctx, market, url, 'preact')),
      route('GET', `/react${market.path}`, ({ ctx, url }) => marketPage(ctx, market, url, 'react')),
    ]),
    route('GET', '/static/*', ({ ctx, params, request }) => serveFile(path.join(ctx.distDir, 'static'), params.rest, IMMUTABLE, request.headers.get('accept-encoding'))),
    route('GET', '/react/static/*', ({ ctx, params, request }) => serveFile(path.join(ctx.distDir, 'react/static'), params.rest, IMMUTABLE, request.headers.get('accept-encoding'))),
    route('GET', '/service/footer-images/*', ({ ctx, params }) => serveFile(path.join(ctx.fixturesDir, 'images/footer'), params.rest)),
    route('GET', '/service/newsletterfrontend/*', ({ ctx, params }) => serveFile(path.join(ctx.fixturesDir, 'images/newsletter'), params.rest)),
    route('GET', '/_demo/*', ({ params }) => demoAsset(params.rest) ?? empty(404)),
    route('GET', '/_fault', ({ url }) => faultControl(url)),
    route('GET', '/favicon.ico', () => empty(204)),
  ]
}

export function createContractServer(options: ServerOptions & { origin?: string } = {}): ContractServer {
  const ctx = createContext(options)
  const routes = [...siteRoutes(), ...newsletterRoutes(), ...footerRoutes(), ...previewRoutes(), ...loginRoutes(), ...kitRoutes(), ...hostRoutes()]
  const origin = options.origin ?? 'https://shop.test'

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const fault = faultFor(request, url.pathname)
    if (fault) {
      const faulty = await applyFault(fault, request, ctx)
      if (faulty) return faulty
    }
    const match = matchRoute(routes, request.method, url.pathname)
    if (!match) return json({ type: 'urn:contract:not_found', title: `No ${request.method} ${url.pathname} in SPEC §7` }, 404)
    try {
      return await match.route.handler({ request, url, params: match.params, ctx })
    } catch (error) {
      console.error(`contract server: ${request.method} ${url.pathname} failed`, error)
      return json({ type: 'urn:contract:error', title: (error as Error).message }, 500)
    }
  }

  const fetchImpl = ((input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), origin), init)
    return handle(request)
  }) as typeof fetch

  return { handle, fetch: fetchImpl, ctx }
}
