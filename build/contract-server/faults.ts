/**
 * Faults on demand, for tests and manual checks. A fault comes from the request header
 * `X-Fault` or the cookie `lf-fault` (set by visiting /_fault?set=...), so parallel browser
 * tests never see each other's faults. Only API calls (/service/...) are affected.
 *
 *   X-Fault: 500                      every API call answers 500
 *   X-Fault: 404@/newsletter-subscribers   only paths containing that text
 *   kinds: 404 | 500 | <any status> | malformed (invalid JSON) | empty (200, no body)
 *          | timeout (no answer for hangMs) | delay=<ms> (answers normally, late)
 *   several faults: comma-separated; the first whose path matches wins.
 */
import { cookies, empty, html, setCookie } from './http.ts'
import type { ServerContext } from './context.ts'

export const FAULT_HEADER = 'x-fault'
export const FAULT_COOKIE = 'lf-fault'

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

export function faultFor(request: Request, pathname: string): Fault | undefined {
  if (!pathname.startsWith('/service/')) return undefined
  const faults = [...parseFaults(request.headers.get(FAULT_HEADER)), ...parseFaults(cookies(request)[FAULT_COOKIE])]
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
export async function applyFault(fault: Fault, request: Request, ctx: ServerContext): Promise<Response | null> {
  if (fault.kind.startsWith('delay=')) {
    await sleep(Number(fault.kind.slice('delay='.length)) || 0, request.signal)
    return null
  }
  switch (fault.kind) {
    case 'timeout':
      await sleep(ctx.hangMs, request.signal)
      return empty(504)
    case 'malformed':
      return new Response('{"this is": not json', { status: 200, headers: { 'content-type': 'application/json' } })
    case 'empty':
      return empty(200)
    default: {
      const status = Number(fault.kind)
      return status >= 200 && status <= 599 ? new Response(JSON.stringify({ type: 'urn:fault', status }), { status, headers: { 'content-type': 'application/json' } }) : null
    }
  }
}

/** GET /_fault?set=500@/newsletter-subscribers sets the fault cookie; /_fault?clear removes it. */
export function faultControl(url: URL): Response {
  const set = url.searchParams.get('set')
  const cookie = set ? setCookie(FAULT_COOKIE, set) : setCookie(FAULT_COOKIE, '', 0)
  return html(`<!doctype html><meta charset="utf-8"><title>Faults</title><p>Fault ${set ? `set: <code>${set.replace(/[<>&"]/g, '')}</code>` : 'cleared'}.</p><p><a href="/">Back to the demo</a></p>`, 200, { 'set-cookie': cookie })
}
