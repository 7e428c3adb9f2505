/**
 * The contract core as one Fetch-API handler, (Request) => Promise<Response>: the calls of SPEC §7
 * (src/contract/contract-calls.ts) and nothing else. A layer (the demo, server/demo/) adds
 * routes and middleware; server/handler.ts composes them by mode.
 */
import { createContext, type CoreOptions, type ServerContext } from './context.ts'
import { IN_PROCESS_CLIENT, UNKNOWN_CLIENT, type Client } from './client.ts'
import { HttpError, json } from './http.ts'
import { matchRoute, type Middleware, type Route, type RouteArgs } from './router.ts'
import { finalizeResponse } from './safety.ts'
import { StoreUnavailable } from './store/sql.ts'
import { footerRoutes } from './routes/footer.ts'
import { footerFragmentRoutes } from './routes/footer-fragment.ts'
import { loginRoutes } from './routes/login.ts'
import { newsletterRoutes } from './routes/newsletter.ts'
import { previewRoutes } from './routes/preview.ts'

export interface ContractServer {
  /** Answers a request from `client` (the transport's remote address; unknown when left out). */
  handle: (request: Request, client?: Client) => Promise<Response>
  /** A `fetch` for in-process use, from this machine: relative URLs resolve against `origin`. */
  fetch: typeof fetch
  ctx: ServerContext
}

/** What a layer adds to the core: routes after the core's own, middleware around them all (outermost first). */
export interface Layer {
  routes?: Route[]
  middleware?: Middleware[]
}

/** What a client is told to wait when the database cannot answer (seconds). */
const STORE_RETRY_AFTER_S = 5

/**
 * Bad input gets a short answer meant for the client; a database that cannot answer now (down,
 * restarting, locked past its timeout, full) a 503 with Retry-After, nothing stored; anything
 * unexpected a 500 that tells the client nothing about the server (no message, no path, no
 * stack). The log names the route's pattern, not the address, which may carry a subscriber token.
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
  if (error instanceof StoreUnavailable) {
    console.error(`contract server: ${method} ${pattern}: store unavailable: ${error.message}`)
    return json(
      { type: 'urn:contract:unavailable', title: 'Try again shortly.', status: 503 },
      503,
      { 'content-type': 'application/problem+json', 'retry-after': String(STORE_RETRY_AFTER_S) },
    )
  }
  console.error(`contract server: ${method} ${pattern} failed`, error)
  return json({ type: 'urn:contract:error', title: 'Internal server error.', status: 500 }, 500, {
    'content-type': 'application/problem+json',
  })
}

/** The calls of SPEC §7 (src/contract/contract-calls.ts), and nothing else. */
export function coreRoutes(): Route[] {
  return [
    ...newsletterRoutes(),
    ...footerRoutes(),
    ...footerFragmentRoutes(),
    ...previewRoutes(),
    ...loginRoutes(),
  ]
}

export function createContractCore(
  options: CoreOptions,
  layer: (ctx: ServerContext) => Layer = () => ({}),
): ContractServer {
  const ctx = createContext(options)
  const extra = layer(ctx)
  const routes = [...coreRoutes(), ...(extra.routes ?? [])]
  const middleware = extra.middleware ?? []

  async function handle(request: Request, client = UNKNOWN_CLIENT): Promise<Response> {
    return finalizeResponse(request, await answer(request, client))
  }

  async function answer(request: Request, client: Client): Promise<Response> {
    const url = new URL(request.url)
    const found = { pattern: url.pathname }
    // A middleware may hand the rest of the chain a replacement request.
    const run = (i: number, request: Request): Promise<Response> => {
      const args = { request, url, ctx, client }
      return i < middleware.length
        ? middleware[i](args, (replacement) => run(i + 1, replacement ?? request))
        : dispatch(args, found)
    }
    try {
      return await run(0, request)
    } catch (error) {
      return failure(request.method, found.pattern, error)
    }
  }

  /** The route's answer; `found` learns the route's pattern, which the log names on failure. */
  async function dispatch(
    args: Omit<RouteArgs, 'params'>,
    found: { pattern: string },
  ): Promise<Response> {
    const { request, url } = args
    const match = matchRoute(routes, request.method, url.pathname)
    if (!match)
      return json(
        {
          type: 'urn:contract:not_found',
          title: `No ${request.method} ${url.pathname} in SPEC §7`,
        },
        404,
      )
    found.pattern = match.route.pattern
    return match.route.handler({ ...args, params: match.params })
  }

  const fetchImpl = ((input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), ctx.origin), init)
    return handle(request, IN_PROCESS_CLIENT)
  }) as typeof fetch

  return { handle, fetch: fetchImpl, ctx }
}
