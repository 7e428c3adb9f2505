/** A minimal router: "METHOD /path/:param" patterns to handlers. */
import { paths, type Call } from '../../src/contract/contract-calls.ts'
import type { Client } from './client.ts'
import type { ServerContext } from './context.ts'

export interface RouteArgs {
  request: Request
  url: URL
  params: Record<string, string>
  ctx: ServerContext
  /** Who sent the request (the socket's remote address). */
  client: Client
}

export type RouteHandler = (args: RouteArgs) => Response | Promise<Response>

export interface Route {
  method: string
  pattern: string
  handler: RouteHandler
}

/**
 * Runs around the routes: answers itself, or calls `next` for the routes' answer (and may change
 * it). The demo layer's fault hook and the hooks handed to it are middleware.
 */
export type Middleware = (
  args: Omit<RouteArgs, 'params'>,
  next: (replacement?: Request) => Promise<Response>,
) => Promise<Response>

export function route(method: string, pattern: string, handler: RouteHandler): Route {
  return { method, pattern, handler }
}

/** The routes of a call of SPEC §7 (src/contract/contract-calls.ts): its method, under each of its paths. */
export function callRoutes(call: Call, handler: RouteHandler): Route[] {
  return paths(call).map((path) => route(call.method, path, handler))
}

export function matchRoute(
  routes: Route[],
  method: string,
  pathname: string,
): { route: Route; params: Record<string, string> } | null {
  for (const r of routes) {
    if (r.method !== method && !(r.method === 'GET' && method === 'HEAD')) continue
    const params = matchPattern(r.pattern, pathname)
    if (params) return { route: r, params }
  }
  return null
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -1)
    return pathname.startsWith(prefix) ? { rest: pathname.slice(prefix.length) } : null
  }
  const want = pattern.split('/')
  const have = pathname.split('/')
  if (want.length !== have.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(have[i])
    else if (want[i] !== have[i]) return null
  }
  return params
}
