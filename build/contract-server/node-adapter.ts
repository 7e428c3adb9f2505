/** Serves a Fetch-API handler over node:http. */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { Readable } from 'node:stream'

export type FetchHandler = (request: Request) => Promise<Response>

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v))
    else if (value !== undefined) headers.set(key, value)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    signal,
    // Node's fetch needs this for streamed request bodies.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
}

export function serve(handler: FetchHandler, port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer(async (req, res) => {
    const aborter = new AbortController()
    res.on('close', () => aborter.abort())
    try {
      const response = await handler(toRequest(req, `http://${req.headers.host ?? `${host}:${port}`}`, aborter.signal))
      const headers: Record<string, string | string[]> = {}
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') headers[key] = value
      })
      const setCookies = response.headers.getSetCookie()
      if (setCookies.length) headers['set-cookie'] = setCookies
      res.writeHead(response.status, headers)
      res.end(req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()))
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(`contract server error: ${(error as Error).message}`)
    }
  })
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)))
}
