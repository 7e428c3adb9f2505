/**
 * Retention, done by the server itself: pending sign-ups whose link has expired (48 hours; they
 * hold no consent) and logins that ended are deleted at start and then every hour, well within
 * the 14 days the privacy text promises for unconfirmed sign-ups.
 */
import type { Store } from './store.ts'

const RETENTION_EVERY_MS = 60 * 60 * 1000

/** Starts the sweeps; the returned function stops them. They never keep the process alive. */
export function keepRetention(store: Store, now: () => Date): () => void {
  const sweep = () =>
    store
      .deleteExpired(now().getTime())
      .catch((error) => console.error('retention: sweep failed:', error.message))
  void sweep()
  const timer = setInterval(sweep, RETENTION_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
