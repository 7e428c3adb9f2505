/** The session monitor's state machine (see its header comment): every result code and transition, on a fake clock. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { fakeClock, type FakeClock } from '../../test/helpers/fake-timers'
import { createTestWidget, loadFromSource } from '../../test/helpers/widget'
import type { LazyFile } from '../lazy-file'
import { createContractServer } from '../../server/handler'
import { makeLoginToken } from '../../server/core/routes/login'
import { CheckResult, createSessionMonitor, type SessionMonitor } from './session-monitor'
import { CHECK_INTERVAL_MS, TOKEN_POLL_MS } from './timing'
import { startSessionMonitor } from './index'
import type { Platform } from '../platform'

const test = suite('session monitor')
const ORIGIN = 'https://shop.test'
const RENEW = '/service/login/api/v1/logintoken/renew'
const LONGTERM = '/service/login/api/v1/longtermtoken/renew'

/**
 * A document stand-in: cookie, visibility and listeners we can count. Its members live on its
 * prototype, as a document's do: the widget reads them from there (src/dom.ts).
 */
class FakeDocument {
  #jar: string
  #listeners = new Map<string, Set<() => void>>()
  visibilityState: DocumentVisibilityState = 'visible'
  constructor(cookie: string) {
    this.#jar = cookie
  }
  get cookie() {
    return this.#jar
  }
  set cookie(value: string) {
    this.#jar = value
  }
  get hidden() {
    return this.visibilityState === 'hidden'
  }
  addEventListener(type: string, fn: () => void) {
    if (!this.#listeners.has(type)) this.#listeners.set(type, new Set())
    this.#listeners.get(type)!.add(fn)
  }
  removeEventListener(type: string, fn: () => void) {
    this.#listeners.get(type)?.delete(fn)
  }
  fire(type: string) {
    for (const fn of [...(this.#listeners.get(type) ?? [])]) fn()
  }
  listenerCount() {
    return [...this.#listeners.values()].reduce((n, set) => n + set.size, 0)
  }
}
const fakeDocument = (cookie = '') => new FakeDocument(cookie)

/** A token with exp and ren relative to the clock, in seconds. */
function token(clock: FakeClock, expIn: number, renIn: number): string {
  const now = Math.floor(clock.now() / 1000)
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
  return `LoginToken=${b64({ alg: 'none' })}.${b64({ exp: now + expIn, ren: now + renIn, lid: 'l1' })}.`
}

type Answer = number | 'network'

/** A login service answering renewals with the given statuses in turn (the last one repeats). */
function fakeLogin(renewAnswers: Answer[], longterm: Answer = 201) {
  const requests: { method: string; path: string; body: unknown; credentials: unknown }[] = []
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname
    requests.push({
      method: init?.method ?? 'GET',
      path,
      body: init?.body,
      credentials: init?.credentials,
    })
    const answer =
      path === LONGTERM
        ? longterm
        : renewAnswers.length > 1
          ? renewAnswers.shift()!
          : renewAnswers[0]
    if (answer === 'network') throw new TypeError('Failed to fetch')
    return new Response(null, { status: answer })
  }) as typeof fetch
  return {
    requests,
    fetch: fetchImpl,
    renewals: () => requests.filter((r) => r.path === RENEW).length,
  }
}

function setup(
  options: {
    cookie?: (clock: FakeClock) => string
    answers?: Answer[]
    longterm?: Answer
    hidden?: boolean
  } = {},
) {
  const clock = fakeClock()
  const doc = fakeDocument(options.cookie?.(clock) ?? '')
  if (options.hidden) doc.visibilityState = 'hidden'
  const login = fakeLogin(options.answers ?? [201], options.longterm)
  const results: CheckResult[] = []
  const monitor = createSessionMonitor({
    document: doc as unknown as Document,
    fetch: login.fetch,
    timers: clock,
    origin: ORIGIN,
    now: clock.now,
    onResult: (r) => results.push(r),
  })
  return { clock, doc, login, results, monitor }
}

const settle = (clock: FakeClock) => clock.advance(0)

function assertStopped(monitor: SessionMonitor, clock: FakeClock, doc: FakeDocument) {
  assert.is(monitor.state(), 'STOPPED')
  assert.is(clock.pending(), 0, 'no timer left')
  assert.is(doc.listenerCount(), 0, 'no listener left')
}

// Result codes, table-driven: token timing (seconds from now) and the server's answer.
const RESULTS: {
  name: string
  cookie: (c: FakeClock) => string
  answers?: Answer[]
  result: CheckResult
  renewals: number
  stops: boolean
}[] = [
  {
    name: '0 renewed: due token, server answers 201',
    cookie: (c) => token(c, 600, 0),
    answers: [201],
    result: CheckResult.RENEWED,
    renewals: 1,
    stops: false,
  },
  {
    name: '1 ok: due token, server answers 200',
    cookie: (c) => token(c, 600, -1),
    answers: [200],
    result: CheckResult.OK,
    renewals: 1,
    stops: true,
  },
  {
    name: '2 server error: 500',
    cookie: (c) => token(c, 600, -1),
    answers: [500],
    result: CheckResult.SERVER_ERROR,
    renewals: 1,
    stops: false,
  },
  {
    name: '2 server error: 503',
    cookie: (c) => token(c, 600, -1),
    answers: [503],
    result: CheckResult.SERVER_ERROR,
    renewals: 1,
    stops: false,
  },
  {
    name: '2 server error: no answer (network failure)',
    cookie: (c) => token(c, 600, -1),
    answers: ['network'],
    result: CheckResult.SERVER_ERROR,
    renewals: 1,
    stops: false,
  },
  {
    name: '3 unknown: server does not know the token (401)',
    cookie: (c) => token(c, 600, -1),
    answers: [401],
    result: CheckResult.NO_TOKEN,
    renewals: 1,
    stops: true,
  },
  {
    name: '3 unknown: the cookie is not a token',
    cookie: () => 'LoginToken=garbage',
    result: CheckResult.NO_TOKEN,
    renewals: 0,
    stops: true,
  },
  {
    name: '3 unknown: token without lid',
    cookie: () => `LoginToken=x.${Buffer.from('{"exp":1,"ren":1}').toString('base64url')}.`,
    result: CheckResult.NO_TOKEN,
    renewals: 0,
    stops: true,
  },
  {
    name: '4 not yet due: ren one second ahead, no request',
    cookie: (c) => token(c, 600, 1),
    result: CheckResult.NOT_DUE,
    renewals: 0,
    stops: false,
  },
  {
    name: '5 expired: exp is now (1-second unit)',
    cookie: (c) => token(c, 0, -600),
    result: CheckResult.EXPIRED,
    renewals: 0,
    stops: true,
  },
  {
    name: '5 expired: exp in the past',
    cookie: (c) => token(c, -5, -600),
    result: CheckResult.EXPIRED,
    renewals: 0,
    stops: true,
  },
]

for (const row of RESULTS) {
  test(`result ${row.name}${row.stops ? ', stops' : ', next check in 3 minutes'}`, async () => {
    const { clock, doc, login, results, monitor } = setup({
      cookie: row.cookie,
      answers: row.answers,
    })
    await settle(clock)
    assert.equal(results, [row.result])
    assert.is(login.renewals(), row.renewals)
    if (row.stops) {
      assertStopped(monitor, clock, doc)
      await clock.advance(60 * 60_000)
      assert.is(results.length, 1, 'no check after stopping')
    } else {
      assert.is(monitor.state(), 'SCHEDULED')
      doc.fire('keydown')
      await clock.advance(CHECK_INTERVAL_MS - 1)
      assert.is(results.length, 1, 'not before 3 minutes')
      await clock.advance(1)
      assert.is(results.length, 2, 'again at 3 minutes')
    }
  })
}

test('a token 1 second from expiry is not expired yet (whole seconds)', async () => {
  const { clock, results } = setup({ cookie: (c) => token(c, 1, -1), answers: [201] })
  await settle(clock)
  assert.equal(results, [CheckResult.RENEWED])
})

test('renewal: POST logintoken/renew with an empty body and cookies, then longtermtoken/renew', async () => {
  const { clock, login } = setup({ cookie: (c) => token(c, 600, -1), answers: [201] })
  await settle(clock)
  assert.equal(
    login.requests.map((r) => [r.method.toUpperCase(), r.path, r.body, r.credentials]),
    [
      ['POST', RENEW, undefined, 'include'],
      ['POST', LONGTERM, undefined, 'include'],
    ],
  )
})

test('long-term renewal errors are ignored, and it is only sent after a renewal', async () => {
  for (const longterm of [500, 'network'] as Answer[]) {
    const { clock, results, monitor, login } = setup({
      cookie: (c) => token(c, 600, -1),
      answers: [201],
      longterm,
    })
    await settle(clock)
    assert.equal(results, [CheckResult.RENEWED])
    assert.is(monitor.state(), 'SCHEDULED')
    assert.is(login.requests.length, 2)
  }
  const { clock, login } = setup({ cookie: (c) => token(c, 600, -1), answers: [500] })
  await settle(clock)
  assert.equal(
    login.requests.map((r) => r.path),
    [RENEW],
  )
})

test('a server error is retried on the next tick and can then succeed', async () => {
  const { clock, doc, results } = setup({ cookie: (c) => token(c, 1800, -1), answers: [500, 201] })
  await settle(clock)
  doc.fire('mousedown')
  await clock.advance(CHECK_INTERVAL_MS)
  assert.equal(results, [CheckResult.SERVER_ERROR, CheckResult.RENEWED])
})

test('WAITING: without a token it reads the cookie every 10 seconds, sends nothing, reports nothing', async () => {
  const { clock, doc, login, results, monitor } = setup()
  assert.is(monitor.state(), 'WAITING')
  await clock.advance(5 * TOKEN_POLL_MS)
  assert.is(monitor.state(), 'WAITING')
  assert.is(clock.pending(), 1)
  assert.equal(results, [])
  assert.is(login.requests.length, 0)
  // The visitor logs in; the server sets the cookie. The next poll (within 10 s) checks it.
  doc.cookie = token(clock, 1800, -1)
  await clock.advance(TOKEN_POLL_MS - 1)
  assert.equal(results, [], 'not before the poll')
  await clock.advance(1)
  assert.equal(results, [CheckResult.RENEWED])
  assert.is(monitor.state(), 'SCHEDULED')
})

test('SCHEDULED -> IDLE when the visitor did nothing for 3 minutes; activity checks at once', async () => {
  const { clock, doc, login, results, monitor } = setup({ cookie: (c) => token(c, 1800, 60) })
  await settle(clock)
  assert.equal(results, [CheckResult.NOT_DUE])
  await clock.advance(CHECK_INTERVAL_MS)
  assert.is(monitor.state(), 'IDLE')
  assert.is(clock.pending(), 0)
  await clock.advance(30 * 60_000)
  assert.equal(results, [CheckResult.NOT_DUE], 'no checks while idle')
  doc.fire('scroll')
  await settle(clock)
  // 33 minutes later the token (exp 30 min) has expired.
  assert.equal(results, [CheckResult.NOT_DUE, CheckResult.EXPIRED])
  assert.is(login.renewals(), 0)
})

test('every activity kind counts', async () => {
  for (const kind of ['mousedown', 'keydown', 'touchstart', 'scroll']) {
    const { clock, doc, results } = setup({ cookie: (c) => token(c, 1800, 900) })
    await settle(clock)
    doc.fire(kind)
    await clock.advance(CHECK_INTERVAL_MS)
    assert.is(results.length, 2, kind)
  }
})

test('a token that disappears after being seen (logout) is result 3 and stops', async () => {
  const { clock, doc, results, monitor } = setup({ cookie: (c) => token(c, 1800, 900) })
  await settle(clock)
  doc.cookie = ''
  doc.fire('keydown')
  await clock.advance(CHECK_INTERVAL_MS)
  assert.equal(results, [CheckResult.NOT_DUE, CheckResult.NO_TOKEN])
  assertStopped(monitor, clock, doc)
})

test('PAUSED while the tab is hidden: timers cleared, nothing checked; visible again checks at once', async () => {
  const { clock, doc, results, monitor } = setup({ cookie: (c) => token(c, 1800, 900) })
  await settle(clock)
  doc.visibilityState = 'hidden'
  doc.fire('visibilitychange')
  assert.is(monitor.state(), 'PAUSED')
  assert.is(clock.pending(), 0)
  doc.fire('keydown')
  await clock.advance(20 * 60_000)
  assert.equal(results, [CheckResult.NOT_DUE])
  doc.visibilityState = 'visible'
  doc.fire('visibilitychange')
  await settle(clock)
  // 20 minutes on, ren (15 min) is due: renewed.
  assert.equal(results, [CheckResult.NOT_DUE, CheckResult.RENEWED])
  assert.is(monitor.state(), 'SCHEDULED')
})

test('PAUSED from WAITING and from IDLE', async () => {
  const waiting = setup()
  waiting.doc.visibilityState = 'hidden'
  waiting.doc.fire('visibilitychange')
  assert.is(waiting.monitor.state(), 'PAUSED')
  assert.is(waiting.clock.pending(), 0)
  waiting.doc.visibilityState = 'visible'
  waiting.doc.fire('visibilitychange')
  assert.is(waiting.monitor.state(), 'WAITING', 'resumes polling, no token yet')
  assert.is(waiting.clock.pending(), 1)
  assert.equal(waiting.results, [])

  const idle = setup({ cookie: (c) => token(c, 1800, 900) })
  await settle(idle.clock)
  await idle.clock.advance(CHECK_INTERVAL_MS)
  assert.is(idle.monitor.state(), 'IDLE')
  idle.doc.visibilityState = 'hidden'
  idle.doc.fire('visibilitychange')
  assert.is(idle.monitor.state(), 'PAUSED')
  idle.doc.fire('mousedown')
  assert.is(idle.monitor.state(), 'PAUSED', 'activity does not wake a hidden tab')
})

test('a tab hidden at start begins PAUSED and checks when shown', async () => {
  const { clock, doc, results, monitor } = setup({
    cookie: (c) => token(c, 1800, 900),
    hidden: true,
  })
  assert.is(monitor.state(), 'PAUSED')
  await clock.advance(60_000)
  assert.equal(results, [])
  doc.visibilityState = 'visible'
  doc.fire('visibilitychange')
  await settle(clock)
  assert.equal(results, [CheckResult.NOT_DUE])
  assert.is(monitor.state(), 'SCHEDULED')
})

test('hidden while a renewal is in flight: the result counts, then it pauses', async () => {
  const { clock, doc, results, monitor } = setup({
    cookie: (c) => token(c, 1800, -1),
    answers: [201],
  })
  assert.is(monitor.state(), 'CHECKING')
  doc.visibilityState = 'hidden'
  doc.fire('visibilitychange')
  await settle(clock)
  assert.equal(results, [CheckResult.RENEWED])
  assert.is(monitor.state(), 'PAUSED')
  assert.is(clock.pending(), 0)
})

test('hidden and shown again while a renewal is in flight: scheduled as usual', async () => {
  const { clock, doc, results, monitor } = setup({
    cookie: (c) => token(c, 1800, -1),
    answers: [201],
  })
  doc.visibilityState = 'hidden'
  doc.fire('visibilitychange')
  doc.visibilityState = 'visible'
  doc.fire('visibilitychange')
  await settle(clock)
  assert.equal(results, [CheckResult.RENEWED])
  assert.is(monitor.state(), 'SCHEDULED')
})

test('stop() while a renewal is in flight: the late result is dropped', async () => {
  const { clock, doc, results, monitor } = setup({
    cookie: (c) => token(c, 1800, -1),
    answers: [201],
  })
  monitor.stop()
  await settle(clock)
  assert.equal(results, [])
  assertStopped(monitor, clock, doc)
})

test('STOPPED ignores visibility changes', async () => {
  const { clock, doc, monitor } = setup({ cookie: (c) => token(c, -1, -1) })
  await settle(clock)
  assert.is(monitor.state(), 'STOPPED')
  doc.fire('visibilitychange')
  assert.is(monitor.state(), 'STOPPED')
})

test('against the contract server: renewed when due, then not due on the new token, expired after idling', async () => {
  const clock = fakeClock()
  const server = createContractServer({ origin: ORIGIN, now: () => new Date(clock.now()) })
  const doc = fakeDocument(`LoginToken=${await makeLoginToken(server.ctx, 'demo')}`)
  // The browser's part: send the cookie, store what Set-Cookie says.
  const browserFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await server.fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), cookie: doc.cookie },
    })
    const set = response.headers.get('set-cookie')
    if (set) doc.cookie = set.split(';')[0]
    return response
  }) as typeof fetch
  const results: CheckResult[] = []
  createSessionMonitor({
    document: doc as unknown as Document,
    fetch: browserFetch,
    timers: clock,
    origin: ORIGIN,
    now: clock.now,
    onResult: (r) => results.push(r),
  })
  await settle(clock)
  for (let i = 0; i < 4; i++) {
    doc.fire('keydown')
    await clock.advance(CHECK_INTERVAL_MS)
  }
  // 0, 3, 6, 9 min: not due; 12 min: due (ren 10 min) and renewed by the server.
  assert.equal(results, [4, 4, 4, 4, 0])
  doc.fire('keydown')
  await clock.advance(CHECK_INTERVAL_MS)
  assert.equal(results, [4, 4, 4, 4, 0, 4], 'the new token (15 min) is not due yet')
  await clock.advance(CHECK_INTERVAL_MS) // 18 min: idle
  await clock.advance(40 * 60_000)
  doc.fire('keydown')
  await settle(clock)
  assert.equal(results, [4, 4, 4, 4, 0, 4, 5], 'the renewed token (exp 42 min) expired while idle')
})

const PLATFORMS: [Platform, boolean][] = [
  ['CLASSIC', true],
  ['TABLET', false],
  ['SMARTPHONE', false],
  ['MATCH', false],
]
for (const [platform, runs] of PLATFORMS) {
  test(`on ${platform} the monitor ${runs ? 'runs' : 'is skipped'}`, () => {
    const { widget } = createTestWidget({ platform })
    const stop = startSessionMonitor(widget, () => 0)
    assert.is(stop !== null, runs)
    stop?.()
  })
}

test("the monitor's file is loaded only once a LoginToken cookie exists: not without one, then at the next 10-second poll", async () => {
  const loads: LazyFile[] = []
  const clock = fakeClock()
  const { widget } = createTestWidget({
    clock,
    load: (name) => {
      loads.push(name)
      return loadFromSource(name)
    },
  })
  const doc = fakeDocument()
  const login = fakeLogin([201])
  widget.document = doc as unknown as Document
  widget.fetch = login.fetch
  const stop = startSessionMonitor(widget, clock.now)!
  await clock.advance(3 * TOKEN_POLL_MS)
  assert.equal(loads, [], 'a visitor who is not logged in loads nothing')
  doc.cookie = token(clock, 600, -1)
  await clock.advance(TOKEN_POLL_MS - 1)
  assert.equal(loads, [], 'not before the next poll')
  await clock.advance(1)
  await settle(clock)
  assert.equal(loads, ['login'])
  assert.is(login.renewals(), 1, 'the due token is renewed once the file is there')
  stop()
  assert.is(clock.pending(), 0, 'stopping ends the monitor too')
})

test('stopped before its file arrives, the monitor never starts', async () => {
  const clock = fakeClock()
  let arrive = () => {}
  const { widget } = createTestWidget({
    clock,
    load: (name) => new Promise((resolve) => (arrive = () => resolve(loadFromSource(name)))),
  })
  const doc = fakeDocument(token(clock, 600, -1))
  const login = fakeLogin([201])
  widget.document = doc as unknown as Document
  widget.fetch = login.fetch
  const stop = startSessionMonitor(widget, clock.now)!
  stop()
  arrive()
  await settle(clock)
  assert.is(login.requests.length, 0)
  assert.is(doc.listenerCount(), 0)
})

test.run()
