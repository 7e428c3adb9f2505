/**
 * Login (SPEC §7, §8): POST /service/login/api/v1/login with a JSON body and the X-hunter-csrf
 * header. 200 is SUCCESS, 401 UNAUTHORIZED, any other status or no answer SERVICE_UNAVAILABLE.
 * The body follows LoginRequestSchema (login.schema.ts), which the contract server checks too;
 * redaxios sends an object body as JSON with its Content-Type. The server sets the LoginToken
 * cookie on success; the widget stores nothing itself.
 */
import { createApiClient, type Timers } from '../api/client'
import { CSRF_HEADERS } from '../api/psdata'
import { LOGIN_API, LOGIN_PATH } from '../contract'
import type { LoginOutcome, LoginRequest } from './login.schema'

export interface LoginClientDeps {
  origin: string
  fetch: typeof fetch
  timers: Timers
}

export function createLoginClient(deps: LoginClientDeps) {
  const api = createApiClient({
    baseURL: deps.origin + LOGIN_API,
    fetch: deps.fetch,
    timers: deps.timers,
    withCredentials: true,
    headers: CSRF_HEADERS,
  })
  return {
    async login(request: LoginRequest): Promise<LoginOutcome> {
      try {
        const { status } = await api.post(LOGIN_PATH, request)
        return status === 200 ? 'SUCCESS' : 'SERVICE_UNAVAILABLE'
      } catch (error) {
        return (error as { status?: number }).status === 401
          ? 'UNAUTHORIZED'
          : 'SERVICE_UNAVAILABLE'
      }
    },
  }
}
