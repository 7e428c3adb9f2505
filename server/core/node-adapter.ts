/**
 * Serves a Fetch-API handler over node:http, with what a load balancer and a process supervisor
 * ask of a server: `GET /healthz` (the process answers) and `GET /readyz` (its database answers,
 * and it is not shutting down), and a graceful end (`close`: stop accepting, finish what is in
 * flight). Neither probe is a call of the widget's: they answer here, before the contract server.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { SECURITY_HEADERS } from './safety.ts'
import { clientOf, type Client, type TrustedProxies } from './client.ts'
import { bodyStream, settleUnreadBody } from './request-body.ts'

export type FetchHandler = (request: Request, client: Client) => Promise<Response>

export interface ServeOptions {
  /** The proxies whose X-Forwarded-For / Forwarded name the client (TRUST_PROXY); none by default. */
  trustProxy?: TrustedProxies
  /** Whether the database answers now, for GET /readyz; without it, ready whenever serving. */
  ready?: () => Promise<void>
}

export interface Serving {
  server: Server
  /**
   * Stops accepting connections, answers what is in flight (keep-alive connections end after
   * their current answer), and resolves once all are done or after `graceMs`, when the rest are
   * cut.
   */
  close(graceMs?: number): Promise<void>
}

/** How long /readyz waits for the database before it says not ready (ms). */
const READY_TIMEOUT_MS = 2_000

const PROBE_HEADERS = {
  'content-type': 'text/plain; charset=utf-8',
  'cache-control': 'no-store',
  ...SECURITY_HEADERS,
}

/** A Host header value: a name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/**
 * The request's address from its request line and Host header, joined as text: parsing the
 * target against a base would let `//evil.example/...` name another host. Only origin-form
 * targets (`/path?query`) and plain Host values are accepted; null means a 400.
 */
export function requestAddress(target: string | undefined, host: string | undefined): URL | null {
  if (!target?.startsWith('/') || !host || !HOST.test(host)) return null
  try {
    return new URL(`http://${host}${target}`)
  } catch {
    return null
  }
}

function toRequest(req: IncomingMessage, url: URL, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v)
    else if (value !== undefined) headers.set(key, value)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? bodyStream(req) : undefined,
    signal,
    // Node's fetch needs this for streamed request bodies.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
}

/** The answer of a probe, or null when the request is no probe. */
async function probe(
  req: IncomingMessage,
  options: ServeOptions,
  closing: boolean,
): Promise<[number, string] | null> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null
  const path = req.url?.split('?')[0]
  if (path === '/healthz') return [200, 'ok\n']
  if (path !== '/readyz') return null
  if (closing) return [503, 'shutting down\n']
  try {
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      options.ready?.(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS)
      }),
    ]).finally(() => clearTimeout(timer))
    return [200, 'ready\n']
  } catch {
    return [503, 'the database does not answer\n']
  }
}

export function serve(handler: FetchHandler, port: number, host?: string): Promise<Server>
export function serve(
  handler: FetchHandler,
  port: number,
  host: string,
  options: ServeOptions,
): Promise<Serving>
export async function serve(
  handler: FetchHandler,
  port: number,
  host = '127.0.0.1',
  options?: ServeOptions,
): Promise<Server | Serving> {
  let closing = false
  let inFlight = 0
  let drained: (() => void) | undefined
  const server = createServer(async (req, res) => {
    inFlight++
    res.on('close', () => {
      inFlight--
      if (inFlight === 0) drained?.()
    })
    if (closing) res.setHeader('connection', 'close')
    const probed = options && (await probe(req, options, closing))
    if (probed) {
      res.writeHead(probed[0], PROBE_HEADERS)
      res.end(req.method === 'HEAD' ? undefined : probed[1])
      return
    }
    const aborter = new AbortController()
    res.on('close', () => aborter.abort())
    const url = requestAddress(req.url, req.headers.host)
    if (!url) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS })
      res.end('Bad request: the request line or Host header is not valid.')
      return
    }
    try {
      const request = toRequest(req, url, aborter.signal)
      const response = await handler(
        request,
        clientOf(req.socket.remoteAddress ?? '', request.headers, options?.trustProxy),
      )
      const headers: Record<string, string | string[]> = {}
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') headers[key] = value
      })
      const setCookies = response.headers.getSetCookie()
      if (setCookies.length) headers['set-cookie'] = setCookies
      if (!settleUnreadBody(req)) headers.connection = 'close'
      res.writeHead(response.status, headers)
      res.end(req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()))
    } catch (error) {
      // The handler answers its own failures; this is the transport failing (a client gone, a stream
      // broken): logged here, and the client learns nothing about the server.
      console.error('contract server: answering failed', error)
      if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS })
      res.end('Internal server error.')
    }
  })
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  if (!options) return server
  return {
    server,
    close(graceMs = 10_000) {
      closing = true
      const done = new Promise<void>((resolve) => {
        drained = resolve
        if (inFlight === 0) resolve()
      })
      server.close()
      server.closeIdleConnections()
      let timer: NodeJS.Timeout | undefined
      return Promise.race([
        done,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs)
        }),
      ]).finally(() => {
        clearTimeout(timer)
        server.closeAllConnections()
      })
    },
  }
}
