/**
 * Login calls of SPEC §7. Demo account: demo@lumora.example / lumora-demo.
 * Tokens are unsigned JWT-like strings carrying exp, ren and lid (seconds), as the widget's
 * session monitor reads them from the LoginToken cookie.
 */
import { is } from 'superstruct'
import { cookies, empty, json, readJson, setCookie } from '../http.ts'
import { LoginRequestSchema } from '../../../src/session/login.schema.ts'
import { route, type Route } from '../router.ts'
import type { ServerContext } from '../context.ts'

export const DEMO_ACCOUNT = { email: 'demo@lumora.example', password: 'lumora-demo' }
/** A login token lives 30 minutes and may be renewed after 10. */
export const TOKEN_LIFETIME_S = 30 * 60
export const TOKEN_RENEW_AFTER_S = 10 * 60

export function makeLoginToken(ctx: ServerContext, loginId: string): string {
  const now = Math.floor(ctx.now().getTime() / 1000)
  const payload = { exp: now + TOKEN_LIFETIME_S, ren: now + TOKEN_RENEW_AFTER_S, lid: loginId }
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`
}

function readToken(token: string | undefined): { exp: number; ren: number; lid: string } | null {
  try {
    return JSON.parse(Buffer.from(token!.split('.')[1], 'base64url').toString('utf8'))
  } catch {
    return null
  }
}

export function loginRoutes(): Route[] {
  return [
    route('POST', '/service/login/api/v1/login', async ({ request, ctx }) => {
      if (!request.headers.get('x-hunter-csrf')) return empty(403)
      const body = await readJson(request)
      if (!is(body, LoginRequestSchema)) return json({ status: 'BAD_REQUEST' }, 400)
      if (body.email !== DEMO_ACCOUNT.email || body.password !== DEMO_ACCOUNT.password) return json({ status: 'UNAUTHORIZED' }, 401)
      const token = makeLoginToken(ctx, 'demo-login')
      return json({ status: 'SUCCESS' }, 200, { 'set-cookie': setCookie('LoginToken', token, TOKEN_LIFETIME_S) })
    }),
    route('POST', '/service/login/api/v1/logintoken/renew', ({ request, ctx }) => {
      const token = readToken(cookies(request).LoginToken)
      if (!token) return empty(401)
      const now = ctx.now().getTime() / 1000
      if (token.exp <= now) return empty(401)
      if (token.ren > now) return empty(200)
      return empty(201, { 'set-cookie': setCookie('LoginToken', makeLoginToken(ctx, token.lid), TOKEN_LIFETIME_S) })
    }),
    route('POST', '/service/login/api/v1/longtermtoken/renew', ({ request }) => (cookies(request).LongtermToken ? empty(201) : empty(401))),
  ]
}
