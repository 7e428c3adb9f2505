/** The login client: outcomes by status, and the request the server receives. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createContractServer } from '../../build/contract-server/handler'
import { DEMO_ACCOUNT } from '../../build/contract-server/routes/login'
import { fakeClock } from '../../test/helpers/fake-timers'
import { recordRequests, TEST_ORIGIN } from '../../test/helpers/widget'
import { createLoginClient } from './login.client'
import type { LoginOutcome } from './login.schema'

const test = suite('login client')

function client(fetchImpl: typeof fetch, clock = fakeClock()) {
  return createLoginClient({ origin: TEST_ORIGIN, fetch: fetchImpl, timers: clock })
}

/** The contract server with a fault header on every call (see build/contract-server/faults.ts). */
function faulty(fault: string): typeof fetch {
  const server = createContractServer({ origin: TEST_ORIGIN })
  return ((input: RequestInfo | URL, init?: RequestInit) =>
    server.fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), 'X-Fault': fault },
    })) as typeof fetch
}

test('the demo account logs in: SUCCESS, and the server sets the LoginToken cookie', async () => {
  const server = createContractServer({ origin: TEST_ORIGIN })
  const recorded = recordRequests(server.fetch)
  let setCookie = ''
  const outcome = await client((async (input, init) => {
    const response = await recorded.fetch(input, init)
    setCookie = response.headers.get('set-cookie') ?? ''
    return response
  }) as typeof fetch).login(DEMO_ACCOUNT)
  assert.is(outcome, 'SUCCESS')
  assert.match(setCookie, /^LoginToken=/)
  const [request] = recorded.requests
  assert.is(request.method, 'POST')
  assert.is(new URL(request.url).pathname, '/service/login/api/v1/login')
  assert.match(request.headers.get('content-type') ?? '', /application\/json/)
  assert.ok(request.headers.get('x-hunter-csrf'), 'CSRF header sent')
  assert.equal(await request.json(), DEMO_ACCOUNT)
})

test('a wrong password is UNAUTHORIZED (401)', async () => {
  const server = createContractServer({ origin: TEST_ORIGIN })
  assert.is(
    await client(server.fetch).login({ ...DEMO_ACCOUNT, password: 'wrong' }),
    'UNAUTHORIZED',
  )
})

const UNAVAILABLE: [string, typeof fetch][] = [
  ['500', faulty('500')],
  ['503', faulty('503')],
  ['403', faulty('403')],
  ['404', faulty('404')],
  ['a 2xx other than 200 (204)', (async () => new Response(null, { status: 204 })) as typeof fetch],
  [
    'a network failure',
    (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
  ],
]
for (const [name, fetchImpl] of UNAVAILABLE) {
  test(`${name} is SERVICE_UNAVAILABLE`, async () => {
    const outcome: LoginOutcome = await client(fetchImpl).login(DEMO_ACCOUNT)
    assert.is(outcome, 'SERVICE_UNAVAILABLE')
  })
}

test('no answer within 15 seconds is SERVICE_UNAVAILABLE', async () => {
  const clock = fakeClock()
  const pending = client((() => new Promise<Response>(() => {})) as typeof fetch, clock).login(
    DEMO_ACCOUNT,
  )
  await clock.advance(15_000)
  assert.is(await pending, 'SERVICE_UNAVAILABLE')
})

test.run()
