/**
 * Live logins: each has an absolute end, set when it starts, and one current token. Renewing
 * gives a new token (the old one stops working at once) that never outlives its login, so
 * neither a stolen token nor a script renewing every few minutes keeps a login past its end.
 *
 * This is the store of logins and nothing more: which logins may start, and which end early, is
 * the login throttle's decision (login-throttle.ts), made through the queries below.
 */
import { featureState, type ServerContext } from '../context.ts'

/** A login ends this long after it started, however often its token was renewed. */
export const LOGIN_MAX_LIFETIME_S = 12 * 60 * 60

/** Who started a login: the account (as the limits key it) and the client's network. */
export interface LoginOwner {
  account: string
  network: string
}

interface Login extends LoginOwner {
  /** The login's end (seconds since the epoch). */
  until: number
  /** The id of its one current token. */
  tokenId: string
}

/** A live login as the queries give it. */
export interface LiveLogin {
  id: string
  until: number
}

/** Logins by id, in the order they started (maps keep insertion order). */
const logins = (ctx: ServerContext) => featureState(ctx, 'logins', () => new Map<string, Login>())

/** A login that starts for `owner`; its first token comes from nextToken. */
export function startLogin(
  ctx: ServerContext,
  loginId: string,
  owner: LoginOwner,
  startS: number,
): void {
  logins(ctx).set(loginId, { ...owner, until: startS + LOGIN_MAX_LIFETIME_S, tokenId: '' })
}

/** Ends a login at once: its token stops working. */
export function endLogin(ctx: ServerContext, loginId: string): void {
  logins(ctx).delete(loginId)
}

/**
 * The live logins, oldest first: all of them, or those of one account or network. Ended ones
 * are dropped on the way: they are no longer anybody's.
 */
export function liveLogins(
  ctx: ServerContext,
  nowS: number,
  of: Partial<LoginOwner> = {},
): LiveLogin[] {
  const live: LiveLogin[] = []
  for (const [id, login] of logins(ctx)) {
    if (login.until <= nowS) logins(ctx).delete(id)
    else if (
      (of.account ?? login.account) === login.account &&
      (of.network ?? login.network) === login.network
    )
      live.push({ id, until: login.until })
  }
  return live
}

/**
 * A new current token for the login (starting one of no known owner when it is not live: tests
 * make tokens this way): its id, and the login's end, past which the token may not live.
 */
export function nextToken(ctx: ServerContext, loginId: string, issuedAtS: number): Login {
  const live = logins(ctx).get(loginId)
  const login: Login = {
    account: '',
    network: '',
    ...live,
    until: live && live.until > issuedAtS ? live.until : issuedAtS + LOGIN_MAX_LIFETIME_S,
    tokenId: ctx.randomToken(12),
  }
  logins(ctx).set(loginId, login)
  return login
}

/** Whether a token (by its login and id) is its login's current one, and the login still lives. */
export function isCurrentToken(
  ctx: ServerContext,
  loginId: string,
  tokenId: string,
  nowS: number,
): boolean {
  const login = logins(ctx).get(loginId)
  return login !== undefined && login.tokenId === tokenId && login.until > nowS
}
