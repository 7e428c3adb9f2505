/**
 * Live logins: each has an absolute end, set when it starts, and one current token. Renewing
 * gives a new token (the old one stops working at once) that never outlives its login, so
 * neither a stolen token nor a script renewing every few minutes keeps a login past its end.
 */
import { featureState, setBounded, type ServerContext } from '../context.ts'

/** A login ends this long after it started, however often its token was renewed. */
export const LOGIN_MAX_LIFETIME_S = 12 * 60 * 60

interface Login {
  /** The login's end (seconds since the epoch). */
  until: number
  /** The id of its one current token. */
  tokenId: string
}

const logins = (ctx: ServerContext) => featureState(ctx, 'logins', () => new Map<string, Login>())

/**
 * A new current token for the login (starting the login when it is not live): its id, and the
 * login's end, past which the token may not live.
 */
export function nextToken(ctx: ServerContext, loginId: string, issuedAtS: number): Login {
  const live = logins(ctx).get(loginId)
  const login = {
    until: live && live.until > issuedAtS ? live.until : issuedAtS + LOGIN_MAX_LIFETIME_S,
    tokenId: ctx.randomToken(12),
  }
  setBounded(logins(ctx), loginId, login, ctx.limits.logins)
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
