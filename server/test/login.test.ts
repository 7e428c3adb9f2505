/**
 * Logins end and guesses are throttled (issue 26, items 4 and 5): a login has an absolute
 * lifetime that renewals cannot extend, a renewed token replaces the old one, and wrong passwords
 * are limited per account and per client. The clock is injected: nothing here waits.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createContractServer, type ServerOptions } from '../handler.ts'
import { DEMO_ACCOUNT } from '../core/routes/login.ts'
import { decodeLoginToken } from '../../src/contract/login-token.ts'

const test = suite('contract server: login lifetime and throttling')
const LOGIN = '/service/login/api/v1/login'
const RENEW = '/service/login/api/v1/logintoken/renew'
const BASE_DATA = '/service/newsletter/api/internal/customers/base-data'
const MINUTE = 60_000

function serverAt(options: ServerOptions = {}) {
  const clock = { t: Date.UTC(2026, 10, 25, 8) }
  const server = createContractServer({ now: () => new Date(clock.t), ...options })
  return { server, clock }
}

type Server = ReturnType<typeof createContractServer>

function logIn(server: Server, email: string, password: string, remoteAddress = '192.0.2.10') {
  return server.handle(
    new Request(`https://shop.test${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hunter-csrf': '1' },
      body: JSON.stringify({ email, password }),
    }),
    { remoteAddress },
  )
}

const loginToken = (response: Response) =>
  /LoginToken=([^;]+)/.exec(response.headers.getSetCookie().join('\n'))?.[1]

async function renew(server: Server, token: string) {
  const answer = await server.fetch(RENEW, {
    method: 'POST',
    headers: { cookie: `LoginToken=${token}` },
  })
  return { status: answer.status, token: loginToken(answer) }
}

const baseData = (server: Server, token: string) =>
  server.fetch(BASE_DATA, { headers: { 'x-logintoken': token } })

// --- item 4: absolute lifetime, and a renewed token replaces the old one ---------------------------

test('renewing every 20 minutes cannot keep a login alive past its absolute lifetime', async () => {
  const { server, clock } = serverAt()
  const start = clock.t
  let token = loginToken(await logIn(server, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password))!
  let lastStatus = 0
  let renewals = 0
  for (let i = 0; i < 3 * 24 * 3; i++) {
    clock.t += 20 * MINUTE
    const renewed = await renew(server, token)
    lastStatus = renewed.status
    if (renewed.status !== 201) break
    renewals++
    token = renewed.token!
    assert.ok(
      decodeLoginToken(token)!.exp * 1000 <= start + 24 * 60 * MINUTE,
      'no token outlives the login',
    )
  }
  assert.is(lastStatus, 401, 'the login ends')
  assert.ok(renewals > 3, `renewals work until then (${renewals})`)
  assert.ok(clock.t - start <= 24 * 60 * MINUTE, 'within a day at most')
  assert.is((await baseData(server, token)).status, 401, 'its last token is no login either')
})

test('a renewed token replaces the old one: the old one answers 401 afterwards', async () => {
  const { server, clock } = serverAt()
  const old = loginToken(await logIn(server, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password))!
  clock.t += 11 * MINUTE
  const renewed = await renew(server, old)
  assert.is(renewed.status, 201)
  assert.is((await renew(server, old)).status, 401, 'renewal with the old token')
  assert.is((await baseData(server, old)).status, 401, 'base data with the old token')
  assert.is((await baseData(server, renewed.token!)).status, 200, 'the new token works')
  assert.is(decodeLoginToken(renewed.token!)!.lid, decodeLoginToken(old)!.lid, 'the same login')
})

test('two logins of one account are apart: renewing one leaves the other', async () => {
  const { server, clock } = serverAt()
  const a = loginToken(await logIn(server, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password))!
  const b = loginToken(await logIn(server, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password))!
  clock.t += 11 * MINUTE
  assert.is((await renew(server, a)).status, 201)
  assert.is((await baseData(server, b)).status, 200)
})

// --- item 5: throttling per account and per client -----------------------------------------------

test('wrong passwords for one account are throttled (429, Retry-After): then even the right one waits', async () => {
  const { server, clock } = serverAt()
  const statuses: number[] = []
  for (let i = 0; i < 2000; i++)
    statuses.push(
      (await logIn(server, DEMO_ACCOUNT.email, `guess-${i}`, `198.51.100.${i % 250}`)).status,
    )
  const first429 = statuses.indexOf(429)
  assert.ok(
    first429 > 0 && first429 <= 20,
    `throttled after a few guesses (first 429 at ${first429})`,
  )
  assert.is(statuses.filter((s) => s === 401).length, first429, 'then no more answers to guesses')
  const right = await logIn(server, 'Demo@Lumora.example', DEMO_ACCOUNT.password, '192.0.2.77')
  assert.is(right.status, 429, 'the account is throttled, in any case of its address')
  const wait = Number(right.headers.get('retry-after'))
  assert.ok(wait > 0, 'Retry-After in seconds')
  clock.t += wait * 1000
  assert.is(
    (await logIn(server, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, '192.0.2.77')).status,
    200,
    'after the wait the right password logs in',
  )
})

test('one client guessing across many accounts is throttled; other clients are not', async () => {
  const { server } = serverAt()
  const statuses: number[] = []
  for (let i = 0; i < 500; i++)
    statuses.push((await logIn(server, `user${i}@example.com`, 'x', '203.0.113.9')).status)
  const first429 = statuses.indexOf(429)
  assert.ok(first429 > 0 && first429 <= 100, `throttled (first 429 at ${first429})`)
  assert.ok(statuses.slice(first429).every((s) => s === 429))
  assert.is(
    (await logIn(server, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, '203.0.113.10')).status,
    200,
    'another client logs in',
  )
})

// --- issue 42, items 2 and 3: limits asked after the body; logins limited and bounded fairly ------

/**
 * A login whose body the test sends later: `reading` settles once the server waits for the body,
 * that is, when it has everything but the body.
 */
function heldLogin(server: Server, remoteAddress: string) {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let markReading!: () => void
  const reading = new Promise<void>((resolve) => {
    markReading = resolve
  })
  const body = new ReadableStream<Uint8Array>(
    {
      start: (c) => {
        controller = c
      },
      pull: () => markReading(),
    },
    { highWaterMark: 0 },
  )
  const answer = server.handle(
    new Request(`https://shop.test${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hunter-csrf': '1' },
      body,
      duplex: 'half',
    } as RequestInit),
    { remoteAddress },
  )
  const send = (text: string) => {
    controller.enqueue(new TextEncoder().encode(text))
    controller.close()
  }
  return { answer, reading, send }
}

test('80 logins whose headers come first and bodies later are limited like 80 in a row', async () => {
  const { server } = serverAt()
  const held = Array.from({ length: 80 }, () => heldLogin(server, '203.0.113.44'))
  await Promise.all(held.map((login) => login.reading))
  for (const [i, login] of held.entries())
    login.send(JSON.stringify({ email: `user${i}@example.com`, password: 'x' }))
  const statuses = await Promise.all(held.map(async (login) => (await login.answer).status))
  const checked = statuses.filter((s) => s === 401).length
  assert.ok(checked <= 30, `at most the client's allowance of guesses is checked (${checked} were)`)
  assert.is(statuses.filter((s) => s === 429).length, 80 - checked, 'the rest wait (429)')
})

const victim = { email: 'victim@example.com', password: 'victim-password' }
const flooder = { email: 'flood@example.com', password: 'flood-password' }
/** Flooders each with their own accounts, so no per-account limit is what stops them. */
const floodAccounts = Array.from({ length: 6 }, (_, i) => ({
  email: `flood${i}@example.com`,
  password: 'flood-password',
}))
const accounts = [DEMO_ACCOUNT, victim, flooder, ...floodAccounts]

test("one client logging in again and again is limited, and never ends another visitor's login", async () => {
  const { server } = serverAt({ accounts, limits: { logins: 50 } })
  const token = loginToken(await logIn(server, victim.email, victim.password, '192.0.2.80'))!
  const statuses: number[] = []
  for (let i = 0; i < 200; i++)
    statuses.push((await logIn(server, flooder.email, flooder.password, '203.0.113.9')).status)
  assert.ok(statuses.includes(429), 'successful logins are limited too')
  assert.is((await baseData(server, token)).status, 200, "the other visitor's login lives")
})

test('a full login store refuses the new login (503, Retry-After) and ends nobody; one network fills only its share', async () => {
  const { server } = serverAt({ accounts, limits: { logins: 40, loginsPerNetwork: 10 } })
  const token = loginToken(await logIn(server, victim.email, victim.password, '192.0.2.80'))!
  const byNetwork: number[][] = []
  for (let net = 0; net < 5; net++) {
    const statuses: number[] = []
    for (let i = 0; i < 20; i++)
      statuses.push(
        (await logIn(server, floodAccounts[net].email, 'flood-password', `10.${net}.0.${i}`))
          .status,
      )
    byNetwork.push(statuses)
  }
  assert.equal(
    byNetwork[0].map((s) => s === 200),
    [...Array(10).fill(true), ...Array(10).fill(false)],
    'a network holds at most its share of live logins',
  )
  const full = byNetwork[4].find((s) => s !== 200 && s !== 429)
  assert.is(full, 503, 'the full store refuses')
  const refused = await logIn(server, floodAccounts[5].email, 'flood-password', '10.9.0.1')
  assert.is(refused.status, 503)
  assert.ok(Number(refused.headers.get('retry-after')) > 0, 'Retry-After in seconds')
  assert.is((await baseData(server, token)).status, 200, "the other visitor's login lives")
})

test("an account keeps its newest logins: past its cap the account's oldest ends, not another's", async () => {
  const { server } = serverAt({ accounts, limits: { loginsPerAccount: 3 } })
  const other = loginToken(await logIn(server, victim.email, victim.password, '192.0.2.80'))!
  const tokens: string[] = []
  for (let i = 0; i < 5; i++)
    tokens.push(
      loginToken(await logIn(server, flooder.email, flooder.password, `198.51.100.${i}`))!,
    )
  const statuses = await Promise.all(tokens.map(async (t) => (await baseData(server, t)).status))
  assert.equal(statuses, [401, 401, 200, 200, 200], 'the newest three live')
  assert.is((await baseData(server, other)).status, 200, "another account's login lives")
})

test.run()
