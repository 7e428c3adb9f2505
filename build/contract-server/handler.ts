/**
 * The local contract server as one Fetch-API handler: (Request) => Promise<Response>.
 * `npm start` serves it over HTTP (build/contract-server/serve.ts); unit tests pass it to the widget's API
 * client as `fetch`, so tests and demo share one source of truth.
 */
import { FOOTER_IMAGES, NEWSLETTER_IMAGES } from '../../src/contract.ts'
import { MARKETS } from '../product/markets.ts'
import { createContext, demoServes, type ServerContext, type ServerOptions } from './context.ts'
import { IN_PROCESS_CLIENT, isLoopback, UNKNOWN_CLIENT, type Client } from './client.ts'
import { applyFault, faultControl, faultFor, faultPage } from './faults.ts'
import { empty, HttpError, json } from './http.ts'
import { demoAsset, indexPage, marketPage } from './pages.ts'
import { demoTool, matchRoute, route, type Route } from './router.ts'
import { serveFile } from './static-files.ts'
import { finalizeResponse } from './safety.ts'
import { footerRoutes } from './routes/footer.ts'
import { loginRoutes } from './routes/login.ts'
import { newsletterRoutes } from './routes/newsletter.ts'
import { previewRoutes } from './routes/preview.ts'
import { kitRoutes } from './routes/kit.ts'
import { hostRoutes } from './routes/hosts.ts'
import path from 'node:path'

export interface ContractServer {
  /** Answers a request from `client` (the transport's remote address; unknown when left out). */
  handle: (request: Request, client?: Client) => Promise<Response>
  /** A `fetch` for in-process use, from this machine: relative URLs resolve against `origin`. */
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
    // The bundles of each build: Preact's under /static/, React's under /react/static/.
    ...['', '/react'].map((build) =>
      route('GET', `${build}/static/*`, ({ ctx, params, request }) =>
        serveFile(
          path.join(ctx.distDir, build, 'static'),
          params.rest,
          IMMUTABLE,
          request.headers.get('accept-encoding'),
        ),
      ),
    ),
    // Logos and flags keep their names when the CMS replaces them: a day's cache life, so a
    // shopper's next pages do not fetch them again.
    route('GET', `${FOOTER_IMAGES}*`, ({ ctx, params }) =>
      serveFile(path.join(ctx.fixturesDir, 'images/footer'), params.rest, 'public, max-age=86400'),
    ),
    // Named by their content's hash (SPEC §2), like the bundles.
    route('GET', `${NEWSLETTER_IMAGES}*`, ({ ctx, params }) =>
      serveFile(
        path.join(ctx.fixturesDir, 'images/newsletter/newslettersubscriptionform'),
        params.rest,
        IMMUTABLE,
      ),
    ),
    route('GET', '/_demo/*', ({ params }) => demoAsset(params.rest) ?? empty(404)),
    demoTool('GET', '/_fault', ({ request }) => faultPage(request)),
    demoTool('POST', '/_fault', ({ request }) => faultControl(request)),
    route('GET', '/favicon.ico', () => empty(204)),
  ]
}

/**
 * A demo tool answers only clients on this machine (403 for any other remote address, whatever
 * its Host header says) at the server's own address (anything else is DNS rebinding: 421, the
 * request reached a server that is not the one its name belongs to), and acts on a form post only
 * from our own pages (a browser names the posting page's origin in Origin).
 */
function demoToolRefusal(ctx: ServerContext, request: Request, client: Client): Response | null {
  const problem = (status: number, title: string) =>
    json({ type: 'urn:contract:demo_tool', title, status }, status, {
      'content-type': 'application/problem+json',
    })
  if (!isLoopback(client.remoteAddress))
    return problem(403, 'Demo tools answer only on the machine the demo server runs on.')
  if (!demoServes(ctx, request, client))
    return problem(421, "Demo tools answer only at the demo server's own address.")
  const origin = request.headers.get('origin')
  if (
    request.method !== 'GET' &&
    request.method !== 'HEAD' &&
    origin !== null &&
    origin !== new URL(request.url).origin
  ) {
    return problem(403, 'Demo tools accept form posts from their own pages only.')
  }
  return null
}

/**
 * Bad input gets a short answer meant for the client; anything unexpected a 500 that tells the
 * client nothing about the server (no message, no path, no stack). The log names the route's
 * pattern, not the address, which may carry a subscriber token.
 */
function failure(method: string, pattern: string, error: unknown): Response {
  if (error instanceof HttpError)
    return json(
      { type: 'urn:contract:bad_request', title: error.message, status: error.status },
      error.status,
      { 'content-type': 'application/problem+json' },
    )
  if (error instanceof URIError)
    return json(
      { type: 'urn:contract:bad_request', title: 'Malformed percent-encoding.', status: 400 },
      400,
      { 'content-type': 'application/problem+json' },
    )
  console.error(`contract server: ${method} ${pattern} failed`, error)
  return json({ type: 'urn:contract:error', title: 'Internal server error.', status: 500 }, 500, {
    'content-type': 'application/problem+json',
  })
}

export function createContractServer(options: ServerOptions = {}): ContractServer {
  const ctx = createContext(options)
  const routes = [
    ...siteRoutes(),
    ...newsletterRoutes(),
    ...footerRoutes(),
    ...previewRoutes(),
    ...loginRoutes(),
    ...kitRoutes(),
    ...hostRoutes(),
  ].filter((r) => ctx.mode === 'demo' || !r.demoTool)

  async function handle(request: Request, client = UNKNOWN_CLIENT): Promise<Response> {
    return finalizeResponse(request, await answer(request, client))
  }

  async function answer(request: Request, client: Client): Promise<Response> {
    const url = new URL(request.url)
    let pattern = url.pathname
    try {
      const fault = demoServes(ctx, request, client) ? faultFor(request, url.pathname) : undefined
      if (fault) {
        const faulty = await applyFault(fault, request, ctx)
        if (faulty) return faulty
      }
      const match = matchRoute(routes, request.method, url.pathname)
      if (!match)
        return json(
          {
            type: 'urn:contract:not_found',
            title: `No ${request.method} ${url.pathname} in SPEC §7`,
          },
          404,
        )
      pattern = match.route.pattern
      if (match.route.demoTool) {
        const refusal = demoToolRefusal(ctx, request, client)
        if (refusal) return refusal
      }
      return await match.route.handler({ request, url, params: match.params, ctx, client })
    } catch (error) {
      return failure(request.method, pattern, error)
    }
  }
  const fetchImpl = ((input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), ctx.origin), init)
    return handle(request, IN_PROCESS_CLIENT)
  }) as typeof fetch

  return { handle, fetch: fetchImpl, ctx }
}
