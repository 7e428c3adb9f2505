/**
 * HTTP client factory on redaxios (SPEC §7): base path, 15 s time-out, site headers,
 * and errors mapped to ResponseError / FetchError. `fetch` and the timers are injected: the
 * widget's own (base/widget-context.tsx), or in tests the contract server's in-process handler
 * and a fake clock.
 * No cookie ever becomes a header: the build removes redaxios' XSRF step, which copies the cookie
 * named by `xsrfCookieName` (unset: a cookie named "undefined") into a header named by
 * `xsrfHeaderName` ("undefined") on every request (build/product/library-patches.ts).
 * Nothing a request carries comes from Object.prototype, which a host page's legacy query parser
 * may have written (`?__proto__[baseURL]=…`): the client builds absolute addresses itself, reads
 * options and hands configs, headers and fetch's init on as own properties of objects without a
 * prototype (`own`), and the build makes redaxios' merge build such objects too.
 */
import redaxios from 'redaxios'
import { FetchError, ResponseError } from './errors'
import type { Site } from '../contract/sites'
import {
  NEWSLETTER_API,
  NEWSLETTER_SPA_API,
  ORIGINAL_ADDRESS_HEADER,
  SITE_HEADER,
} from '../contract/contract'

export const REQUEST_TIMEOUT_MS = 15000

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(id: unknown): void
}

export interface ApiClientOptions {
  baseURL: string
  fetch: typeof fetch
  timers: Timers
  headers?: Record<string, string>
  /** Send cookies (credentials: include). */
  withCredentials?: boolean
  /** Fetch cache mode, e.g. 'no-store' for calls that must never be cached. */
  cache?: RequestCache
  /** Authentication the generated API client also supported (SPEC §7). */
  auth?: {
    apiKey?: { header: string; value: string }
    accessToken?: string
    basic?: { username: string; password: string }
  }
}

interface ApiResponse<T> {
  status: number
  data: T
}

export interface ApiClient {
  get<T>(path: string, options?: CallOptions): Promise<ApiResponse<T>>
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<ApiResponse<T>>
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<ApiResponse<T>>
}

interface CallOptions {
  headers?: Record<string, string>
  params?: Record<string, string>
}

/** SPEC §7: current origin plus service/newsletter/api/internal, or .../private in a single-page app. */
export function newsletterBasePath(origin: string, spa: boolean): string {
  return origin + (spa ? NEWSLETTER_SPA_API : NEWSLETTER_API)
}

/**
 * The optional headers SPEC §7 names for the newsletter calls. The page address goes as origin
 * and path only: its query and fragment can carry tokens, e-mail addresses and session ids, and
 * the server needs only where to send the visitor back (the confirmation link).
 */
export function siteHeaders(site: Site, pageAddress: string): Record<string, string> {
  const page = new URL(pageAddress)
  return { [SITE_HEADER]: site, [ORIGINAL_ADDRESS_HEADER]: page.origin + page.pathname }
}

/** `value`'s own properties on an object without a prototype: what is not its own reads undefined. */
const own = <T extends object>(value?: T): T => Object.assign(Object.create(null), value)

/** Wraps fetch with an abortable time-out and maps network failures to FetchError. */
function timedFetch(
  fetchImpl: typeof fetch,
  timeoutMs: number,
  timers: Timers,
  cache: RequestCache | undefined,
): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const controller = typeof AbortController === 'function' ? new AbortController() : undefined
      let done = false
      const timer = timers.setTimeout(() => {
        if (done) return
        done = true
        controller?.abort()
        reject(new FetchError(true))
      }, timeoutMs)
      const settle = (fn: () => void) => {
        if (done) return
        done = true
        timers.clearTimeout(timer)
        fn()
      }
      Promise.resolve()
        .then(() =>
          fetchImpl(
            input,
            // An unset cache mode is an undefined member, which fetch reads as absent.
            own({ ...init, signal: controller?.signal, cache }),
          ),
        )
        .then(
          (response) => settle(() => resolve(response)),
          (error: unknown) => settle(() => reject(new FetchError(false, error))),
        )
    })
}

function authHeaders(given: ApiClientOptions['auth']): Record<string, string> {
  const auth = own(given)
  const headers: Record<string, string> = {}
  if (auth.apiKey) headers[auth.apiKey.header] = auth.apiKey.value
  if (auth.accessToken) headers.Authorization = `Bearer ${auth.accessToken}`
  else if (auth.basic)
    headers.Authorization = `Basic ${btoa(`${auth.basic.username}:${auth.basic.password}`)}`
  return headers
}

export function createApiClient(given: ApiClientOptions): ApiClient {
  const options = own(given)
  const http = redaxios.create(
    own({
      headers: own({
        Accept: 'application/json',
        ...authHeaders(options.auth),
        // A spread copies own properties only.
        ...options.headers,
      }),
      withCredentials: options.withCredentials,
      fetch: timedFetch(options.fetch, REQUEST_TIMEOUT_MS, options.timers, options.cache),
    }),
  )

  async function send<T>(
    method: 'get' | 'post' | 'put',
    path: string,
    body: unknown,
    given?: CallOptions,
  ) {
    try {
      const call = own(given)
      // Only set keys: redaxios would let an undefined `headers` replace the default headers.
      const config: Record<string, unknown> = own({ method, data: body })
      if (call.headers) config.headers = own(call.headers)
      // URLSearchParams reads a record's own properties only.
      if (call.params) config.params = call.params
      // An absolute address: redaxios then applies no baseURL, whatever its config holds.
      const response = await http<T>(options.baseURL + path, config)
      return { status: response.status, data: response.data }
    } catch (error) {
      if (error instanceof FetchError) throw error
      const answer = error as { status?: unknown; data?: unknown }
      if (typeof answer?.status === 'number') throw new ResponseError(answer.status, answer.data)
      throw new FetchError(false, error)
    }
  }

  return {
    get: (path, call) => send('get', path, undefined, call),
    post: (path, body, call) => send('post', path, body, call),
    put: (path, body, call) => send('put', path, body, call),
  }
}
