/**
 * Answers given before the request body is read leave a keep-alive connection usable (issue 26,
 * item 7): over real sockets, the request after a 413, a 404 or a 403 answers.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { Agent, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createContractServer } from '../handler.ts'
import { serve } from '../core/node-adapter.ts'

const test = suite('contract server: early answers and keep-alive')
const NL = '/service/newsletter/api/internal'
const FOOTER = '/service/promotion/api/promotion/SHOP_FOOTER'
/** Far longer than any answer here takes; a connection left hanging is reset by Node after ~5 s. */
const ANSWER_WITHIN_MS = 5_000

interface Sent {
  method: string
  path: string
  headers?: Record<string, string>
  body?: string
  /** Sent without Content-Length, in chunks. */
  chunked?: boolean
}

function send(agent: Agent, port: number, sent: Sent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: sent.method,
        path: sent.path,
        headers: sent.headers,
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    if (sent.body !== undefined && sent.chunked) {
      for (let i = 0; i < sent.body.length; i += 4096) req.write(sent.body.slice(i, i + 4096))
    } else if (sent.body !== undefined) {
      req.setHeader('content-length', Buffer.byteLength(sent.body))
      req.write(sent.body)
    }
    req.end()
  })
}

async function withServer(run: (port: number) => Promise<void>): Promise<void> {
  const http: Server = await serve(createContractServer().handle, 0, '127.0.0.1')
  try {
    await run((http.address() as AddressInfo).port)
  } finally {
    http.closeAllConnections()
    await new Promise((resolve) => http.close(resolve))
  }
}

const JSON_HEADERS = { 'content-type': 'application/json' }
const big = JSON.stringify({ email: 'anna@example.com', padding: 'x'.repeat(1_000_000) })
const small = JSON.stringify({ firstName: 'Anna' })

const EARLY: [string, Sent, number][] = [
  [
    'a declared body over the limit',
    { method: 'POST', path: `${NL}/newsletter-subscribers`, headers: JSON_HEADERS, body: big },
    413,
  ],
  [
    'a streamed body over the limit',
    {
      method: 'POST',
      path: `${NL}/newsletter-subscribers`,
      headers: JSON_HEADERS,
      body: big,
      chunked: true,
    },
    413,
  ],
  [
    'a PUT with an unknown token',
    {
      method: 'PUT',
      path: `${NL}/newsletter-subscribers/AAAAAAAAAAAAAAAAAAAAAA`,
      headers: JSON_HEADERS,
      body: small,
    },
    404,
  ],
  [
    'a PUT with an unknown token, larger body',
    {
      method: 'PUT',
      path: `${NL}/newsletter-subscribers/AAAAAAAAAAAAAAAAAAAAAA`,
      headers: JSON_HEADERS,
      body: big,
    },
    404,
  ],
  [
    'a PUT with a malformed token',
    {
      method: 'PUT',
      path: `${NL}/newsletter-subscribers/not-a-token`,
      headers: JSON_HEADERS,
      body: big,
    },
    400,
  ],
  [
    'a login without the CSRF header',
    { method: 'POST', path: '/service/login/api/v1/login', headers: JSON_HEADERS, body: small },
    403,
  ],
  [
    'an unknown path with a body',
    { method: 'POST', path: '/service/unknown', headers: JSON_HEADERS, body: small },
    404,
  ],
]

for (const [what, first, status] of EARLY)
  test(`after ${what} (${status}), the next request on the same keep-alive connection answers`, async () => {
    await withServer(async (port) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      try {
        assert.is((await send(agent, port, first)).status, status, 'the early answer')
        const next = await send(agent, port, { method: 'GET', path: FOOTER }).catch((error) => {
          throw new Error(`the next request got no answer: ${error.message}`)
        })
        assert.is(next.status, 200, 'the next request')
        assert.match(next.body, /contentJSON/)
      } finally {
        agent.destroy()
      }
    })
  })

test('a body too large to be worth reading closes its connection (Connection: close); the next request answers on a new one', async () => {
  await withServer(async (port) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const huge = { method: 'POST', path: `${NL}/newsletter-subscribers`, headers: JSON_HEADERS }
      // The client may still be writing when the connection closes: its own error is no concern here.
      const first = await send(agent, port, { ...huge, body: 'x'.repeat(4_000_000) }).catch(
        () => null,
      )
      if (first) assert.is(first.status, 413)
      const next = await send(agent, port, { method: 'GET', path: FOOTER })
      assert.is(next.status, 200, 'the next request')
    } finally {
      agent.destroy()
    }
  })
})

test('a request whose body is read keeps its connection for the next one', async () => {
  await withServer(async (port) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const sockets = new Set()
    agent.on('free', (socket) => sockets.add(socket))
    try {
      for (let i = 0; i < 3; i++)
        assert.is(
          (
            await send(agent, port, {
              method: 'POST',
              path: `${NL}/newsletter-subscribers`,
              headers: JSON_HEADERS,
              body: JSON.stringify({ email: `k${i}@example.com`, consents: [], origin: 'footer' }),
            })
          ).status,
          201,
        )
      assert.is(sockets.size, 1, 'one connection served all three')
    } finally {
      agent.destroy()
    }
  })
})

test.run()
