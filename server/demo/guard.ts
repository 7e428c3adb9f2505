/**
 * Who the demo's tools and hooks serve: clients on this machine (the socket's remote address is
 * loopback: another machine can write any Host header, but cannot send from our loopback
 * interface), at the server's own address (a page on another site whose name an attacker points
 * at 127.0.0.1, DNS rebinding, reaches the server from this machine's browser under that other
 * name, and gets nothing of them), and not through a forwarder that says it forwards.
 */
import { isLoopback, type Client } from '../core/client.ts'
import { problem } from '../core/http.ts'
import { route, type Route, type RouteHandler } from '../core/router.ts'

export interface DemoGuard {
  /** Host values (host:port, as in the Host header) that count as the server's own address. */
  ownHosts: string[]
  /** Whether the demo's tools and hooks serve this request. */
  serves: (request: Request, client: Client) => boolean
  /** A demo tool's route: refused (403, 421) to anyone the demo does not serve. */
  tool: (method: string, pattern: string, handler: RouteHandler) => Route
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]']

/** The origin's host, and for a loopback origin its other loopback names on its port. */
export function defaultOwnHosts(origin: string): string[] {
  const url = new URL(origin)
  if (!LOOPBACK.includes(url.hostname)) return [url.host]
  return LOOPBACK.map((name) => (url.port ? `${name}:${url.port}` : name))
}

/** Headers a forwarder (a reverse proxy, ssh -R, socat with a proxy in front) adds. */
const FORWARDER_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'via']

/**
 * Whether a forwarder on this machine passed the request on: its connection is loopback, its
 * client anyone the forwarder serves. Forwarders that add none of these headers (a bare ssh -R
 * or socat) cannot be told from this machine: the tools trust the machine (README).
 */
const forwarded = (request: Request) => FORWARDER_HEADERS.some((h) => request.headers.has(h))

export function createGuard(ownHosts: string[]): DemoGuard {
  const serves = (request: Request, client: Client) =>
    isLoopback(client.socketAddress ?? client.remoteAddress) &&
    !forwarded(request) &&
    ownHosts.includes(new URL(request.url).host)

  /**
   * 403 for any other remote address, whatever its Host header says; 421 at another address (the
   * request reached a server that is not the one its name belongs to); and a form post only from
   * our own pages (a browser names the posting page's origin in Origin).
   */
  function refusal(request: Request, client: Client): Response | null {
    const refuse = (status: number, title: string) =>
      problem(status, 'urn:contract:demo_tool', title)
    if (!isLoopback(client.socketAddress ?? client.remoteAddress) || forwarded(request))
      return refuse(403, 'Demo tools answer only on the machine the demo server runs on.')
    if (!serves(request, client))
      return refuse(421, "Demo tools answer only at the demo server's own address.")
    const origin = request.headers.get('origin')
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      origin !== null &&
      origin !== new URL(request.url).origin
    )
      return refuse(403, 'Demo tools accept form posts from their own pages only.')
    return null
  }

  return {
    ownHosts,
    serves,
    tool: (method, pattern, handler) =>
      route(method, pattern, (args) => refusal(args.request, args.client) ?? handler(args)),
  }
}
