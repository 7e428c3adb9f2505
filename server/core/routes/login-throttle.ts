/**
 * What one client, network or account may do with logins, decided in one transaction after the
 * body has arrived, in limits every server process shares (rate-limit.ts), so requests sent
 * together, to one process or to several, cannot all pass the check before any is counted:
 *
 * - Guessing: every password tried counts as a guess per account and per client before it is
 *   checked, and a right one gives its guess back; past a few the login answers
 *   429 with Retry-After, even to the right password, until the bucket refills. The per-account
 *   limit lets anyone slow one account's logins down: it stays generous, and the refusal never
 *   says whether the password was right.
 * - Logging in at all, right password or not, is limited per client and per network (networkKey),
 *   and successful logins per account, so nobody can start logins by the thousand.
 * - Live logins are bounded per account (its newest stay; the owner's own older ones end), per
 *   network (its new logins wait) and in all (new logins wait, 503): a flood is refused where it
 *   comes from, and never ends somebody else's login.
 *
 * The caps on live logins are applied by the login store (login-sessions.ts) in the transaction
 * that starts a login.
 */
import type { ServerContext } from '../context.ts'
import { clientKey, networkKey, type Client } from '../client.ts'
import { problem } from '../http.ts'
import { bucket, tooManyRequests } from '../rate-limit.ts'
import { startLogin, type LoginOwner } from './login-sessions.ts'

/** Wrong passwords per account: this many at once, then one a minute. */
const ACCOUNT_GUESSES = { burst: 10, everyMs: 60_000 }
/** Wrong passwords per client, across accounts: this many at once, then one every 10 s. */
const CLIENT_GUESSES = { burst: 30, everyMs: 10_000 }
/** Logins per client, successful or not: this many at once, then one every 2 s. */
const CLIENT_LOGINS = { burst: 60, everyMs: 2_000 }
/** Logins per network, successful or not: a shop's visitors behind one network come nowhere near. */
const NETWORK_LOGINS = { burst: 300, everyMs: 1_000 }
/** Successful logins per account: a customer logs in a few times a day. */
const ACCOUNT_LOGINS = { burst: 30, everyMs: 60_000 }

/** An account as the throttle counts it: its address in any case. */
const accountKey = (email: string) => email.trim().toLowerCase()

const seconds = (ctx: ServerContext) => Math.floor(ctx.now().getTime() / 1000)

export function loginThrottle(ctx: ServerContext, client: Client, email: string) {
  const byClient = clientKey(client)
  const owner: LoginOwner = { account: accountKey(email), network: networkKey(client) }
  const guesses = [
    bucket(ctx, 'guesses per account', owner.account, ACCOUNT_GUESSES),
    bucket(ctx, 'guesses per client', byClient, CLIENT_GUESSES),
  ]
  const accountLogins = bucket(ctx, 'logins per account', owner.account, ACCOUNT_LOGINS)
  const now = () => ctx.now().getTime()
  return {
    owner,
    /**
     * Seconds until this login attempt may be checked (0: now, and the attempt is counted for
     * the client and its network, and as a guess for the account and the client).
     */
    attempt: (): Promise<number> =>
      ctx.store.spend(
        [
          ...guesses,
          bucket(ctx, 'logins per client', byClient, CLIENT_LOGINS),
          bucket(ctx, 'logins per network', owner.network, NETWORK_LOGINS),
          { ...accountLogins, check: true },
        ],
        now(),
      ),
    /** The password was right: its guess is given back. */
    right: () => ctx.store.refund(guesses),
    /**
     * Starts the login of the right password when there is room: null when it started (the
     * account's oldest logins past its cap have ended), else the refusal. The network's and
     * everybody's caps refuse the new login; they end nobody's. Decided in the store's
     * transaction that starts the login (login-sessions.ts).
     */
    async start(loginId: string): Promise<Response | null> {
      const refused = await startLogin(ctx, loginId, owner, seconds(ctx))
      if (refused?.cap === 'network')
        return problem(
          429,
          'urn:contract:too_many_requests',
          'Too many logins from this network.',
          {
            'retry-after': String(refused.retryAfter),
          },
        )
      if (refused)
        return problem(503, 'urn:contract:busy', 'Too many logins; try again later.', {
          'retry-after': String(refused.retryAfter),
        })
      await ctx.store.spend([accountLogins], now())
      return null
    },
    refuse: (seconds: number) => tooManyRequests(seconds, 'Too many logins; try again later.'),
  }
}
