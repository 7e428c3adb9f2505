/**
 * Keeps a logged-in visitor's login token fresh (SPEC §4 Session monitor, §7, §9). It ships in the
 * logged-in visitor's file (src/login.lazy.ts), loaded once a LoginToken cookie exists (index.ts);
 * it reads the LoginToken cookie and asks the server to renew the token when due; the server sets
 * the new cookie, the widget never writes cookies.
 *
 * Check results (SPEC §4): 0 renewed (201), 1 ok (200), 2 server error, 3 unknown or no token,
 * 4 not yet due, 5 expired. Times compare in whole seconds (exp and ren are seconds).
 *
 * The spec's lines pull against each other: "stops on 3 (no token)" and "without a token it
 * polls every 10 seconds". Resolved as follows: before a token has been seen the monitor only
 * waits for one (a cookie read every 10 s, no request, no result); once a token exists, a check
 * that finds none (logout, or the server does not know it) is result 3 and ends the monitor.
 *
 *   state       timer        event                          -> next
 *   WAITING     10 s poll    poll finds a LoginToken cookie  -> CHECKING
 *                            poll finds none                 -> WAITING (next poll in 10 s)
 *   SCHEDULED   3 min        tick, visitor active since the last check -> CHECKING
 *                            tick, visitor idle              -> IDLE
 *   IDLE        none         visitor activity (mousedown, keydown, touchstart, scroll) -> CHECKING
 *   CHECKING    (request)    result 0, 2 or 4                -> SCHEDULED (2: retried next tick)
 *                            result 1, 3 or 5                -> STOPPED
 *   any of the above but STOPPED:
 *                            tab hidden                      -> PAUSED (timer cleared; a check in
 *                                                               flight finishes, then pauses)
 *   PAUSED      none         tab visible                     -> CHECKING if a token was seen
 *                                                               (time passed), else WAITING's poll
 *   STOPPED     none         terminal: timers cleared, listeners removed
 *
 * Start: a hidden tab starts PAUSED; a LoginToken cookie starts CHECKING at once; else WAITING.
 * Renewal: POST logintoken/renew with an empty body: 201 -> 0, 200 -> 1, 401/403 -> 3 (the
 * server does not know the token), anything else or no answer -> 2. After a renewal (0),
 * POST longtermtoken/renew too, its errors ignored.
 */
import { createApiClient, type Timers } from '../api/client'
import { readCookie } from '../cookies'
import { fromDocument } from '../dom'
import { decodeLoginToken, LOGIN_TOKEN_COOKIE } from '../contract/login-token'
import { LOGIN_API, LOGIN_TOKEN_RENEW_PATH, LONG_TERM_TOKEN_RENEW_PATH } from '../contract/contract'
import { CHECK_INTERVAL_MS, TOKEN_POLL_MS } from './timing'

/** An enum so esbuild inlines the numbers: the main bundle carries no lookup object. */
export enum CheckResult {
  RENEWED = 0,
  OK = 1,
  SERVER_ERROR = 2,
  NO_TOKEN = 3,
  NOT_DUE = 4,
  EXPIRED = 5,
}

type MonitorState = 'WAITING' | 'SCHEDULED' | 'IDLE' | 'CHECKING' | 'PAUSED' | 'STOPPED'

export interface SessionMonitorDeps {
  document: Document
  fetch: typeof fetch
  timers: Timers
  origin: string
  /** Milliseconds since the epoch. */
  now: () => number
  /** Each check's result, for tests and debugging. */
  onResult?: (result: CheckResult) => void
}

export interface SessionMonitor {
  state(): MonitorState
  stop(): void
}

const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'touchstart', 'scroll']

export function createSessionMonitor(deps: SessionMonitorDeps): SessionMonitor {
  const { document: doc, timers } = deps
  const api = createApiClient({
    baseURL: deps.origin + LOGIN_API,
    fetch: deps.fetch,
    timers,
    withCredentials: true,
  })
  let state: MonitorState = 'WAITING'
  let timer: unknown
  let seenToken = false
  let active = true

  const hidden = () => fromDocument(doc, 'hidden')
  // Host markup can shadow the document's methods by name (src/dom.ts).
  const listen = fromDocument(doc, 'addEventListener')
  const unlisten = fromDocument(doc, 'removeEventListener')
  const wait = (next: MonitorState, ms: number, fn: () => void) => {
    state = next
    timer = timers.setTimeout(fn, ms)
  }

  function poll(): void {
    if (readCookie(doc, LOGIN_TOKEN_COOKIE)) void check()
    else wait('WAITING', TOKEN_POLL_MS, poll)
  }

  function tick(): void {
    if (active) void check()
    else state = 'IDLE'
  }

  async function renew(): Promise<CheckResult> {
    try {
      const { status } = await api.post(LOGIN_TOKEN_RENEW_PATH)
      if (status !== 201) return status === 200 ? CheckResult.OK : CheckResult.SERVER_ERROR
      api.post(LONG_TERM_TOKEN_RENEW_PATH).catch(() => {})
      return CheckResult.RENEWED
    } catch (error) {
      const status = (error as { status?: number }).status
      return status === 401 || status === 403 ? CheckResult.NO_TOKEN : CheckResult.SERVER_ERROR
    }
  }

  async function check(): Promise<void> {
    state = 'CHECKING'
    seenToken = true
    active = false
    const raw = readCookie(doc, LOGIN_TOKEN_COOKIE)
    const token = raw ? decodeLoginToken(raw) : null
    const now = Math.floor(deps.now() / 1000)
    const result = !token
      ? CheckResult.NO_TOKEN
      : token.exp <= now
        ? CheckResult.EXPIRED
        : token.ren > now
          ? CheckResult.NOT_DUE
          : await renew()
    if (state !== 'CHECKING') return // stopped (or paused) while the request ran
    deps.onResult?.(result)
    if (
      result === CheckResult.OK ||
      result === CheckResult.NO_TOKEN ||
      result === CheckResult.EXPIRED
    )
      stop()
    else if (hidden()) state = 'PAUSED'
    else wait('SCHEDULED', CHECK_INTERVAL_MS, tick)
  }

  function onActivity(): void {
    active = true
    if (state === 'IDLE') void check()
  }

  function onVisibility(): void {
    if (state === 'STOPPED') return
    if (hidden()) {
      timers.clearTimeout(timer)
      // A check in flight finishes and then sees the hidden tab itself.
      if (state !== 'CHECKING') state = 'PAUSED'
    } else if (state === 'PAUSED') {
      if (seenToken) void check()
      else poll()
    }
  }

  function stop(): void {
    state = 'STOPPED'
    timers.clearTimeout(timer)
    unlisten.call(doc, 'visibilitychange', onVisibility)
    for (const type of ACTIVITY_EVENTS) unlisten.call(doc, type, onActivity, true)
  }

  listen.call(doc, 'visibilitychange', onVisibility)
  for (const type of ACTIVITY_EVENTS)
    listen.call(doc, type, onActivity, { capture: true, passive: true })
  if (hidden()) state = 'PAUSED'
  else poll()

  return { state: () => state, stop }
}
