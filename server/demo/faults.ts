/**
 * Faults on demand, for tests and manual checks. A fault comes from the request header
 * `X-Fault` or the cookie `lf-fault` (set on the /_fault page), so parallel browser
 * tests never see each other's faults. Only the calls of SPEC §7 (src/contract/contract-calls.ts) are
 * affected, and only for requests the demo serves (guard.ts).
 *
 *   X-Fault: 500                      every API call answers 500
 *   X-Fault: 404@/newsletter-subscribers   only paths containing that text
 *   kinds: 404 | 500 | <any status> | malformed (invalid JSON) | empty (200, no body)
 *          | timeout (no answer for hangMs) | delay=<ms> (answers normally, late)
 *   several faults: comma-separated; the first whose path matches wins.
 */
import { CALLS, paths } from '../../src/contract/contract-calls.ts'
import { cookies, empty, escapeHtml, readForm, setCookie } from '../core/http.ts'
import { matchRoute, route, type Middleware, type Route } from '../core/router.ts'
import type { DemoGuard } from './guard.ts'
import { toolPage } from './tool-page.ts'

export const FAULT_HEADER = 'x-fault'
const FAULT_COOKIE = 'lf-fault'

interface Fault {
  kind: string
  path: string
}

function parseFaults(value: string | null | undefined): Fault[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [kind, path = ''] = part.split('@')
      return { kind: kind.trim(), path: path.trim() }
    })
}

/** The calls a fault can hit, as routes to match a request against. */
const CALL_ROUTES: Route[] = Object.values(CALLS).flatMap((call) =>
  paths(call).map((path) => route(call.method, path, () => empty(404))),
)

function faultFor(request: Request, pathname: string): Fault | undefined {
  if (!matchRoute(CALL_ROUTES, request.method, pathname)) return undefined
  const faults = [
    ...parseFaults(request.headers.get(FAULT_HEADER)),
    ...parseFaults(cookies(request)[FAULT_COOKIE]),
  ]
  return faults.find((f) => pathname.includes(f.path))
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const id = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(id)
      resolve()
    })
  })

/** Applies a fault: returns the faulty response, or null to let the real handler answer (after a delay). */
async function applyFault(
  fault: Fault,
  request: Request,
  hangMs: number,
): Promise<Response | null> {
  if (fault.kind.startsWith('delay=')) {
    await sleep(Number(fault.kind.slice('delay='.length)) || 0, request.signal)
    return null
  }
  switch (fault.kind) {
    case 'timeout':
      await sleep(hangMs, request.signal)
      return empty(504)
    case 'malformed':
      return new Response('{"this is": not json', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    case 'empty':
      return empty(200)
    default: {
      const status = Number(fault.kind)
      return status >= 200 && status <= 599
        ? new Response(JSON.stringify({ type: 'urn:fault', status }), {
            status,
            headers: { 'content-type': 'application/json' },
          })
        : null
    }
  }
}

/**
 * The fault hook, for requests the demo serves; a "timeout" fault waits `hangMs` before
 * answering 504.
 */
export function faultHook(guard: DemoGuard, hangMs: number): Middleware {
  return async ({ request, url, client }, next) => {
    const fault = guard.serves(request, client) ? faultFor(request, url.pathname) : undefined
    return (fault && (await applyFault(fault, request, hangMs))) ?? next()
  }
}

/** The /_fault page and its form posts. */
export function faultRoutes(guard: DemoGuard): Route[] {
  return [
    guard.tool('GET', '/_fault', ({ request }) => faultPage(request)),
    guard.tool('POST', '/_fault', ({ request }) => faultControl(request)),
  ]
}

/** The /_fault page: shows this browser's fault and sets or clears it by form post (a GET changes nothing). */
function faultPage(request: Request): Response {
  return faultAnswer(cookies(request)[FAULT_COOKIE] ?? '')
}

/** POST /_fault with set=500@/newsletter-subscribers sets the fault cookie; with clear (or an empty set) removes it. */
async function faultControl(request: Request): Promise<Response> {
  const form = await readForm(request)
  const set = form.has('clear') ? '' : (form.get('set') ?? '').trim()
  return faultAnswer(
    set,
    set ? setCookie(FAULT_COOKIE, set) : setCookie(FAULT_COOKIE, '', { maxAgeSeconds: 0 }),
  )
}

function faultAnswer(fault: string, cookie?: string): Response {
  const now = fault
    ? `<p>Fault set for this browser: <code>${escapeHtml(fault)}</code>.</p>`
    : '<p>No fault set for this browser.</p>'
  const forms = `<form method="post" action="/_fault"><label>Fault <input name="set" value="${escapeHtml(fault || '500')}"></label> <button type="submit">Set fault</button></form><form method="post" action="/_fault"><input type="hidden" name="clear" value="1"><button type="submit">Clear faults</button></form>`
  return toolPage(
    'Faults',
    `<h1>Faults</h1>${now}${forms}<p><a href="/">Back to the demo</a></p>`,
    cookie ? { 'set-cookie': cookie } : {},
  )
}
