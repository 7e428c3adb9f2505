/**
 * The visitor behind the shop's reverse proxy (issue 51): TRUST_PROXY names the proxies whose
 * X-Forwarded-For or Forwarded names the client, and only theirs is believed; the demo tools keep
 * judging the socket. Behind a real nginx (Debian's, installed as test/runners/ensure-nginx.ts
 * does; skipped, saying why, only without root and without nginx) running docs/EMBEDDING.md's
 * `/service/` block as printed, on loopback: visitors from 127.0.0.2 and 127.0.0.3 are counted
 * apart, a visitor's own X-Forwarded-For changes nothing.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { request } from 'node:http'
import { NEWSLETTER_API, SITE_HEADER, SUBSCRIBERS_PATH } from '../../src/contract/contract.ts'
import { docBlocks, freePort, runNginx } from '../../test/browser/origins.ts'
import { ensureNginx } from '../../test/runners/ensure-nginx.ts'
import { createContractServer } from '../handler.ts'
import { clientOf, trustedProxies } from '../core/client.ts'
import { serve } from '../core/node-adapter.ts'
import { serveOptions } from '../settings.ts'

const test = suite('TRUST_PROXY')
const SUBSCRIBERS = NEWSLETTER_API + SUBSCRIBERS_PATH

const headers = (entries: Record<string, string>) => new Headers(entries)

test('from a trusted proxy, the rightmost address that is no trusted proxy; from anyone else, the socket', () => {
  const trusted = trustedProxies(' 127.0.0.1, 10.0.0.0/8 ,2001:db8::/32')
  const xff = headers({ 'x-forwarded-for': '203.0.113.9, 198.51.100.7, 10.1.2.3' })
  assert.equal(clientOf('127.0.0.1', xff, trusted), {
    remoteAddress: '198.51.100.7',
    socketAddress: '127.0.0.1',
  })
  assert.equal(clientOf('::ffff:10.9.9.9', xff, trusted).remoteAddress, '198.51.100.7')
  assert.equal(clientOf('192.0.2.1', xff, trusted), { remoteAddress: '192.0.2.1' }, 'untrusted')
  assert.equal(clientOf('127.0.0.1', xff), { remoteAddress: '127.0.0.1' }, 'no TRUST_PROXY')
  const forwarded = headers({
    forwarded: 'for=192.0.2.60;proto=http;by=203.0.113.43, for="[2001:db8:cafe::17]:4711"',
    'x-forwarded-for': '203.0.113.1',
  })
  assert.is(
    clientOf('2001:db8::1', forwarded, trusted).remoteAddress,
    '192.0.2.60',
    'Forwarded first; its IPv6 hop is a trusted network',
  )
  assert.is(
    clientOf('127.0.0.1', headers({ 'x-forwarded-for': 'unknown, 10.0.0.5' }), trusted)
      .remoteAddress,
    '10.0.0.5',
    'an unreadable hop ends the walk at the last address',
  )
  for (const bad of ['localhost', '10.0.0.0/33', '::1/129', '1.2.3.4/8/1'])
    assert.throws(
      () => trustedProxies(bad),
      new RegExp(`TRUST_PROXY: "${bad.replace(/[./]/g, '\\$&')}"`),
    )
  assert.ok(serveOptions({ TRUST_PROXY: '127.0.0.1' }).trustProxy?.('127.0.0.1'))
  assert.is(serveOptions({}).trustProxy, undefined)
})

test('the demo tools judge the socket: a trusted proxy naming a loopback client gets 403', async () => {
  const server = createContractServer()
  const client = clientOf(
    '10.0.0.1',
    headers({ 'x-forwarded-for': '127.0.0.1' }),
    trustedProxies('10.0.0.0/8'),
  )
  const answer = await server.handle(new Request(`${server.ctx.origin}/_mail/`), client)
  assert.is(answer.status, 403)
})

/** A sign-up sent from the local address `from` (127.0.0.x) through `origin`. */
function signUpFrom(
  origin: string,
  from: string,
  email: string,
  extra: Record<string, string> = {},
): Promise<number> {
  const body = JSON.stringify({ email, consents: [], origin: 'footer' })
  const url = new URL(SUBSCRIBERS, origin)
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          [SITE_HEADER]: 'DE',
          ...extra,
        },
      },
      (answer) => {
        answer.resume()
        answer.on('end', () => resolve(answer.statusCode ?? 0))
      },
    )
    sent.on('error', reject)
    sent.end(body)
  })
}

test("behind nginx running EMBEDDING.md's /service/ block: each visitor counted apart, their own X-Forwarded-For ignored", async () => {
  const skip = ensureNginx()
  if (skip) return console.warn(`trust-proxy: nginx skipped: ${skip}`)
  const [block] = docBlocks('Origins and paths', 'nginx')
  assert.ok(block, "EMBEDDING.md's Origins and paths prints the proxy block")
  const backendPort = await freePort('127.0.0.1')
  const proxied = block.replace('http://127.0.0.1:8080', `http://127.0.0.1:${backendPort}`)
  assert.is.not(proxied, block, 'the block proxies to the backend on 127.0.0.1:8080')
  const contract = createContractServer({
    mode: 'contract',
    origin: `http://127.0.0.1:${backendPort}`,
  })
  const backend = await serve(contract.handle, backendPort, '127.0.0.1', {
    trustProxy: serveOptions({ TRUST_PROXY: '127.0.0.1' }).trustProxy,
  })
  const nginx = await runNginx(proxied, '127.0.0.1', '/service/customerfrontenddata/api/v1/psdata')
  try {
    const began = Date.now()
    const statuses = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        signUpFrom(nginx.origin, '127.0.0.2', `burst${i}@proxy.test`),
      ),
    )
    // One more sign-up per 2 s of the burst's own time (a slow machine's refill).
    const refilled = Math.floor((Date.now() - began) / 2_000)
    const stored = statuses.filter((s) => s === 201).length
    assert.ok(
      stored >= 60 &&
        stored <= 60 + refilled &&
        stored + statuses.filter((s) => s === 429).length === 64,
      `the script's burst: 60, then 429 (${stored} of 64 stored)`,
    )
    assert.is(
      await signUpFrom(nginx.origin, '127.0.0.2', 'forged@proxy.test', {
        'x-forwarded-for': '127.0.0.99',
      }),
      429,
      'a forged X-Forwarded-For is the same visitor',
    )
    assert.is(
      await signUpFrom(nginx.origin, '127.0.0.3', 'fresh@proxy.test'),
      201,
      'a fresh visitor signs up',
    )
  } finally {
    await nginx.stop()
    await backend.close(0)
  }
})

test.run()
