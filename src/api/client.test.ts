import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createApiClient, newsletterBasePath, REQUEST_TIMEOUT_MS, siteHeaders } from './client'
import { FetchError, ResponseError } from './errors'
import { createContractServer } from '../../server/handler'
import { fakeClock } from '../../test/helpers/fake-timers'
import { POLLUTION } from '../../test/helpers/prototype-pollution'

const test = suite('api client')

interface Sent {
  url: string
  method: string
  headers: Headers
  body: string | null
}

function recordingFetch(respond: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = []
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: (init.body as string) ?? null,
    }
    sent.push(request)
    return respond(request)
  }) as typeof fetch
  return { sent, fetchImpl }
}

test('newsletter base path: internal by default, private in a single-page app', () => {
  assert.is(
    newsletterBasePath('https://shop.test', false),
    'https://shop.test/service/newsletter/api/internal',
  )
  assert.is(
    newsletterBasePath('https://shop.test', true),
    'https://shop.test/service/newsletter/api/private',
  )
})

test('sends JSON with the site headers to the base path', async () => {
  const { sent, fetchImpl } = recordingFetch(() => new Response('{"ok":true}', { status: 201 }))
  const client = createApiClient({
    baseURL: newsletterBasePath('https://shop.test', false),
    fetch: fetchImpl,
    timers: fakeClock(),
    headers: siteHeaders('AT', 'https://shop.test/at/page'),
  })
  const answer = await client.post('/newsletter-subscribers', { email: 'a@b.de' })
  assert.equal(answer, { status: 201, data: { ok: true } })
  assert.is(sent[0].url, 'https://shop.test/service/newsletter/api/internal/newsletter-subscribers')
  assert.is(sent[0].method, 'POST')
  assert.is(sent[0].headers.get('content-type'), 'application/json')
  assert.is(sent[0].headers.get('x-hunter-site'), 'AT')
  assert.is(sent[0].headers.get('x-original-address'), 'https://shop.test/at/page')
  assert.is(sent[0].body, '{"email":"a@b.de"}')
})

test('a non-2xx answer raises a ResponseError with status and parsed body', async () => {
  const { fetchImpl } = recordingFetch(
    () => new Response('{"type":"urn:newsletter:email_invalid"}', { status: 400 }),
  )
  const client = createApiClient({
    baseURL: 'https://shop.test',
    fetch: fetchImpl,
    timers: fakeClock(),
  })
  try {
    await client.get('/x')
    assert.unreachable('should have thrown')
  } catch (error) {
    assert.instance(error, ResponseError)
    assert.is((error as ResponseError).kind, 'response')
    assert.is((error as ResponseError).status, 400)
    assert.equal((error as ResponseError).data, { type: 'urn:newsletter:email_invalid' })
  }
})

test('a failed request raises a FetchError that is not a time-out', async () => {
  const { fetchImpl } = recordingFetch(() => Promise.reject(new TypeError('Failed to fetch')))
  const client = createApiClient({
    baseURL: 'https://shop.test',
    fetch: fetchImpl,
    timers: fakeClock(),
  })
  const error = await client.get('/x').catch((e: unknown) => e)
  assert.instance(error, FetchError)
  assert.is((error as FetchError).kind, 'fetch')
  assert.is((error as FetchError).timedOut, false)
})

test('no answer within 15 000 ms raises a time-out FetchError and aborts the request', async () => {
  assert.is(REQUEST_TIMEOUT_MS, 15000)
  const clock = fakeClock()
  let signal: AbortSignal | undefined
  const fetchImpl = ((_: unknown, init: RequestInit = {}) => {
    signal = init.signal ?? undefined
    return new Promise<Response>(() => {})
  }) as typeof fetch
  const client = createApiClient({ baseURL: 'https://shop.test', fetch: fetchImpl, timers: clock })
  let outcome: unknown = 'pending'
  client.get('/slow').catch((e: unknown) => (outcome = e))
  await clock.advance(14_999)
  assert.is(outcome, 'pending')
  await clock.advance(1)
  assert.instance(outcome, FetchError)
  assert.is((outcome as FetchError).timedOut, true)
  assert.is(signal?.aborted, true)
})

test('a timely answer clears the time-out timer', async () => {
  const clock = fakeClock()
  const { fetchImpl } = recordingFetch(() => new Response('{}'))
  const client = createApiClient({ baseURL: 'https://shop.test', fetch: fetchImpl, timers: clock })
  await client.get('/fast')
  assert.is(clock.pending(), 0)
})

test('API key, access token and basic credentials become headers', async () => {
  const { sent, fetchImpl } = recordingFetch(() => new Response('{}'))
  await createApiClient({
    baseURL: 'https://s.test',
    fetch: fetchImpl,
    timers: fakeClock(),
    auth: { apiKey: { header: 'X-Api-Key', value: 'k1' }, accessToken: 't1' },
  }).get('/a')
  await createApiClient({
    baseURL: 'https://s.test',
    fetch: fetchImpl,
    timers: fakeClock(),
    auth: { basic: { username: 'u', password: 'p' } },
  }).get('/b')
  assert.is(sent[0].headers.get('x-api-key'), 'k1')
  assert.is(sent[0].headers.get('authorization'), 'Bearer t1')
  assert.is(sent[1].headers.get('authorization'), `Basic ${btoa('u:p')}`)
})

test('no cookie becomes a header: a cookie named "undefined" or like an XSRF token stays a cookie', async () => {
  const names = ['undefined', 'XSRF-TOKEN', 'csrftoken']
  for (const name of names) document.cookie = `${name}=x; path=/`
  try {
    const { sent, fetchImpl } = recordingFetch(() => new Response('{}', { status: 200 }))
    const client = createApiClient({
      baseURL: 'https://shop.test/api',
      fetch: fetchImpl,
      timers: fakeClock(),
      withCredentials: true,
    })
    await client.get('/status')
    await client.post('/things', { a: 1 })
    assert.match(document.cookie, 'undefined=x')
    for (const request of sent)
      assert.equal(
        [...request.headers.keys()].sort(),
        request.method === 'GET' ? ['accept'] : ['accept', 'content-type'],
      )
  } finally {
    for (const name of names) document.cookie = `${name}=; path=/; max-age=0`
  }
})

test('works against the contract server in-process, including its fault injection', async () => {
  const server = createContractServer()
  const client = createApiClient({
    baseURL: newsletterBasePath('https://shop.test', false),
    fetch: server.fetch,
    timers: fakeClock(),
    headers: siteHeaders('DE', 'https://shop.test/de/'),
  })
  const ok = await client.post('/newsletter-subscribers', {
    email: 'user+tag@example.com',
    consents: ['DNE'],
    origin: 'footer',
  })
  assert.is(ok.status, 201)
  const failed = await client
    .post(
      '/newsletter-subscribers',
      { email: 'x@y.de', consents: [], origin: 'footer' },
      { headers: { 'X-Fault': '500' } },
    )
    .catch((e: unknown) => e)
  assert.instance(failed, ResponseError)
  assert.is((failed as ResponseError).status, 500)
})

/** Runs `calls` with Object.prototype polluted (and always cleans up). */
async function polluted(calls: () => Promise<unknown>) {
  const proto = Object.prototype as Record<string, unknown>
  for (const [key, value] of Object.entries(POLLUTION)) proto[key] = value
  try {
    await calls()
  } finally {
    for (const key of Object.keys(POLLUTION)) delete proto[key]
  }
}

test('a polluted Object.prototype adds nothing to a request: the same address, headers, body and fetch options', async () => {
  const seen: Record<string, unknown>[] = []
  // Reads init as a browser's fetch does: each member through the prototype chain.
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit) => {
    seen.push({
      url: String(input),
      method: init.method,
      headers: [...new Headers(init.headers)],
      body: init.body,
      ...Object.fromEntries(
        [
          'credentials',
          'cache',
          'mode',
          'referrer',
          'referrerPolicy',
          'keepalive',
          'integrity',
        ].map((key) => [key, (init as Record<string, unknown>)[key]]),
      ),
    })
    return new Response('{"ok":true}', { status: 200 })
  }) as typeof fetch
  const answers: unknown[] = []
  await polluted(async () => {
    const newsletter = createApiClient({
      baseURL: newsletterBasePath('https://shop.test', false),
      fetch: fetchImpl,
      timers: fakeClock(),
    })
    answers.push(
      await newsletter.post(
        '/newsletter-subscribers',
        { email: 'a@b.de' },
        { headers: siteHeaders('AT', 'https://shop.test/at/') },
      ),
    )
    answers.push(
      await newsletter.get('/customers/base-data', { headers: { 'X-LoginToken': 'tok' } }),
    )
    const psdata = createApiClient({
      baseURL: 'https://shop.test',
      fetch: fetchImpl,
      timers: fakeClock(),
      withCredentials: true,
      cache: 'no-store',
      headers: { 'X-Hunter-Csrf': '1' },
    })
    answers.push(await psdata.get('/service/customerfrontenddata/api/v1/psdata'))
  })
  const plain = {
    mode: undefined,
    referrer: undefined,
    referrerPolicy: undefined,
    keepalive: undefined,
    integrity: undefined,
  }
  assert.equal(seen, [
    {
      url: 'https://shop.test/service/newsletter/api/internal/newsletter-subscribers',
      method: 'POST',
      headers: [
        ['accept', 'application/json'],
        ['content-type', 'application/json'],
        ['x-hunter-site', 'AT'],
        ['x-original-address', 'https://shop.test/at/'],
      ],
      body: '{"email":"a@b.de"}',
      credentials: undefined,
      cache: undefined,
      ...plain,
    },
    {
      url: 'https://shop.test/service/newsletter/api/internal/customers/base-data',
      method: 'GET',
      headers: [
        ['accept', 'application/json'],
        ['x-logintoken', 'tok'],
      ],
      body: undefined,
      credentials: undefined,
      cache: undefined,
      ...plain,
    },
    {
      url: 'https://shop.test/service/customerfrontenddata/api/v1/psdata',
      method: 'GET',
      headers: [
        ['accept', 'application/json'],
        ['x-hunter-csrf', '1'],
      ],
      body: undefined,
      credentials: 'include',
      cache: 'no-store',
      ...plain,
    },
  ])
  assert.equal(answers, Array(3).fill({ status: 200, data: { ok: true } }), 'answers read as JSON')
})

test.run()
