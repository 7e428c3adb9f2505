/** A minimal router: "METHOD /path/:param" patterns to handlers. */
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
  /** A demo tool: exists only in demo mode, for clients on this machine at the server's own address. */
  demoTool?: boolean
}

export function route(method: string, pattern: string, handler: RouteHandler): Route {
  return { method, pattern, handler }
}

export function demoTool(method: string, pattern: string, handler: RouteHandler): Route {
  return { method, pattern, handler, demoTool: true }
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
