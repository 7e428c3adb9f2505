/**
 * The contract server as a safe reference backend (issue 13, items 6-11): what an attacker sends
 * from outside gets a short, clear refusal, and what the server answers carries its safety headers.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createContractServer } from '../../build/contract-server/handler.ts'
import { requestAddress } from '../../build/contract-server/node-adapter.ts'
import { captureConsole } from '../helpers/console.ts'

const test = suite('contract server safety')
const NL = '/service/newsletter/api/internal'
const FOOTER = '/service/promotion/api/promotion/SHOP_FOOTER'

type Server = ReturnType<typeof createContractServer>

/** A dist folder with only a manifest, so pages render without a build. */
function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lf-dist-'))
  const bundle = { kind: 'footer', locale: 'de-DE', file: 'footer.de-DE.test.js', integrity: 'sha384-test', bytes: { raw: 1, gzip: 1, brotli: 1 } }
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ bundles: [bundle, { ...bundle, kind: 'gallery', locale: null, file: 'gallery.test.js' }] }))
  return dir
}

async function call(server: Server, method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const response = await server.fetch(path, { method, headers: init.headers, body: init.body })
  const text = await response.text()
  return { status: response.status, text, headers: response.headers }
}

// --- item 10: bad input answers 400, never a raw 500; safety headers on every answer --------------

test('malformed percent-encoding in the path answers 400 with a short message, not a 500 with the raw error', async () => {
  const server = createContractServer()
  for (const path of [`${NL}/newsletter-subscribers/%E0%A4%A`, '/static/%E0%A4%A.js', '/_hosts/%ZZ']) {
    const { result: answer, errors } = await captureConsole(() => call(server, 'GET', path))
    assert.ok(answer.status >= 400 && answer.status < 500, `${path}: ${answer.status}`)
    assert.not.match(answer.text, /URIError|URI malformed|at /, path)
    assert.equal(errors, [], `${path}: nothing logged as a server failure`)
  }
})

test('a malformed cookie of another application on the same host does not break the answer', async () => {
  const server = createContractServer()
  const answer = await call(server, 'GET', FOOTER, { headers: { cookie: 'other=%E0%A4%A; lf-fault=%' } })
  assert.is(answer.status, 200)
})

test('an X-Original-Address that is no address still signs up (it is only evidence)', async () => {
  const server = createContractServer()
  const answer = await call(server, 'POST', `${NL}/newsletter-subscribers`, {
    headers: { 'content-type': 'application/json', 'x-original-address': 'not an address' },
    body: JSON.stringify({ email: 'anna@example.com', consents: [], origin: 'footer' }),
  })
  assert.is(answer.status, 201)
})

test('an unexpected failure answers 500 without the raw error (no file paths, no stack)', async () => {
  const server = createContractServer({ fixturesDir: '/nowhere/fixtures' })
  const { result: answer } = await captureConsole(() => call(server, 'GET', FOOTER))
  assert.is(answer.status, 500)
  assert.not.match(answer.text, /nowhere|ENOENT/)
})

test('every answer carries X-Content-Type-Options: nosniff and a Referrer-Policy', async () => {
  const server = createContractServer()
  for (const [method, path] of [['GET', FOOTER], ['GET', '/'], ['GET', '/service/unknown'], ['GET', '/favicon.ico'], ['GET', '/_demo/host.css'], ['PUT', `${NL}/newsletter-subscribers/x/doi`], ['GET', `${NL}/newsletter-subscribers/%`]]) {
    const { headers, status } = await call(server, method, path)
    assert.is(headers.get('x-content-type-options'), 'nosniff', `${method} ${path} (${status})`)
    assert.is(headers.get('referrer-policy'), 'strict-origin-when-cross-origin', `${method} ${path}`)
  }
  const faulty = await call(server, 'GET', FOOTER, { headers: { 'x-fault': '500' } })
  assert.is(faulty.headers.get('x-content-type-options'), 'nosniff', 'fault answers too')
})

test('HTML pages carry a Content-Security-Policy with frame-ancestors; the strict test policy keeps its directives', async () => {
  const server = createContractServer({ distDir: fakeDist() })
  for (const page of ['/', '/de/', '/kit/', '/_mail/', '/_hosts/clean.html']) {
    const answer = await call(server, 'GET', page)
    assert.is(answer.status, 200, page)
    const csp = answer.headers.get('content-security-policy') ?? ''
    assert.match(csp, /frame-ancestors '(self|none)'/, page)
  }
  const strict = (await call(server, 'GET', '/de/?csp')).headers.get('content-security-policy') ?? ''
  assert.match(strict, /require-trusted-types-for 'script'/)
  assert.match(strict, /frame-ancestors 'self'/)
  assert.is((await call(server, 'GET', FOOTER)).headers.get('content-security-policy'), null, 'JSON answers need none')
})

test('over HTTP the address is built from the request line and Host as text: a path starting with // cannot name another host', () => {
  assert.is(requestAddress('//evil.example/_mail/', '127.0.0.1:8080')!.host, '127.0.0.1:8080')
  assert.is(requestAddress('//evil.example/_mail/', '127.0.0.1:8080')!.pathname, '//evil.example/_mail/')
  assert.is(requestAddress('http://evil.example/_mail/', '127.0.0.1:8080'), null, 'absolute-form request targets are refused')
  assert.is(requestAddress('/', 'evil.example/x?'), null, 'a Host that is no host')
  assert.is(requestAddress('/', undefined), null, 'no Host')
  assert.is(requestAddress('/de/?a=1', '[::1]:8080')!.href, 'http://[::1]:8080/de/?a=1')
})

test.run()
