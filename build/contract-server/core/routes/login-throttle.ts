/**
 * Password guessing is throttled per account and per client: each wrong password counts for
 * both, and past a few the login answers 429 with Retry-After, even to the right password, until
 * the bucket refills. Only failures count, so a shop's customers behind one address log in freely.
 * The per-account limit lets anyone slow one account's logins down: it stays generous, and the
 * refusal never says whether the password was right.
 */
import { featureState, type ServerContext } from '../context.ts'
import { clientKey, type Client } from '../client.ts'
import { createLimiter, tooManyRequests } from '../rate-limit.ts'

/** Wrong passwords per account: this many at once, then one a minute. */
export const ACCOUNT_GUESSES = { burst: 10, everyMs: 60_000 }
/** Wrong passwords per client, across accounts: this many at once, then one every 10 s. */
export const CLIENT_GUESSES = { burst: 30, everyMs: 10_000 }

const limiters = (ctx: ServerContext) =>
  featureState(ctx, 'login-throttle', () => {
    const now = () => ctx.now().getTime()
    return {
      accounts: createLimiter({ ...ACCOUNT_GUESSES, now }),
      clients: createLimiter({ ...CLIENT_GUESSES, now }),
    }
  })

/** An account as the throttle counts it: its address in any case. */
const accountKey = (email: string) => email.trim().toLowerCase()

export function loginThrottle(ctx: ServerContext, client: Client) {
  const { accounts, clients } = limiters(ctx)
  const byClient = clientKey(client)
  return {
    /** Seconds this client must wait before its next try; 0 when it may try now. */
    clientWait: () => clients.wait(byClient),
    /** Seconds until the account may be tried again; 0 when it may now. */
    accountWait: (email: string) => accounts.wait(accountKey(email)),
    /** Counts a wrong password against the account and the client. */
    failed(email: string) {
      accounts.spend(accountKey(email))
      clients.spend(byClient)
    },
    refuse: (seconds: number) =>
      tooManyRequests(seconds, 'Too many failed logins; try again later.'),
  }
}
