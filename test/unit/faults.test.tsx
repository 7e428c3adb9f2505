/**
 * Faults, table-driven (issue 7): every call of SPEC §7 the widget makes, answering 500, 404,
 * malformed JSON, an empty body, or never (the 15 s time-out on the fake clock). The contract
 * server injects the fault (X-Fault header, server/demo/faults.ts). For each row:
 * no exception escapes (no unhandled rejection, no window error event, no error boundary
 * firing), the visitor sees what SPEC §8 says (or nothing where it says nothing), typed values
 * survive, and once the fault is cleared a retry (or the next page load, for calls made only
 * on load) works.
 *
 * A 2xx answer with a malformed or empty body is still a 2xx: calls whose answer the widget does
 * not read (sign-up, DOI, renewals, logout) count it as success; calls whose answer it reads
 * treat it as a failure.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, fireEvent, screen } from '@testing-library/preact'
import { createContractServer } from '../../server/handler'
import { DEMO_STAFF_TOKEN } from '../../server/demo/staff'
import { FAULT_HEADER } from '../../server/demo/faults'
import { makeLoginToken } from '../../server/core/routes/login'
import { typeAndLeave } from '../helpers/input'
import { captureConsole } from '../helpers/console'
import { fakeClock } from '../helpers/fake-timers'
import {
  createTestIO,
  createTestWidget,
  recordRequests,
  renderInWidget,
  TEST_ORIGIN,
  useLocale,
  type SentRequest,
} from '../helpers/widget'
import { t } from '../../src/i18n/i18n'
import { NewsletterBlock } from '../../src/newsletter'
import { Footer } from '../../src/footer/footer'
import { ErrorBoundary } from '../../src/base/error-boundary'
import { PreviewPanel } from '../../src/preview/preview-panel'
import { RENEW_INTERVAL_MS } from '../../src/preview/preview.model'
import { CheckResult, createSessionMonitor } from '../../src/session/session-monitor'
import { CHECK_INTERVAL_MS } from '../../src/session/timing'
import { REQUEST_TIMEOUT_MS } from '../../src/api/client'
import type { Site } from '../../src/contract/sites'
import * as C from '../../src/contract/contract'
import { CALLS, paths } from '../../src/contract/contract-calls'

const test = suite('faults')

const FAULTS = ['500', '404', 'malformed', 'empty', 'timeout'] as const
type Fault = (typeof FAULTS)[number]
/** The fault still answers 200: a body the widget cannot read, but a success status. */
const is2xx = (fault: Fault) => fault === 'malformed' || fault === 'empty'

/**
 * Every call of SPEC §7 (src/contract/contract-calls.ts) by its name there, as the part of its path a fault
 * and a count match: the path (under the classic base), or for a call by token what follows the token.
 */
const P = Object.fromEntries(
  Object.entries(CALLS).map(([name, call]) => [name, paths(call)[0].split(':token').at(-1)]),
) as Record<keyof typeof CALLS, string>

/** The requests of every browser below, for the last test. */
const everySent: Request[][] = []

/**
 * A browser talking to one contract server: a fault (set / cleared at any time) on one path,
 * cookies sent with each request, requests recorded, and optionally held until released
 * (so a visitor can type while a call is still out).
 */
function browser(options: { cookie?: string } = {}): Browser {
  const clock = fakeClock(undefined, { runZeroDelays: true })
  const server = createContractServer({ origin: TEST_ORIGIN, now: () => new Date(clock.now()) })
  let fault: string | null = null
  let held: { path: string; released: Promise<void>; release: () => void; done: boolean } | null =
    null
  const inner = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input as RequestInfo, init)
    if (options.cookie) request.headers.set('cookie', options.cookie)
    if (fault) request.headers.set(FAULT_HEADER, fault)
    if (held && new URL(request.url).pathname.includes(held.path)) await held.released
    return server.fetch(request)
  }) as typeof fetch
  const recorded = recordRequests(inner)
  everySent.push(recorded.requests)
  const io = createTestIO({ clock, fetch: recorded.fetch })
  const calls = (path: string) =>
    recorded.requests.filter((r) => new URL(r.url).pathname.includes(path)).length
  /** Requests that will not answer by themselves: held back, or timing out until the clock passes 15 s. */
  const stalled = ({ url }: SentRequest) =>
    (!!held && !held.done && url.includes(held.path)) ||
    (!!fault?.startsWith('timeout@') && url.includes(fault.slice('timeout@'.length)))
  const b = {
    clock,
    server,
    fetch: io.fetch,
    calls,
    /** Runs what the widget has due now and waits for the answers that will come. */
    drain: () => io.drain({ except: stalled }),
    /** Sets the cookie sent with each request from now on. */
    setCookie: (cookie: string) => void (options.cookie = cookie),
    fail: (kind: Fault, path: string) => void (fault = `${kind}@${path}`),
    clear: () => void (fault = null),
    hold(path: string) {
      let release!: () => void
      const released = new Promise<void>((r) => (release = r))
      held = { path, released, release, done: false }
    },
    release() {
      if (held) held.done = true
      held?.release()
    },
  }
  current = b
  return b
}
interface Browser {
  clock: ReturnType<typeof fakeClock>
  server: ReturnType<typeof createContractServer>
  fetch: typeof fetch
  calls: (path: string) => number
  drain: () => Promise<void>
  setCookie: (cookie: string) => void
  fail: (kind: Fault, path: string) => void
  clear: () => void
  hold: (path: string) => void
  release: () => void
}

/** The browser of the running row. */
let current: Browser

/** Runs the staged work, renders and effects due now, and the answers that will come (current's drain). */
const settle = () => current.drain()

/** Delivers the fault: a time-out needs the clock to pass 15 s; the others answer at once. */
async function deliver(b: Browser, fault: Fault) {
  await settle()
  if (fault === 'timeout') await b.clock.advance(REQUEST_TIMEOUT_MS)
  await settle()
}

/**
 * Runs a scenario and fails on anything escaping it: unhandled rejections, errors reaching the
 * window (window.onerror), and error boundaries reporting a render failure. Console output is
 * returned so rows can check what was logged.
 */
async function guarded(fn: () => Promise<void>) {
  const escaped: string[] = []
  const onRejection = (reason: unknown) =>
    void escaped.push(`unhandled rejection: ${String(reason)}`)
  const onError = (event: ErrorEvent) => void escaped.push(`window error: ${event.message}`)
  process.on('unhandledRejection', onRejection)
  window.addEventListener('error', onError)
  try {
    const out = await captureConsole(async () => {
      await fn()
      await settle()
    })
    const crashed = out.errors.filter((e) => /\bE4\b/.test(e))
    assert.equal([...escaped, ...crashed], [])
    return out
  } finally {
    process.off('unhandledRejection', onRejection)
    window.removeEventListener('error', onError)
  }
}

// --- the visitor's view ----------------------------------------------------------------------

const nl = (key: string, params?: Record<string, unknown>) => t(`newsletter.${key}`, params)
const field = (key: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${nl(key)}`) }) as HTMLInputElement
const submit = () =>
  fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${nl('submit')}`) }))

const typeInto = (input: HTMLInputElement, value: string) => typeAndLeave(input, value, settle)

/** The sign-up block of one site on a page (optionally a DOI landing), with the visitor's typed values. */
async function newsletterPage(b: Browser, site: Site = 'AT', pageAddress?: string) {
  const { widget } = createTestWidget({
    config: { site },
    server: b.server,
    clock: b.clock,
    fetch: b.fetch,
  })
  if (pageAddress) widget.pageAddress = pageAddress
  document.body.appendChild(widget.mountElement)
  renderInWidget(<ErrorBoundary name="Newsletter">{<NewsletterBlock />}</ErrorBoundary>, widget)
  await settle()
  field('email')
  return widget
}

async function typeVisitor() {
  await typeInto(field('email'), 'anna@example.com')
  await typeInto(field('firstName'), 'Anna')
}
function assertTyped() {
  assert.is(field('email').value, 'anna@example.com', 'typed email survives')
  assert.is(field('firstName').value, 'Anna', 'typed first name survives')
  assert.is(field('email').disabled, false, 'the form is usable')
}

async function previewPage(b: Browser) {
  const { widget } = createTestWidget({ server: b.server, clock: b.clock, fetch: b.fetch })
  const view = renderInWidget(
    <ErrorBoundary name="Preview panel">{<PreviewPanel now={b.clock.now} />}</ErrorBoundary>,
    widget,
  )
  await settle()
  return view
}
const panelShown = () => screen.queryByRole('region', { name: 'Preview settings' }) !== null
async function openSettings() {
  fireEvent.click(screen.getByRole('button', { name: 'Set preview settings' }))
  await settle()
  screen.getByRole('dialog', { name: 'Set preview settings' })
}
const STAFF = `${C.STAFF_COOKIES[0]}=${DEMO_STAFF_TOKEN}`

/** A login token of b's server due for renewal (issued 11 minutes ago), as the cookie the session monitor reads. */
async function dueToken(b: Browser) {
  return `${C.LOGIN_TOKEN_COOKIE}=${await makeLoginToken(b.server.ctx, 'l1', new Date(b.clock.now() - 11 * 60_000))}`
}

// --- the table ---------------------------------------------------------------------------------

interface Row {
  call: string
  /** What the visitor sees (or what the caller gets) for each fault. */
  outcome: (fault: Fault) => string
  /** Plays the scenario with the fault, checks the outcome, clears the fault and checks the retry. */
  run: (fault: Fault) => Promise<void>
  /** Console output the row expects for a fault (anything else logged as an error fails). */
  logs?: (fault: Fault) => RegExp | null
}

const ROWS: Row[] = [
  {
    call: 'POST /newsletter-subscribers (sign-up)',
    outcome: (f) =>
      is2xx(f)
        ? 'accepted: the success view (the answer is not read)'
        : 'the technical-error banner; typed values stay; a retry succeeds',
    async run(fault) {
      const b = browser()
      await newsletterPage(b)
      await typeVisitor()
      b.fail(fault, P.signUp)
      submit()
      await deliver(b, fault)
      if (is2xx(fault)) {
        await settle()
        screen.getByText(nl('success', { email: 'anna@example.com' }))
        return
      }
      await settle()
      const banner = screen.getByText(nl('errorGeneric'))
      assert.ok(banner.closest('[role=alert]'))
      assertTyped()
      b.clear()
      submit()
      await settle()
      screen.getByText(nl('success', { email: 'anna@example.com' }))
      assert.is(b.calls(P.signUp), 2)
    },
    logs: (f) => (is2xx(f) ? null : /\bW17\b/),
  },
  {
    call: 'GET /customers/base-data (logged-in prefill)',
    outcome: () => 'no prefill; what the visitor typed meanwhile stays; the next load prefills',
    async run(fault) {
      const b = browser()
      document.cookie = `${C.LOGIN_TOKEN_COOKIE}=${await makeLoginToken(b.server.ctx, 'l1')}`
      b.fail(fault, P.baseData)
      b.hold(P.baseData)
      await newsletterPage(b)
      await typeVisitor()
      b.release()
      await deliver(b, fault)
      assertTyped()
      cleanup()
      b.clear()
      await newsletterPage(b)
      await settle()
      screen.getByDisplayValue('anna.schmidt@example.com')
    },
    logs: () => /\bW19\b/,
  },
  {
    call: 'PUT /newsletter-subscribers/{token}/doi (double opt-in landing, after the visitor presses confirm)',
    outcome: (f) =>
      is2xx(f)
        ? 'confirmed (the answer is not read)'
        : f === '404'
          ? 'the invalid-link banner above a usable form'
          : 'the technical-error banner (the link may be fine) and the confirm button again; pressing it later confirms',
    async run(fault) {
      const b = browser()
      const token = await signedUpToken(b)
      b.fail(fault, P.doi)
      const { widget } = createTestWidget({
        config: { site: 'AT' },
        server: b.server,
        clock: b.clock,
        fetch: b.fetch,
      })
      widget.subscriberToken = token
      renderInWidget(<NewsletterBlock />, widget)
      const confirm = async () => {
        await settle()
        return screen.getByRole('button', { name: nl('doiConfirm') })
      }
      fireEvent.click(await confirm())
      await deliver(b, fault)
      if (is2xx(fault)) {
        await settle()
        screen.getByText(nl('confirmed'))
        return
      }
      await settle()
      screen.getByText(nl(fault === '404' ? 'doiInvalid' : 'errorGeneric'))
      assert.is(screen.queryByText(nl(fault === '404' ? 'errorGeneric' : 'doiInvalid')), null)
      if (fault === '404') {
        await settle()
        field('email')
        await typeVisitor()
        assertTyped()
        return
      }
      b.clear()
      fireEvent.click(await confirm())
      await settle()
      screen.getByText(nl('confirmed'))
    },
    logs: (f) => (is2xx(f) || f === '404' ? null : /\bW18\b/),
  },
  {
    call: 'GET psdata (newsletter status)',
    outcome: () => 'the sign-up form shows and works',
    async run(fault) {
      const b = browser()
      b.fail(fault, P.psdata)
      const { widget } = createTestWidget({
        config: { site: 'AT' },
        server: b.server,
        clock: b.clock,
        fetch: b.fetch,
      })
      renderInWidget(<NewsletterBlock />, widget)
      await deliver(b, fault)
      await settle()
      field('email')
      await typeVisitor()
      submit()
      await settle()
      screen.getByText(nl('success', { email: 'anna@example.com' }))
      assert.is(b.calls(P.psdata), 1)
    },
    logs: () => /\bW1[01]\b/,
  },
  {
    call: 'GET SHOP_FOOTER (footer content)',
    outcome: (f) =>
      f === '404'
        ? 'no content sections, nothing logged'
        : 'no content sections, logged; the next load renders them',
    async run(fault) {
      const b = browser()
      b.fail(fault, P.footer)
      const { widget } = createTestWidget({
        config: { site: 'DE', variant: 'reduced' },
        server: b.server,
        clock: b.clock,
        fetch: b.fetch,
      })
      const view = renderInWidget(<ErrorBoundary name="Footer">{<Footer />}</ErrorBoundary>, widget)
      await deliver(b, fault)
      await b.clock.advance(10)
      const footer = view.container.querySelector('footer')!
      assert.ok(footer, 'the footer landmark is there')
      assert.is(footer.querySelectorAll('a, nav, img').length, 0, 'no half-built section')
      cleanup()
      b.clear()
      const recovered = createTestWidget({
        config: { site: 'DE', variant: 'reduced' },
        server: b.server,
        clock: b.clock,
        fetch: b.fetch,
      })
      const again = renderInWidget(<Footer />, recovered.widget)
      await recovered.drain()
      assert.ok(again.container.querySelector('.lf-bottom nav a'), 'legal links after recovery')
    },
    logs: (f) => (f === '404' ? null : /\b(E5|W1[234])\b/),
  },
  {
    call: 'GET preview checkauth',
    outcome: () => 'no panel; the next load shows it',
    async run(fault) {
      const b = browser({ cookie: STAFF })
      b.fail(fault, P.checkauth)
      const view = await previewPage(b)
      await deliver(b, fault)
      assert.is(view.container.innerHTML, '')
      assert.is(b.calls(P.renew), 0)
      cleanup()
      b.clear()
      await previewPage(b)
      await settle()
      assert.ok(panelShown())
    },
    logs: () => /\bW2[12]\b/,
  },
  {
    call: 'GET preview login/renew',
    outcome: () => 'the panel stays; the renewal 5 minutes later succeeds',
    async run(fault) {
      const b = browser({ cookie: STAFF })
      b.fail(fault, P.renew)
      await previewPage(b)
      await settle()
      assert.ok(panelShown())
      await deliver(b, fault)
      assert.ok(panelShown())
      b.clear()
      await b.clock.advance(RENEW_INTERVAL_MS)
      await settle()
      assert.ok(panelShown())
      assert.is(b.calls(P.renew), 2)
    },
    logs: (f) => (is2xx(f) ? null : /\bW20\b/),
  },
  {
    call: 'GET preview logout',
    outcome: () => 'the panel hides anyway',
    async run(fault) {
      const b = browser({ cookie: STAFF })
      await previewPage(b)
      await settle()
      assert.ok(panelShown())
      await openSettings()
      b.fail(fault, P.logout)
      fireEvent.click(screen.getByRole('button', { name: 'Logout' }))
      await deliver(b, fault)
      await settle()
      assert.not.ok(panelShown())
    },
    logs: (f) => (is2xx(f) ? null : /\bW23\b/),
  },
  {
    call: 'POST preview token (apply)',
    outcome: () => "'Applying settings failed.'; a second Apply succeeds",
    async run(fault) {
      const b = browser({ cookie: STAFF })
      await previewPage(b)
      await settle()
      assert.ok(panelShown())
      await openSettings()
      await settle()
      screen.getByText('Active tests found.')
      const date = screen.getByRole('textbox', { name: 'Date' }) as HTMLInputElement
      const time = screen.getByRole('textbox', { name: 'Time' }) as HTMLInputElement
      fireEvent.input(date, { target: { value: '2026-12-01' } })
      fireEvent.input(time, { target: { value: '10:30' } })
      await settle()
      screen.getByText('Active tests found.')
      b.fail(fault, P.token)
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
      await deliver(b, fault)
      await settle()
      const failed = screen.getByText('Applying settings failed.')
      assert.ok(failed.closest('[role=alert]'))
      assert.is(date.value, '2026-12-01', 'typed date survives')
      assert.is(time.value, '10:30', 'typed time survives')
      b.clear()
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
      await settle()
      screen.getByText('Settings applied successfully.')
    },
    logs: (f) => (is2xx(f) ? null : /\bW26\b/),
  },
  {
    call: 'GET gettestsat (A/B tests)',
    outcome: () => "'Failed to fetch AB tests.' and only None; another date loads them",
    async run(fault) {
      const b = browser({ cookie: STAFF })
      await previewPage(b)
      await settle()
      assert.ok(panelShown())
      b.fail(fault, P.tests)
      await openSettings()
      await deliver(b, fault)
      await settle()
      screen.getByText('Failed to fetch AB tests.')
      const select = screen.getByRole('combobox', { name: 'Name' }) as HTMLSelectElement
      assert.equal(
        [...select.options].map((o) => o.textContent),
        ['None'],
      )
      b.clear()
      fireEvent.input(screen.getByRole('textbox', { name: 'Date' }), {
        target: { value: '2026-12-01' },
      })
      await settle()
      screen.getByText('Active tests found.')
    },
    logs: () => /\bW2[45]\b/,
  },
  {
    call: 'GET getassignment',
    outcome: () => 'ignored: the panel shows as usual',
    async run(fault) {
      const b = browser({ cookie: STAFF })
      b.fail(fault, P.assignment)
      await previewPage(b)
      await deliver(b, fault)
      await settle()
      assert.ok(panelShown())
      assert.is(b.calls(P.assignment), 1)
    },
  },
  {
    call: 'POST logintoken/renew (session monitor)',
    outcome: (f) =>
      is2xx(f)
        ? 'a 200 is result 1 (valid, stop)'
        : 'result 2 (server error), retried 3 minutes later: renewed',
    async run(fault) {
      const b = browser()
      const cookie = await dueToken(b)
      b.setCookie(cookie)
      b.fail(fault, P.loginRenew)
      const results: CheckResult[] = []
      const doc = fakeDoc(cookie)
      const monitor = createSessionMonitor({
        document: doc as unknown as Document,
        fetch: b.fetch,
        timers: b.clock,
        origin: TEST_ORIGIN,
        now: b.clock.now,
        onResult: (r) => results.push(r),
      })
      await deliver(b, fault)
      if (is2xx(fault)) {
        assert.equal(results, [CheckResult.OK])
        return
      }
      assert.equal(results, [CheckResult.SERVER_ERROR])
      b.clear()
      doc.active()
      await b.clock.advance(CHECK_INTERVAL_MS)
      await settle()
      assert.equal(results, [CheckResult.SERVER_ERROR, CheckResult.RENEWED])
      monitor.stop()
    },
  },
  {
    call: 'POST longtermtoken/renew',
    outcome: () => 'ignored: the renewal counts, the monitor goes on',
    async run(fault) {
      const b = browser()
      const cookie = await dueToken(b)
      b.setCookie(cookie)
      b.fail(fault, P.longterm)
      const results: CheckResult[] = []
      const monitor = createSessionMonitor({
        document: fakeDoc(cookie) as unknown as Document,
        fetch: b.fetch,
        timers: b.clock,
        origin: TEST_ORIGIN,
        now: b.clock.now,
        onResult: (r) => results.push(r),
      })
      await deliver(b, fault)
      assert.equal(results, [CheckResult.RENEWED])
      assert.is(monitor.state(), 'SCHEDULED')
      assert.is(b.calls(P.longterm), 1)
      monitor.stop()
    },
  },
]

/** A document stand-in for the session monitor: the cookie, a visible tab, and activity to fire. */
/** A document stand-in whose members live on its prototype, as a document's do (src/dom.ts). */
class FakeDoc {
  #listeners: Record<string, () => void> = {}
  #cookie: string
  constructor(cookie: string) {
    this.#cookie = cookie
  }
  get cookie() {
    return this.#cookie
  }
  get hidden() {
    return false
  }
  addEventListener(type: string, fn: () => void) {
    this.#listeners[type] = fn
  }
  removeEventListener() {}
  /** The visitor presses a key. */
  active() {
    this.#listeners.keydown?.()
  }
}
const fakeDoc = (cookie: string) => new FakeDoc(cookie)

async function signedUpToken(b: Browser) {
  await b.server.fetch(`${TEST_ORIGIN}${P.signUp}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [C.SITE_HEADER]: 'AT',
      [C.ORIGINAL_ADDRESS_HEADER]: `${TEST_ORIGIN}/at/`,
    },
    body: JSON.stringify({ email: 'anna@example.com', consents: [], origin: 'footer' }),
  })
  const [mail] = (await (await b.server.fetch('/_mail/outbox.json')).json()) as { link: string }[]
  return new URL(mail.link).searchParams.get(C.SUBSCRIBER_TOKEN_PARAM)!
}

test.before(() => useLocale('de-AT'))
test.after.each(() => {
  cleanup()
  document.body.innerHTML = ''
  document.cookie = `${C.LOGIN_TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`
})

for (const row of ROWS) {
  for (const fault of FAULTS) {
    test(`${row.call} answering ${fault}: ${row.outcome(fault)}`, async () => {
      const { errors, warnings } = await guarded(() => row.run(fault))
      const expected = row.logs?.(fault)
      const unexpected = errors.filter((e) => !expected?.test(e))
      assert.equal(unexpected, [], 'no unexpected console errors')
      if (expected)
        assert.ok(
          [...warnings, ...errors].some((line) => expected.test(line)),
          `logged ${expected}`,
        )
    })
  }
}

test('every request the widget sent above is a call of SPEC §7 (src/contract/contract-calls.ts): its method, path and headers', () => {
  const calls = Object.entries(CALLS).flatMap(([name, call]) =>
    paths(call).map((path) => ({
      name,
      call,
      pattern: new RegExp(`^${path.replace(':token', '[\\w-]+')}$`),
    })),
  )
  const named = new Set<string>()
  for (const request of everySent.flat()) {
    const { pathname } = new URL(request.url)
    const found = calls.find((c) => c.call.method === request.method && c.pattern.test(pathname))
    assert.ok(found, `${request.method} ${pathname} is a call of the table`)
    const missing = found.call.headers.filter((header) => !request.headers.has(header))
    assert.equal(missing, [], `${found.name}: headers`)
    named.add(found.name)
  }
  // The calls the widget does not make: reading and correcting a sign-up by token, the
  // server-rendered footer (the host page's server asks for it), logging in.
  assert.equal(
    Object.keys(CALLS).filter((name) => !named.has(name)),
    ['lookup', 'update', 'footerFragment', 'login'],
  )
})

test.run()
