/**
 * The contract server as a safe reference backend (issue 13, items 6-11): what an attacker sends
 * from outside gets a short, clear refusal, and what the server answers carries its safety headers.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createContractServer } from '../handler.ts'
import { DEMO_ACCOUNT, makeLoginToken } from '../core/routes/login.ts'
import { decodeLoginToken } from '../../src/contract/login-token.ts'
import { validate } from 'superstruct'
import { EMAIL_MAX, SubscriberRequestSchema } from '../../src/contract/newsletter.schema.ts'
import { DOI_RESEND_PAUSE_MS, sendDueMails } from '../core/routes/newsletter-outbox.ts'
import { subscribersOf } from '../core/routes/newsletter-store.ts'
import { hashToken } from '../core/store/token-hash.ts'
import { serveOptions } from '../settings.ts'
import { requestAddress } from '../core/node-adapter.ts'
import { captureConsole } from '../../test/helpers/console.ts'
import { DEMO_TOOLS, FORM } from './helpers/demo-tools.ts'

const test = suite('contract server safety')
const NL = '/service/newsletter/api/internal'
const FOOTER = '/service/promotion/api/promotion/SHOP_FOOTER'

type Server = ReturnType<typeof createContractServer>

/** A dist folder with only a manifest and the kit gallery's entry, so pages render without a build. */
function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lf-dist-'))
  const bundle = {
    kind: 'footer',
    locale: 'de-DE',
    file: 'footer.de-DE.test.js',
    integrity: 'sha384-test',
    bytes: { raw: 1, gzip: 1, brotli: 1 },
  }
  mkdirSync(path.join(dir, 'public'))
  writeFileSync(path.join(dir, 'public', 'manifest.json'), JSON.stringify({ bundles: [bundle] }))
  mkdirSync(path.join(dir, 'kit'))
  writeFileSync(
    path.join(dir, 'kit', 'gallery.json'),
    JSON.stringify({ ...bundle, kind: 'gallery', locale: '*', file: 'kit-gallery.test.js' }),
  )
  return dir
}

async function call(
  server: Server,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
) {
  const response = await server.fetch(path, { method, headers: init.headers, body: init.body })
  const text = await response.text()
  return { status: response.status, text, headers: response.headers }
}

// --- item 10: bad input answers 400, never a raw 500; safety headers on every answer --------------

test('malformed percent-encoding in the path answers 400 with a short message, not a 500 with the raw error', async () => {
  const server = createContractServer()
  for (const path of [
    `${NL}/newsletter-subscribers/%E0%A4%A`,
    '/static/%E0%A4%A.js',
    '/_hosts/%ZZ',
  ]) {
    const { result: answer, errors } = await captureConsole(() => call(server, 'GET', path))
    assert.ok(answer.status >= 400 && answer.status < 500, `${path}: ${answer.status}`)
    assert.not.match(answer.text, /URIError|URI malformed|at /, path)
    assert.equal(errors, [], `${path}: nothing logged as a server failure`)
  }
})

test('a malformed cookie of another application on the same host does not break the answer', async () => {
  const server = createContractServer()
  const answer = await call(server, 'GET', FOOTER, {
    headers: { cookie: 'other=%E0%A4%A; lf-fault=%' },
  })
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
  for (const [method, path] of [
    ['GET', FOOTER],
    ['GET', '/'],
    ['GET', '/service/unknown'],
    ['GET', '/favicon.ico'],
    ['GET', '/_demo/host.css'],
    ['PUT', `${NL}/newsletter-subscribers/x/doi`],
    ['GET', `${NL}/newsletter-subscribers/%`],
  ]) {
    const { headers, status } = await call(server, method, path)
    assert.is(headers.get('x-content-type-options'), 'nosniff', `${method} ${path} (${status})`)
    assert.is(
      headers.get('referrer-policy'),
      'strict-origin-when-cross-origin',
      `${method} ${path}`,
    )
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
  const strict =
    (await call(server, 'GET', '/de/?csp')).headers.get('content-security-policy') ?? ''
  assert.match(strict, /require-trusted-types-for 'script'/)
  assert.match(strict, /frame-ancestors 'self'/)
  assert.is(
    (await call(server, 'GET', FOOTER)).headers.get('content-security-policy'),
    null,
    'JSON answers need none',
  )
})

test('over HTTP the address is built from the request line and Host as text: a path starting with // cannot name another host', () => {
  assert.is(requestAddress('//evil.example/_mail/', '127.0.0.1:8080')!.host, '127.0.0.1:8080')
  assert.is(
    requestAddress('//evil.example/_mail/', '127.0.0.1:8080')!.pathname,
    '//evil.example/_mail/',
  )
  assert.is(
    requestAddress('http://evil.example/_mail/', '127.0.0.1:8080'),
    null,
    'absolute-form request targets are refused',
  )
  assert.is(requestAddress('/', 'evil.example/x?'), null, 'a Host that is no host')
  assert.is(requestAddress('/', undefined), null, 'no Host')
  assert.is(requestAddress('/de/?a=1', '[::1]:8080')!.href, 'http://[::1]:8080/de/?a=1')
})

// --- item 6: signed login tokens -------------------------------------------------------------------

const LOGIN = '/service/login/api/v1/login'
const RENEW = '/service/login/api/v1/logintoken/renew'
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const part = (token: string, i: number) =>
  JSON.parse(Buffer.from(token.split('.')[i], 'base64url').toString('utf8'))

async function logIn(server: Server): Promise<string> {
  const answer = await call(server, 'POST', LOGIN, {
    headers: { 'content-type': 'application/json', 'x-hunter-csrf': '1' },
    body: JSON.stringify(DEMO_ACCOUNT),
  })
  assert.is(answer.status, 200)
  const cookie = answer.headers.getSetCookie()[0]
  return decodeURIComponent(/^LoginToken=([^;]*)/.exec(cookie)![1])
}

test('login sets a signed token (HS256) whose payload the widget still reads: exp, ren, lid', async () => {
  const server = createContractServer()
  const token = await logIn(server)
  assert.equal(part(token, 0), { alg: 'HS256', typ: 'JWT', kid: server.ctx.loginKeys.signingId })
  assert.ok(token.split('.')[2].length >= 43, '256-bit signature')
  const payload = decodeLoginToken(token)
  assert.ok(payload && payload.exp > payload.ren && payload.lid)
  assert.is.not(
    decodeLoginToken(await logIn(server))!.lid,
    payload!.lid,
    'each login has its own id',
  )
})

test('renewal refuses unsigned (alg none), altered, foreign and expired tokens with 401', async () => {
  let now = new Date('2026-11-21T09:00:00Z')
  const server = createContractServer({ now: () => now })
  const good = await makeLoginToken(server.ctx, 'l1')
  const [header, payload, signature] = good.split('.')
  const claims = part(good, 1)
  const forged = {
    'alg none, no signature': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'alg none, the real signature': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
    'another login id': `${header}.${b64({ ...claims, lid: 'l2' })}.${signature}`,
    'a later expiry': `${header}.${b64({ ...claims, exp: claims.exp + 3600 })}.${signature}`,
    'signed by another server': await makeLoginToken(
      createContractServer({ now: () => now }).ctx,
      'l1',
    ),
    'no signature part': `${header}.${payload}`,
    garbage: 'a.b.c',
  }
  now = new Date('2026-11-21T09:11:00Z')
  for (const [name, token] of Object.entries(forged)) {
    assert.is(
      (await call(server, 'POST', RENEW, { headers: { cookie: `LoginToken=${token}` } })).status,
      401,
      name,
    )
  }
  const renewed = await call(server, 'POST', RENEW, { headers: { cookie: `LoginToken=${good}` } })
  assert.is(renewed.status, 201, 'the real token renews')
  const next = decodeURIComponent(/^LoginToken=([^;]*)/.exec(renewed.headers.getSetCookie()[0])![1])
  assert.is(decodeLoginToken(next)!.lid, 'l1', "renewal keeps the token's own login")
  now = new Date('2026-11-21T10:00:00Z')
  assert.is(
    (await call(server, 'POST', RENEW, { headers: { cookie: `LoginToken=${good}` } })).status,
    401,
    'expired',
  )
})

const LONG_TERM_RENEW = '/service/login/api/v1/longtermtoken/renew'
const cookieOf = (headers: Headers, name: string) =>
  headers
    .getSetCookie()
    .map((c) => new RegExp(`^${name}=([^;]*)`).exec(c)?.[1])
    .find((v) => v !== undefined)

test('the long-term token is signed too: login sets it HttpOnly; its renewal refuses any other value with 401', async () => {
  let now = new Date('2026-11-21T09:00:00Z')
  const server = createContractServer({ now: () => now })
  const login = await call(server, 'POST', LOGIN, {
    headers: { 'content-type': 'application/json', 'x-hunter-csrf': '1' },
    body: JSON.stringify(DEMO_ACCOUNT),
  })
  const setCookie = login.headers.getSetCookie().find((c) => c.startsWith('LongtermToken='))
  assert.ok(setCookie, 'login sets LongtermToken')
  assert.match(setCookie, /HttpOnly/, 'the widget never reads it')
  const good = decodeURIComponent(cookieOf(login.headers, 'LongtermToken')!)
  const loginToken = decodeURIComponent(cookieOf(login.headers, 'LoginToken')!)
  const [header, payload, signature] = good.split('.')
  const renew = (token: string) =>
    call(server, 'POST', LONG_TERM_RENEW, { headers: { cookie: `LongtermToken=${token}` } })
  const refused = {
    'any value': 'yes',
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'a later expiry': `${header}.${b64({ ...part(good, 1), exp: part(good, 1).exp + 3600 })}.${signature}`,
    'the login token in its place': loginToken,
  }
  for (const [name, token] of Object.entries(refused))
    assert.is((await renew(token)).status, 401, name)
  assert.is(
    (await call(server, 'POST', RENEW, { headers: { cookie: `LoginToken=${good}` } })).status,
    401,
    'nor does the long-term token pass as a login token',
  )
  now = new Date('2026-11-21T15:00:00Z')
  const renewed = await renew(good)
  assert.is(renewed.status, 201, 'the real token renews while its login lives')
  const next = decodeURIComponent(cookieOf(renewed.headers, 'LongtermToken')!)
  assert.is(part(next, 1).lid, part(good, 1).lid, "renewal keeps the token's own login")
  assert.is(
    part(next, 1).exp,
    Date.parse('2026-11-21T21:00:00Z') / 1000,
    'and ends with its login (12 hours after it started)',
  )
  now = new Date('2026-11-21T21:00:00Z')
  assert.is((await renew(good)).status, 401, 'its login ended')
})

test('customer base data only for a valid login token in X-LoginToken', async () => {
  const server = createContractServer()
  const baseData = (token: string) =>
    call(server, 'GET', `${NL}/customers/base-data`, { headers: { 'x-logintoken': token } })
  const token = await logIn(server)
  assert.is((await baseData(token)).status, 200)
  assert.is(
    (await baseData(`${b64({ alg: 'none' })}.${token.split('.')[1]}.`)).status,
    401,
    'unsigned',
  )
  assert.is((await baseData('demo-token')).status, 401, 'not a token')
})

// --- item 7: the confirmation link's origin comes from configuration -----------------------------

async function mailLinks(server: Server): Promise<URL[]> {
  const mails = (await (await server.fetch('/_mail/outbox.json')).json()) as { link: string }[]
  return mails.map((m) => new URL(m.link))
}

function signUpRequest(
  address: string,
  headers: Record<string, string>,
  body: unknown = { email: 'anna@example.com', consents: [], origin: 'footer' },
) {
  return new Request(address, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

test("the confirmation link points to the configured origin, whatever X-Original-Address or Host say; the path is the page's", async () => {
  const server = createContractServer({ origin: 'http://127.0.0.1:8080' })
  await server.handle(
    signUpRequest(`http://127.0.0.1:8080${NL}/newsletter-subscribers`, {
      'x-original-address': 'https://evil.example/de/?from=mail#x',
    }),
  )
  await server.handle(
    signUpRequest(
      `http://evil.example${NL}/newsletter-subscribers`,
      { 'x-hunter-site': 'AT' },
      { email: 'b@example.com', consents: [], origin: 'footer' },
    ),
  )
  await server.handle(
    signUpRequest(
      `http://127.0.0.1:8080${NL}/newsletter-subscribers`,
      { 'x-original-address': 'https://127.0.0.1:8080//evil.example/x' },
      { email: 'c@example.com', consents: [], origin: 'footer' },
    ),
  )
  const links = await mailLinks(server)
  assert.equal(
    links.map((l) => l.origin),
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
  )
  assert.equal(
    links.map((l) => l.pathname),
    ['/de/', '/at/', '//evil.example/x'],
    "the page's path, or the market page without one",
  )
  assert.equal(
    links.map((l) => [...l.searchParams.keys()]),
    [['subscriberToken'], ['subscriberToken'], ['subscriberToken']],
    "nothing of the page's query",
  )
})

test("publicOrigin configures the links' origin apart from the address the server runs on", async () => {
  const server = createContractServer({
    origin: 'http://127.0.0.1:8080',
    publicOrigin: 'https://www.lumora.example',
  })
  await server.handle(
    signUpRequest(`http://127.0.0.1:8080${NL}/newsletter-subscribers`, {
      'x-original-address': 'http://127.0.0.1:8080/pl/',
    }),
  )
  assert.is((await mailLinks(server))[0].href.split('?')[0], 'https://www.lumora.example/pl/')
})

// --- item 8: PUT /newsletter-subscribers/{token} ----------------------------------------------------

const JSON_HEADERS = { 'content-type': 'application/json' }

async function pendingToken(server: Server, email = 'anna@example.com'): Promise<string> {
  await call(server, 'POST', `${NL}/newsletter-subscribers`, {
    headers: JSON_HEADERS,
    body: JSON.stringify({ email, consents: [], origin: 'footer' }),
  })
  const links = await mailLinks(server)
  return links[links.length - 1].searchParams.get('subscriberToken')!
}

const put = (server: Server, token: string, body: unknown) =>
  call(server, 'PUT', `${NL}/newsletter-subscribers/${token}`, {
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
  })
const lookup = async (server: Server, token: string) =>
  JSON.parse((await call(server, 'GET', `${NL}/newsletter-subscribers/${token}`)).text)

test('PUT changes only the allow-listed details; any other field is refused and nothing changes', async () => {
  const server = createContractServer()
  const token = await pendingToken(server)
  assert.is(
    (
      await put(server, token, {
        firstName: 'Anne',
        salutation: 'MRS',
        consents: ['DNE'],
        email: 'anna@example.com',
      })
    ).status,
    204,
    'details, and the same address',
  )
  for (const body of [
    { status: 'SUBSCRIBED' },
    { token: 'mine' },
    { origin: 'elsewhere' },
    { evidence: {} },
    { firstName: 'Anne', expiresAt: 9e15 },
  ]) {
    assert.is((await put(server, token, body)).status, 400, JSON.stringify(body))
  }
  const stored = await lookup(server, token)
  assert.equal(stored, {
    email: 'anna@example.com',
    salutation: 'MRS',
    firstName: 'Anne',
    consents: ['DNE'],
    status: 'WAITING_FOR_DOI',
  })
})

test('PUT never changes the address: another address needs its own sign-up and double opt-in (409)', async () => {
  const server = createContractServer()
  const token = await pendingToken(server)
  const answer = await put(server, token, { email: 'victim@example.com' })
  assert.is(answer.status, 409)
  assert.is((await lookup(server, token)).email, 'anna@example.com')
  assert.is(
    (await call(server, 'PUT', `${NL}/newsletter-subscribers/${token}/doi`)).status,
    200,
    'confirming confirms the address the mail went to',
  )
})

test('a used token stops working: after the confirmation GET, PUT and PUT doi answer 410', async () => {
  const server = createContractServer()
  const token = await pendingToken(server)
  assert.is((await call(server, 'PUT', `${NL}/newsletter-subscribers/${token}/doi`)).status, 200)
  assert.is((await put(server, token, { firstName: 'Eve' })).status, 410)
  assert.is((await put(server, token, { email: 'other@example.com' })).status, 410)
  assert.is((await call(server, 'GET', `${NL}/newsletter-subscribers/${token}`)).status, 410)
  assert.is((await call(server, 'PUT', `${NL}/newsletter-subscribers/${token}/doi`)).status, 410)
})

// --- item 9: bounded input, JSON only, no state change by GET --------------------------------------

/** The longest string any regular expression was run on while `fn` ran. */
async function longestRegexInput(fn: () => unknown): Promise<number> {
  const { test: originalTest, exec: originalExec } = RegExp.prototype
  let longest = 0
  const note = (input: unknown) => void (longest = Math.max(longest, String(input).length))
  RegExp.prototype.test = function (this: RegExp, input: string) {
    note(input)
    return originalTest.call(this, input)
  }
  RegExp.prototype.exec = function (this: RegExp, input: string) {
    note(input)
    return originalExec.call(this, input)
  }
  try {
    await fn()
  } finally {
    RegExp.prototype.test = originalTest
    RegExp.prototype.exec = originalExec
  }
  return longest
}

const longAddress = `anna@${'sub.'.repeat(1500)}example.com`

test('an over-long address is refused by its length before any pattern sees it (sign-up, update, schema)', async () => {
  const server = createContractServer()
  const token = await pendingToken(server)
  let answer: Awaited<ReturnType<typeof call>> | undefined
  const longestSignUp = await longestRegexInput(async () => {
    answer = await call(server, 'POST', `${NL}/newsletter-subscribers`, {
      headers: JSON_HEADERS,
      body: JSON.stringify({ email: longAddress, consents: [], origin: 'footer' }),
    })
  })
  assert.is(answer!.status, 400)
  assert.is(JSON.parse(answer!.text).type, 'urn:newsletter:email_invalid')
  assert.ok(longestSignUp <= EMAIL_MAX, `sign-up: a pattern ran on ${longestSignUp} characters`)
  const longestUpdate = await longestRegexInput(() => put(server, token, { email: longAddress }))
  assert.ok(longestUpdate <= EMAIL_MAX, `update: a pattern ran on ${longestUpdate} characters`)
  const longestSchema = await longestRegexInput(() =>
    validate({ email: longAddress, consents: [], origin: 'footer' }, SubscriberRequestSchema),
  )
  assert.ok(longestSchema <= EMAIL_MAX, `schema: a pattern ran on ${longestSchema} characters`)
})

test('request bodies over 16 KB answer 413, declared or streamed, without being read whole', async () => {
  const server = createContractServer()
  const big = JSON.stringify({
    email: 'anna@example.com',
    consents: [],
    origin: 'footer',
    originAddition: 'x'.repeat(17 * 1024),
  })
  assert.is(
    (
      await call(server, 'POST', `${NL}/newsletter-subscribers`, {
        headers: JSON_HEADERS,
        body: big,
      })
    ).status,
    413,
  )
  let pulled = 0
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++
      controller.enqueue(new TextEncoder().encode('{"a":"' + 'x'.repeat(4096)))
    },
  })
  const streamed = await server.handle(
    new Request(`https://shop.test${NL}/newsletter-subscribers`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: endless,
      duplex: 'half',
    } as RequestInit),
  )
  assert.is(streamed.status, 413)
  assert.ok(pulled <= 6, `read ${pulled} chunks of 4 KB`)
  const declared = await server.handle(
    new Request(`https://shop.test${NL}/newsletter-subscribers`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'content-length': '1000000' },
      body: '{}',
    }),
  )
  assert.is(declared.status, 413)
})

test('JSON nested deeper than the calls need is refused with 400 before it is parsed', async () => {
  const server = createContractServer()
  const deep = `{"email":"anna@example.com","consents":${'['.repeat(2000)}${']'.repeat(2000)},"origin":"footer"}`
  const answer = await call(server, 'POST', `${NL}/newsletter-subscribers`, {
    headers: JSON_HEADERS,
    body: deep,
  })
  assert.is(answer.status, 400)
  assert.match(JSON.parse(answer.text).title, /nested/)
  const brackets = JSON.stringify({
    email: 'anna@example.com',
    consents: [],
    origin: 'footer',
    originAddition: '[[[[[[[[[[[[[[[[[[[[',
  })
  assert.is(
    (
      await call(server, 'POST', `${NL}/newsletter-subscribers`, {
        headers: JSON_HEADERS,
        body: brackets,
      })
    ).status,
    201,
    'brackets inside strings do not count',
  )
})

test('bodies that are not application/json answer 415: a cross-site text/plain form post cannot sign anyone up', async () => {
  const server = createContractServer()
  const body = JSON.stringify({ email: 'anna@example.com', consents: [], origin: 'footer' })
  for (const type of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/plain; application/json',
  ]) {
    assert.is(
      (
        await call(server, 'POST', `${NL}/newsletter-subscribers`, {
          headers: { 'content-type': type },
          body,
        })
      ).status,
      415,
      type,
    )
  }
  assert.is(
    (await call(server, 'POST', `${NL}/newsletter-subscribers`, { body })).status,
    415,
    'no content type',
  )
  assert.is(
    (
      await call(server, 'POST', `${NL}/newsletter-subscribers`, {
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body,
      })
    ).status,
    201,
  )
  assert.is(
    (
      await call(server, 'POST', LOGIN, {
        headers: { 'content-type': 'text/plain', 'x-hunter-csrf': '1' },
        body: JSON.stringify(DEMO_ACCOUNT),
      })
    ).status,
    415,
    'login too',
  )
  assert.equal(
    await mailLinks(server).then((l) => l.length),
    1,
    'only the JSON sign-up sent a mail',
  )
})

test('no GET changes state: the staff and fault tools change things only by POST, the preview token only by POST', async () => {
  const server = createContractServer()
  const staff = { cookie: 'StaffAuthToken=demo-staff' }
  const settings = async () =>
    JSON.parse(
      (await call(server, 'GET', '/service/preview/api/auth/checkauth', { headers: staff })).text,
    )
  const before = await settings()
  for (const path of [
    '/_staff/',
    '/_staff/?cobra',
    '/_staff/?leave',
    '/_fault?set=500',
    '/_fault?clear',
    '/service/preview/api/token?test=advent-teaser&group=B&previewDateTime=2026-12-01T10:00:00Z',
  ]) {
    const answer = await call(server, 'GET', path, { headers: staff })
    assert.equal(answer.headers.getSetCookie(), [], `GET ${path} sets no cookie`)
  }
  assert.equal(await settings(), before, 'preview settings unchanged')
  const made = await call(server, 'POST', '/_staff/', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'cookie=CobraAuthToken',
  })
  assert.match(made.headers.getSetCookie()[0] ?? '', /^CobraAuthToken=staff-/)
  const fault = await call(server, 'POST', '/_fault', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'set=500',
  })
  assert.match(fault.headers.getSetCookie()[0] ?? '', /^lf-fault=500;.*HttpOnly/)
})

test('the GET logout of SPEC §7 is refused when another site sends it (a link or image elsewhere cannot log staff out)', async () => {
  const server = createContractServer()
  const cookie = (
    await call(server, 'POST', '/_staff/', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cookie=StaffAuthToken',
    })
  ).headers
    .getSetCookie()[0]
    .split(';')[0]
  const logout = (site: string) =>
    call(server, 'GET', '/service/preview/api/auth/logout', {
      headers: { cookie, 'sec-fetch-site': site },
    })
  assert.is((await logout('cross-site')).status, 403)
  assert.is((await logout('same-site')).status, 403)
  assert.is(
    (await call(server, 'GET', '/service/preview/api/auth/checkauth', { headers: { cookie } }))
      .status,
    200,
    'still staff',
  )
  assert.is((await logout('same-origin')).status, 200)
  assert.is(
    (await call(server, 'GET', '/service/preview/api/auth/checkauth', { headers: { cookie } }))
      .status,
    401,
  )
})

// --- item 11: demo tools only in demo mode, only at the server's own address; bounded state --------

test('contract mode: no demo tools, no fault hook nor hooks handed in, no built-in staff token', async () => {
  // A handed-in hook (as serve.ts hands in the bench's scaling) that would answer every request.
  const teapot = () => async () => new Response(null, { status: 418 })
  const server = createContractServer({ mode: 'contract', distDir: fakeDist(), hooks: [teapot] })
  for (const [method, path, body] of DEMO_TOOLS) {
    assert.is(
      (await call(server, method, path, { headers: FORM, body })).status,
      404,
      `${method} ${path}`,
    )
  }
  assert.is(
    (await call(server, 'GET', FOOTER, { headers: { 'x-fault': '500' } })).status,
    200,
    'X-Fault ignored',
  )
  assert.is(
    (await call(server, 'GET', FOOTER, { headers: { cookie: 'lf-fault=500' } })).status,
    200,
    'lf-fault ignored',
  )
  assert.is((await call(server, 'GET', FOOTER)).status, 200, 'the hook handed in is not mounted')
  assert.is(
    (
      await call(server, 'GET', '/service/preview/api/auth/checkauth', {
        headers: { cookie: 'StaffAuthToken=demo-staff' },
      })
    ).status,
    401,
  )
  assert.not.match(
    (await call(server, 'GET', '/')).text,
    /_mail|_staff|_fault/,
    'the index offers no tools',
  )
})

test('demo mode: each tool page says it is a demo tool', async () => {
  const server = createContractServer()
  for (const [method, path, body] of DEMO_TOOLS.filter(([, p]) => !p.endsWith('.json'))) {
    assert.match(
      (await call(server, method, path, { headers: FORM, body })).text,
      /Demo tool: it exists only while the contract server runs in demo mode/,
      `${method} ${path}`,
    )
  }
})

test("demo mode: tools and hooks answer only requests to the server's own address (a foreign Host is DNS rebinding)", async () => {
  const server = createContractServer({ origin: 'http://127.0.0.1:8080' })
  const at = (
    host: string,
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: string,
  ) =>
    server.handle(new Request(`http://${host}${path}`, { method, headers, body }), {
      remoteAddress: '127.0.0.1',
    })
  for (const [method, path, body] of DEMO_TOOLS) {
    assert.is(
      (await at('attacker.example:8080', method, path, FORM, body)).status,
      421,
      `${method} ${path}`,
    )
    assert.is(
      (await at('127.0.0.1:8080', method, path, FORM, body)).status,
      200,
      `${method} ${path} at 127.0.0.1`,
    )
    assert.is(
      (await at('localhost:8080', method, path, FORM, body)).status,
      200,
      `${method} ${path} at localhost`,
    )
  }
  assert.is(
    (await at('attacker.example:8080', 'GET', FOOTER, { 'x-fault': '500' })).status,
    200,
    'no faults for foreign hosts',
  )
  assert.is(
    (
      await at('attacker.example:8080', 'GET', '/service/preview/api/auth/checkauth', {
        cookie: 'StaffAuthToken=demo-staff',
      })
    ).status,
    401,
    'no built-in staff token either',
  )
})

test("demo mode: a tool's form post from another origin is refused (no cross-site request forgery)", async () => {
  const server = createContractServer({ origin: 'http://127.0.0.1:8080' })
  const post = (origin: string) =>
    server.handle(
      new Request('http://127.0.0.1:8080/_staff/', {
        method: 'POST',
        headers: { ...FORM, origin },
        body: 'cookie=StaffAuthToken',
      }),
      { remoteAddress: '127.0.0.1' },
    )
  assert.is((await post('https://attacker.example')).status, 403)
  assert.is((await post('null')).status, 403)
  assert.is((await post('http://127.0.0.1:8080')).status, 200)
})

test('npm start: demo mode on 127.0.0.1 by default; SERVER_MODE=contract turns the tools off', () => {
  assert.equal(serveOptions({}), {
    port: 8080,
    host: '127.0.0.1',
    options: {
      mode: 'demo',
      origin: 'http://127.0.0.1:8080',
      publicOrigin: undefined,
      assetOrigin: undefined,
      keepClientEvidence: false,
    },
  })
  const { loginKeys, ...options } = serveOptions({
    PORT: '8502',
    SERVER_MODE: 'contract',
    PUBLIC_ORIGIN: 'https://www.lumora.example',
    ASSET_ORIGIN: 'https://cdn.lumora.example',
    LOGIN_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  }).options
  assert.equal(options, {
    mode: 'contract',
    origin: 'http://127.0.0.1:8502',
    publicOrigin: 'https://www.lumora.example',
    assetOrigin: 'https://cdn.lumora.example',
    keepClientEvidence: false,
  })
  assert.is(loginKeys?.signingId, 'k1')
  assert.throws(() => serveOptions({ SERVER_MODE: 'production' }), /SERVER_MODE/)
})

test('npm start on all interfaces, IPv4 (HOST=0.0.0.0) or IPv6 (HOST=::): the origin is 127.0.0.1, never the wildcard', () => {
  for (const HOST of ['0.0.0.0', '::', '[::]'])
    assert.is(serveOptions({ HOST, PORT: '8502' }).options.origin, 'http://127.0.0.1:8502', HOST)
  assert.is(serveOptions({ HOST: '::1', PORT: '8502' }).options.origin, 'http://[::1]:8502')
})

test("repeated sign-ups of one address within the pause: each is stored (the last stands), one mail now, the last one's when the pause ends", async () => {
  const now = { t: Date.UTC(2026, 10, 21, 8) }
  const server = createContractServer({ now: () => new Date(now.t) })
  const signUp = (email: string, firstName: string) =>
    call(server, 'POST', `${NL}/newsletter-subscribers`, {
      headers: JSON_HEADERS,
      body: JSON.stringify({ email, firstName, consents: [], origin: 'footer' }),
    })
  for (const [email, name] of [
    ['anna@example.com', 'Anna'],
    ['Anna@Example.com', 'Anne'],
    ['anna@example.com', 'Anni'],
  ])
    assert.is((await signUp(email, name)).status, 201)
  assert.is(
    (await mailLinks(server)).length,
    0,
    'none within the pause (the first went with the record it linked to)',
  )
  const [stored] = await subscribersOf(server.ctx)
  assert.is(stored.request.firstName, 'Anni', 'the last sign-up is the one stored')
  assert.is(await sendDueMails(server.ctx), 0, 'its mail waits for the pause')
  now.t += DOI_RESEND_PAUSE_MS
  assert.is(await sendDueMails(server.ctx), 1)
  assert.is(await sendDueMails(server.ctx), 0, 'once')
  const links = await mailLinks(server)
  assert.is(links.length, 1, 'the held mail; the first mail gone with its replaced record')
  assert.is(
    hashToken(links[0].searchParams.get('subscriberToken')!),
    (await subscribersOf(server.ctx))[0].tokenHash,
    "the stored sign-up's new link",
  )
  assert.is((await subscribersOf(server.ctx)).length, 1)
})

test('bounded memory: the outbox and staff sessions keep only the newest entries; pending sign-ups wait for room', async () => {
  const server = createContractServer({
    limits: { pendingSignUps: 3, mails: 2, staffSessions: 3 },
  })
  const tokens: string[] = []
  for (let i = 0; i < 3; i++) tokens.push(await pendingToken(server, `user${i}@example.com`))
  const refused = await call(server, 'POST', `${NL}/newsletter-subscribers`, {
    headers: JSON_HEADERS,
    body: JSON.stringify({ email: 'user3@example.com', consents: [], origin: 'footer' }),
  })
  assert.is(refused.status, 503, 'no live link is pushed out')
  assert.equal(
    (await subscribersOf(server.ctx)).map((s) => s.request.email),
    ['user0@example.com', 'user1@example.com', 'user2@example.com'],
  )
  const mails = (await (await server.fetch('/_mail/outbox.json')).json()) as {
    to: string
    id: number
  }[]
  assert.equal(
    mails.map((m) => [m.id, m.to]),
    [
      [2, 'user1@example.com'],
      [3, 'user2@example.com'],
    ],
  )
  assert.is(
    (await call(server, 'PUT', `${NL}/newsletter-subscribers/${tokens[0]}/doi`)).status,
    200,
    "the oldest pending link still confirms (its mail left the demo's outbox, not the inbox)",
  )
  const staff: string[] = []
  for (let i = 0; i < 3; i++)
    staff.push(
      (
        await call(server, 'POST', '/_staff/', { headers: FORM, body: 'cookie=StaffAuthToken' })
      ).headers
        .getSetCookie()[0]
        .split(';')[0],
    )
  const live = await Promise.all(
    staff.map(
      async (cookie) =>
        (await call(server, 'GET', '/service/preview/api/auth/checkauth', { headers: { cookie } }))
          .status,
    ),
  )
  assert.equal(live, [401, 200, 200], 'three sessions: the built-in one and the two newest')
  assert.is(
    (
      await call(server, 'GET', '/service/preview/api/auth/checkauth', {
        headers: { cookie: 'StaffAuthToken=demo-staff' },
      })
    ).status,
    200,
    'the built-in token stays',
  )
})

test.run()
