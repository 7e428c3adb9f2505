/** Serves a Fetch-API handler over node:http. */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { SECURITY_HEADERS } from './safety.ts'
import type { Client } from './client.ts'
import { bodyStream, settleUnreadBody } from './request-body.ts'

export type FetchHandler = (request: Request, client: Client) => Promise<Response>

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

export function serve(handler: FetchHandler, port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer(async (req, res) => {
    const aborter = new AbortController()
    res.on('close', () => aborter.abort())
    const url = requestAddress(req.url, req.headers.host)
    if (!url) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS })
      res.end('Bad request: the request line or Host header is not valid.')
      return
    }
    try {
      const response = await handler(toRequest(req, url, aborter.signal), {
        remoteAddress: req.socket.remoteAddress ?? '',
      })
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
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)))
}
