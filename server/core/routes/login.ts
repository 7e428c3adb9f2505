/**
 * Login calls of SPEC §7. Demo account: demo@lumora.example / lumora-demo.
 * Tokens are JWTs signed with HMAC-SHA256 (HS256) under the configured login keys, which are
 * never in the store (login-keys.ts): header.payload.signature, the header naming its key
 * (`kid`), the payload readable (exp, ren and lid, in seconds) because the
 * widget's session monitor reads it from the LoginToken cookie. The long-term token (LongtermToken,
 * HttpOnly) is signed the same way and belongs to a live login, ending with it. The server trusts a
 * token only when its header is one it writes (HS256 and a key id it holds) and the signature
 * over header and payload is that key's; anything else (alg "none", an altered payload, another
 * server's token, a key no longer listed) is no token.
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
import { isCurrentToken, liveLoginEnd, nextToken } from './login-sessions.ts'
import { loginThrottle } from './login-throttle.ts'

export const DEMO_ACCOUNT = { email: 'demo@lumora.example', password: 'lumora-demo' }
/** A login token lives 30 minutes (never past its login's end, login-sessions.ts) and may be renewed after 10. */
const TOKEN_LIFETIME_S = 30 * 60
const TOKEN_RENEW_AFTER_S = 10 * 60
/** A long-term token lives 30 days; each renewal starts a new term. */
const LONG_TERM_LIFETIME_S = 30 * 24 * 60 * 60

/** The exact header this server writes for a key id: no other algorithm is ever considered. */
const headerFor = (keyId: string) =>
  Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: keyId })).toString('base64url')

/** Each verifying key by the exact header of its tokens. */
const keysByHeader = new WeakMap<ServerContext, Map<string, Buffer>>()
function verifyingKey(ctx: ServerContext, header: string): Buffer | undefined {
  let keys = keysByHeader.get(ctx)
  if (!keys) {
    keys = new Map([...ctx.loginKeys.keys].map(([id, key]) => [headerFor(id), key]))
    keysByHeader.set(ctx, keys)
  }
  return keys.get(header)
}

const sign = (key: Buffer, signed: string) =>
  createHmac('sha256', key).update(signed).digest('base64url')

/** A signed token: the header this server writes, the claims readable, its HS256 signature. */
function signToken(ctx: ServerContext, claims: object): string {
  const { signingId, keys } = ctx.loginKeys
  const header = headerFor(signingId)
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${header}.${payload}.${sign(keys.get(signingId)!, `${header}.${payload}`)}`
}

/** The claims of a token this server signed, of the given shape and not expired; null for anything else. */
function verifyToken<T extends { exp: number }>(
  ctx: ServerContext,
  token: string | null | undefined,
  schema: Struct<T>,
): T | null {
  const [error, claims] = validate(signedClaims(ctx, token), schema)
  return !error && claims.exp > ctx.now().getTime() / 1000 ? claims : null
}

function signedClaims(ctx: ServerContext, token: string | null | undefined): unknown {
  const parts = (token ?? '').split('.')
  if (parts.length !== 3) return null
  const [header, payload, signature] = parts
  // The header is compared as the exact text this server writes for one of its keys.
  const key = verifyingKey(ctx, header)
  if (!key) return null
  const expected = Buffer.from(sign(key, `${header}.${payload}`))
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
  const claims = verifyToken(ctx, token, ServerLoginTokenSchema)
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

/** A long-term token for a login that lives: it ends with its login (and at the latest in 30 days). */
async function longTermCookie(ctx: ServerContext, loginId: string): Promise<string | undefined> {
  const now = seconds(ctx.now())
  const until = await liveLoginEnd(ctx, loginId, now)
  if (until === undefined) return undefined
  const exp = Math.min(now + LONG_TERM_LIFETIME_S, until)
  return setCookie(LONG_TERM_TOKEN_COOKIE, signToken(ctx, { use: 'longterm', exp, lid: loginId }), {
    maxAgeSeconds: exp - now,
  })
}

const loginCookies = async (ctx: ServerContext, loginId: string) => [
  setCookie(LOGIN_TOKEN_COOKIE, await makeLoginToken(ctx, loginId), {
    maxAgeSeconds: TOKEN_LIFETIME_S,
    readableByWidget: true,
  }),
  (await longTermCookie(ctx, loginId))!,
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
      const token = verifyToken(ctx, cookies(request)[LONG_TERM_TOKEN_COOKIE], LongTermTokenSchema)
      // A new term for the login the presented token belongs to, and only while that one lives.
      const cookie = token && (await longTermCookie(ctx, token.lid))
      if (!cookie) return empty(401)
      return empty(201, { 'set-cookie': cookie })
    }),
  ]
}
