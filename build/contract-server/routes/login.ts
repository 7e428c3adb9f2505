/**
 * Login calls of SPEC §7. Demo account: demo@lumora.example / lumora-demo.
 * Tokens are JWTs signed with HMAC-SHA256 (HS256) under a secret drawn anew at every start:
 * header.payload.signature, the payload readable (exp, ren and lid, in seconds) because the
 * widget's session monitor reads it from the LoginToken cookie. The server trusts a token only
 * when its header says HS256 and the signature over header and payload is its own; anything
 * else (alg "none", an altered payload, another server's token) is no token.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { is, validate } from 'superstruct'
import { cookies, empty, json, readJson, setCookie } from '../http.ts'
import { LoginRequestSchema } from '../../../src/session/login.schema.ts'
import {
  CSRF_HEADER,
  LOGIN_API,
  LOGIN_PATH,
  LOGIN_TOKEN_RENEW_PATH,
  LONG_TERM_TOKEN_RENEW_PATH,
} from '../../../src/contract.ts'
import {
  LoginTokenSchema,
  LOGIN_TOKEN_COOKIE,
  type LoginToken,
} from '../../../src/session/login-token.ts'
import { route, type Route } from '../router.ts'
import { featureState, type ServerContext } from '../context.ts'

export const DEMO_ACCOUNT = { email: 'demo@lumora.example', password: 'lumora-demo' }
/** A login token lives 30 minutes and may be renewed after 10. */
export const TOKEN_LIFETIME_S = 30 * 60
export const TOKEN_RENEW_AFTER_S = 10 * 60

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')

/** The signing secret of this server instance: a restart ends every login. */
const secret = (ctx: ServerContext) => featureState(ctx, 'login', () => randomBytes(32))

const sign = (ctx: ServerContext, signed: string) =>
  createHmac('sha256', secret(ctx)).update(signed).digest('base64url')

/** A token for a login, issued now (or at `issuedAt`, for tests that need one already due). */
export function makeLoginToken(ctx: ServerContext, loginId: string, issuedAt = ctx.now()): string {
  const now = Math.floor(issuedAt.getTime() / 1000)
  const payload = Buffer.from(
    JSON.stringify({ exp: now + TOKEN_LIFETIME_S, ren: now + TOKEN_RENEW_AFTER_S, lid: loginId }),
  ).toString('base64url')
  return `${HEADER}.${payload}.${sign(ctx, `${HEADER}.${payload}`)}`
}

/** The claims of a token this server signed and that has not expired; null for anything else. */
export function verifyLoginToken(
  ctx: ServerContext,
  token: string | null | undefined,
): LoginToken | null {
  const parts = (token ?? '').split('.')
  if (parts.length !== 3) return null
  const [header, payload, signature] = parts
  // The header is compared as the exact text this server writes: no other algorithm is ever considered.
  if (header !== HEADER) return null
  const expected = Buffer.from(sign(ctx, `${header}.${payload}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  const [error, valid] = validate(claims, LoginTokenSchema)
  return !error && valid.exp > ctx.now().getTime() / 1000 ? valid : null
}

export function loginRoutes(): Route[] {
  return [
    route('POST', LOGIN_API + LOGIN_PATH, async ({ request, ctx }) => {
      if (!request.headers.get(CSRF_HEADER)) return empty(403)
      const body = await readJson(request)
      if (!is(body, LoginRequestSchema)) return json({ status: 'BAD_REQUEST' }, 400)
      if (body.email !== DEMO_ACCOUNT.email || body.password !== DEMO_ACCOUNT.password)
        return json({ status: 'UNAUTHORIZED' }, 401)
      const token = makeLoginToken(ctx, `login-${ctx.randomToken(12)}`)
      return json({ status: 'SUCCESS' }, 200, {
        'set-cookie': setCookie(LOGIN_TOKEN_COOKIE, token, {
          maxAgeSeconds: TOKEN_LIFETIME_S,
          readableByWidget: true,
        }),
      })
    }),
    route('POST', LOGIN_API + LOGIN_TOKEN_RENEW_PATH, ({ request, ctx }) => {
      const token = verifyLoginToken(ctx, cookies(request)[LOGIN_TOKEN_COOKIE])
      if (!token) return empty(401)
      if (token.ren > ctx.now().getTime() / 1000) return empty(200)
      // The new token is for the login the presented token belongs to, and only that one.
      return empty(201, {
        'set-cookie': setCookie(LOGIN_TOKEN_COOKIE, makeLoginToken(ctx, token.lid), {
          maxAgeSeconds: TOKEN_LIFETIME_S,
          readableByWidget: true,
        }),
      })
    }),
    route('POST', LOGIN_API + LONG_TERM_TOKEN_RENEW_PATH, ({ request }) =>
      cookies(request).LongtermToken ? empty(201) : empty(401),
    ),
  ]
}
