/**
 * Demo tools answer only the machine the server runs on (issue 26, item 1): the socket's remote
 * address decides, never the Host header a client writes. Started on all interfaces
 * (HOST=0.0.0.0) the tools stay on, for loopback clients only.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createContractServer } from '../handler.ts'
import { serve } from '../core/node-adapter.ts'
import { DEMO_TOOLS as TOOLS, FORM } from './helpers/demo-tools.ts'

const test = suite('contract server demo tools: loopback clients only')
const FOOTER = '/service/promotion/api/promotion/SHOP_FOOTER'

const server = () => createContractServer({ origin: 'http://127.0.0.1:8080' })
const from = (
  s: ReturnType<typeof server>,
  remoteAddress: string | undefined,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
) =>
  s.handle(
    new Request(`http://127.0.0.1:8080${path}`, { method, ...init }),
    remoteAddress === undefined ? undefined : { remoteAddress },
  )

test('a client on another machine that writes Host: 127.0.0.1 gets no tool, hook or built-in staff token', async () => {
  const s = server()
  for (const remote of ['192.0.2.7', '2001:db8::7', '::ffff:192.0.2.7', '10.0.0.1']) {
    for (const [method, path, body] of TOOLS)
      assert.is(
        (await from(s, remote, method, path, { headers: FORM, body })).status,
        403,
        `${method} ${path} from ${remote}`,
      )
    assert.is(
      (await from(s, remote, 'GET', FOOTER, { headers: { 'x-fault': '500' } })).status,
      200,
      `no fault hook for ${remote}`,
    )
    assert.is(
      (
        await from(s, remote, 'GET', '/service/preview/api/auth/checkauth', {
          headers: { cookie: 'StaffAuthToken=demo-staff' },
        })
      ).status,
      401,
      `no built-in staff token for ${remote}`,
    )
  }
})

test('a request without a known remote address is not local; loopback addresses (127/8, ::1, ::ffff:127.x) are', async () => {
  const s = server()
  assert.is((await from(s, undefined, 'GET', '/_mail/')).status, 403, 'unknown address')
  assert.is((await from(s, '', 'GET', '/_mail/')).status, 403, 'empty address')
  for (const remote of ['127.0.0.1', '127.0.0.2', '127.255.0.9', '::1', '::ffff:127.0.0.1'])
    for (const [method, path, body] of TOOLS)
      assert.is(
        (await from(s, remote, method, path, { headers: FORM, body })).status,
        200,
        `${method} ${path} from ${remote}`,
      )
  for (const remote of ['128.0.0.1', '::2', '::ffff:128.0.0.1', '127.0.0.1.example'])
    assert.is((await from(s, remote, 'GET', '/_mail/')).status, 403, remote)
})

test('a request through a forwarder on this machine (Forwarded, X-Forwarded-For, X-Real-IP, Via) gets no tool or hook', async () => {
  const s = server()
  for (const header of ['forwarded', 'x-forwarded-for', 'x-real-ip', 'via']) {
    const headers = { ...FORM, [header]: header === 'via' ? '1.1 proxy' : '192.0.2.7' }
    for (const [method, path, body] of TOOLS)
      assert.is(
        (await from(s, '127.0.0.1', method, path, { headers, body })).status,
        403,
        `${method} ${path} with ${header}`,
      )
    assert.is(
      (await from(s, '127.0.0.1', 'GET', FOOTER, { headers: { [header]: '1', 'x-fault': '500' } }))
        .status,
      200,
      `no fault hook with ${header}`,
    )
  }
})

test('in-process calls (the widget tests) count as local', async () => {
  assert.is((await server().fetch('/_mail/')).status, 200)
})

function get(
  host: string,
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host, port, path, headers, agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Serves over HTTP on all interfaces for the test's length; the test connects over loopback. */
async function overHttp(
  handle: ReturnType<typeof server>['handle'],
  run: (port: number) => Promise<void>,
) {
  const http = await serve(handle, 0, '0.0.0.0')
  try {
    await run((http.address() as AddressInfo).port)
  } finally {
    http.closeAllConnections()
    await new Promise((resolve) => http.close(resolve))
  }
}

test('over HTTP on all interfaces (HOST=0.0.0.0): the socket decides; the tools answer at 127.0.0.1, a spoofed Host from another machine gets 403', async () => {
  const s = server()
  const ownHost = { host: '127.0.0.1:8080' }
  const seen: string[] = []
  await overHttp(
    (request, client) => {
      seen.push(client?.remoteAddress ?? '')
      return s.handle(request, client)
    },
    async (port) => {
      assert.is(await get('127.0.0.1', port, '/_mail/', ownHost), 200, 'from this machine')
    },
  )
  assert.equal(seen, ['127.0.0.1'], "the handler is given the socket's remote address")
  // Another machine is played by the remote address the transport reports, injected here: the
  // test connects over loopback only (test-network.test.ts).
  await overHttp(
    (request) => s.handle(request, { remoteAddress: '192.0.2.7' }),
    async (port) => {
      assert.is(await get('127.0.0.1', port, '/_mail/', ownHost), 403, 'the tools')
      assert.is(await get('127.0.0.1', port, '/_staff/', ownHost), 403, 'the staff tool')
      assert.is(await get('127.0.0.1', port, FOOTER, ownHost), 200, 'the contract calls answer')
    },
  )
})

test.run()
