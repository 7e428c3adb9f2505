/**
 * Login calls of SPEC §7. Demo account: demo@lumora.example / lumora-demo.
 * Tokens are JWTs signed with HMAC-SHA256 (HS256) under a secret drawn once per store (store.ts):
 * header.payload.signature, the payload readable (exp, ren and lid, in seconds) because the
 * widget's session monitor reads it from the LoginToken cookie. The long-term token (LongtermToken,
 * HttpOnly) is signed the same way. The server trusts a token only
 * when its header says HS256 and the signature over header and payload is its own; anything
 * else (alg "none", an altered payload, another server's token) is no token.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  assign,
  is,
  literal,
  number,
  object,
  string,
  type,
  validate,
  type Struct,
} from 'superstruct'
import { cookies, empty, json, readJson, setCookie, withCookies } from '../http.ts'
import { LoginRequestSchema } from '../../../src/contract/login.schema.ts'
import {
  CSRF_HEADER,
  LOGIN_API,
  LOGIN_PATH,
  LOGIN_TOKEN_RENEW_PATH,
  LONG_TERM_TOKEN_COOKIE,
  LONG_TERM_TOKEN_RENEW_PATH,
} from '../../../src/contract/contract.ts'
import {
  LoginTokenSchema,
  LOGIN_TOKEN_COOKIE,
  type LoginToken,
} from '../../../src/contract/login-token.ts'
import { route, type Route } from '../router.ts'
import type { ServerContext } from '../context.ts'
import { isCurrentToken, nextToken } from './login-sessions.ts'
import { loginThrottle } from './login-throttle.ts'

export const DEMO_ACCOUNT = { email: 'demo@lumora.example', password: 'lumora-demo' }
/** A login token lives 30 minutes (never past its login's end, login-sessions.ts) and may be renewed after 10. */
export const TOKEN_LIFETIME_S = 30 * 60
export const TOKEN_RENEW_AFTER_S = 10 * 60
/** A long-term token lives 30 days; each renewal starts a new term. */
export const LONG_TERM_LIFETIME_S = 30 * 24 * 60 * 60

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')

/** The signing secret of the server's store (store/store.ts): a restart keeps the logins. */
const sign = async (ctx: ServerContext, signed: string) =>
  createHmac('sha256', await ctx.store.loginSecret())
    .update(signed)
    .digest('base64url')

/** A signed token: the header this server writes, the claims readable, its HS256 signature. */
async function signToken(ctx: ServerContext, claims: object): Promise<string> {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${HEADER}.${payload}.${await sign(ctx, `${HEADER}.${payload}`)}`
}

/** The claims of a token this server signed, of the given shape and not expired; null for anything else. */
async function verifyToken<T extends { exp: number }>(
  ctx: ServerContext,
  token: string | null | undefined,
  schema: Struct<T>,
): Promise<T | null> {
  const [error, claims] = validate(await signedClaims(ctx, token), schema)
  return !error && claims.exp > ctx.now().getTime() / 1000 ? claims : null
}

async function signedClaims(
  ctx: ServerContext,
  token: string | null | undefined,
): Promise<unknown> {
  const parts = (token ?? '').split('.')
  if (parts.length !== 3) return null
  const [header, payload, signature] = parts
  // The header is compared as the exact text this server writes: no other algorithm is ever considered.
  if (header !== HEADER) return null
  const expected = Buffer.from(await sign(ctx, `${header}.${payload}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return null
  }
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/**
 * The login's new current token, issued now (or at `issuedAt`, for tests that need one already
 * due); the login's previous token stops working. `tid` names the token among its login's.
 */
export async function makeLoginToken(
  ctx: ServerContext,
  loginId: string,
  issuedAt = ctx.now(),
): Promise<string> {
  const now = seconds(issuedAt)
  const { until, tokenId } = await nextToken(ctx, loginId, now)
  return signToken(ctx, {
    exp: Math.min(now + TOKEN_LIFETIME_S, until),
    ren: now + TOKEN_RENEW_AFTER_S,
    lid: loginId,
    tid: tokenId,
  })
}

const ServerLoginTokenSchema = assign(LoginTokenSchema, type({ tid: string() }))

/**
 * The claims of a login token this server signed, not expired, and its login's current token
 * while the login lives; null for anything else.
 */
export async function verifyLoginToken(
  ctx: ServerContext,
  token: string | null | undefined,
): Promise<LoginToken | null> {
  const claims = await verifyToken(ctx, token, ServerLoginTokenSchema)
  return claims && (await isCurrentToken(ctx, claims.lid, claims.tid, seconds(ctx.now())))
    ? claims
    : null
}

/**
 * The long-term token keeps a login across browser sessions; only the server reads it (HttpOnly).
 * Its claims name their use, so neither token passes for the other (a login token has `ren`, this
 * one `use`, and each schema requires its own).
 */
const LongTermTokenSchema = object({ use: literal('longterm'), exp: number(), lid: string() })

const makeLongTermToken = (ctx: ServerContext, loginId: string) =>
  signToken(ctx, { use: 'longterm', exp: seconds(ctx.now()) + LONG_TERM_LIFETIME_S, lid: loginId })

const longTermCookie = async (ctx: ServerContext, loginId: string) =>
  setCookie(LONG_TERM_TOKEN_COOKIE, await makeLongTermToken(ctx, loginId), {
    maxAgeSeconds: LONG_TERM_LIFETIME_S,
  })

const loginCookies = async (ctx: ServerContext, loginId: string) => [
  setCookie(LOGIN_TOKEN_COOKIE, await makeLoginToken(ctx, loginId), {
    maxAgeSeconds: TOKEN_LIFETIME_S,
    readableByWidget: true,
  }),
  await longTermCookie(ctx, loginId),
]

export function loginRoutes(): Route[] {
  return [
    route('POST', LOGIN_API + LOGIN_PATH, async ({ request, ctx, client }) => {
      if (!request.headers.get(CSRF_HEADER)) return empty(403)
      const body = await readJson(request)
      if (!is(body, LoginRequestSchema)) return json({ status: 'BAD_REQUEST' }, 400)
      // The limits are asked and counted in one transaction, the guess before the password.
      const throttle = loginThrottle(ctx, client, body.email)
      const wait = await throttle.attempt()
      if (wait) return throttle.refuse(wait)
      const account = (ctx.accounts ?? [DEMO_ACCOUNT]).find((a) => a.email === body.email)
      if (account?.password !== body.password) return json({ status: 'UNAUTHORIZED' }, 401)
      await throttle.right()
      const loginId = `login-${ctx.randomToken(12)}`
      const refused = await throttle.start(loginId)
      if (refused) return refused
      return withCookies(json({ status: 'SUCCESS' }), await loginCookies(ctx, loginId))
    }),
    route('POST', LOGIN_API + LOGIN_TOKEN_RENEW_PATH, async ({ request, ctx }) => {
      const token = await verifyLoginToken(ctx, cookies(request)[LOGIN_TOKEN_COOKIE])
      if (!token) return empty(401)
      if (token.ren > ctx.now().getTime() / 1000) return empty(200)
      // The new token is for the login the presented token belongs to, and only that one.
      return empty(201, {
        'set-cookie': setCookie(LOGIN_TOKEN_COOKIE, await makeLoginToken(ctx, token.lid), {
          maxAgeSeconds: TOKEN_LIFETIME_S,
          readableByWidget: true,
        }),
      })
    }),
    route('POST', LOGIN_API + LONG_TERM_TOKEN_RENEW_PATH, async ({ request, ctx }) => {
      const token = await verifyToken(
        ctx,
        cookies(request)[LONG_TERM_TOKEN_COOKIE],
        LongTermTokenSchema,
      )
      if (!token) return empty(401)
      // A new term for the login the presented token belongs to, and only that one.
      return empty(201, { 'set-cookie': await longTermCookie(ctx, token.lid) })
    }),
  ]
}
