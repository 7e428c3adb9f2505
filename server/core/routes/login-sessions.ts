/**
 * Live logins: each has an absolute end, set when it starts, and one current token. Renewing
 * gives a new token (the old one stops working at once) that never outlives its login, so
 * neither a stolen token nor a script renewing every few minutes keeps a login past its end.
 *
 * The logins live in the server's database (ctx.store, store/store.ts), so a restart or another
 * process behind the same load balancer knows them. Which logins may start, and which end early,
 * is the login throttle's decision (login-throttle.ts): the caps it names are applied in the
 * transaction that starts the login, so logins started at the same moment cannot all pass them.
 * The store keeps no token and no address: a token id as its hash, an account as a keyed hash
 * (equality is all the caps need, and without the key a copy cannot even test a guessed address).
 */
import { createHmac } from 'node:crypto'
import type { ServerContext } from '../context.ts'
import { keyedNetwork } from '../rate-limit.ts'
import type { Login, LoginRefused } from '../store/store.ts'
import { hashToken } from '../store/token-hash.ts'

/** A login ends this long after it started, however often its token was renewed. */
const LOGIN_MAX_LIFETIME_S = 12 * 60 * 60

/** Who started a login: the account (as the limits key it) and the client's network. */
export interface LoginOwner {
  account: string
  network: string
}

/** An account as the login store keeps it: keyed with the signing key, never the address. */
const accountHash = (ctx: ServerContext, account: string) =>
  createHmac('sha256', ctx.loginKeys.keys.get(ctx.loginKeys.signingId)!)
    .update(`account:${account}`)
    .digest('base64url')

/**
 * A login that starts for `owner` (its first token comes from nextToken), or the cap that
 * refuses it: its network's or everybody's (limits.loginsPerNetwork, limits.logins). The
 * account's oldest logins past limits.loginsPerAccount end: they are its owner's own.
 */
export const startLogin = (
  ctx: ServerContext,
  loginId: string,
  owner: LoginOwner,
  startS: number,
): Promise<LoginRefused | undefined> =>
  ctx.store.startLogin(
    {
      loginId,
      accountHash: accountHash(ctx, owner.account),
      network: keyedNetwork(ctx, owner.network),
      startS,
      until: startS + LOGIN_MAX_LIFETIME_S,
    },
    {
      perNetwork: ctx.limits.loginsPerNetwork,
      all: ctx.limits.logins,
      perAccount: ctx.limits.loginsPerAccount,
    },
  )

/**
 * A new current token for the login (starting one of no known owner when it is not live: tests
 * make tokens this way): its id, and the login's end, past which the token may not live.
 */
export async function nextToken(
  ctx: ServerContext,
  loginId: string,
  issuedAtS: number,
): Promise<{ tokenId: string; until: number }> {
  const tokenId = ctx.randomToken(12)
  const { until }: Login = await ctx.store.nextToken(
    loginId,
    hashToken(tokenId),
    issuedAtS,
    issuedAtS + LOGIN_MAX_LIFETIME_S,
  )
  return { tokenId, until }
}

/** The end of a login that lives at `nowS` (seconds), or undefined. */
export async function liveLoginEnd(
  ctx: ServerContext,
  loginId: string,
  nowS: number,
): Promise<number | undefined> {
  const login = await ctx.store.login(loginId)
  return login && login.until > nowS ? login.until : undefined
}

/** Whether a token (by its login and id) is its login's current one, and the login still lives. */
export async function isCurrentToken(
  ctx: ServerContext,
  loginId: string,
  tokenId: string,
  nowS: number,
): Promise<boolean> {
  const login = await ctx.store.login(loginId)
  return login !== undefined && login.tokenHash === hashToken(tokenId) && login.until > nowS
}
