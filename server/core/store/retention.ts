/**
 * Upkeep, done by the server itself. Retention: pending sign-ups whose link has expired (48
 * hours; they hold no consent), logins that ended and rate limits' buckets that are full again
 * are deleted at start and then every hour, well within the 14 days the privacy text promises for
 * unconfirmed sign-ups. Checkpoints: SQLite's write-ahead log is folded into the database and
 * truncated every minute, so it holds at most a minute's writes (server/README.md, "Running on a
 * real host").
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

const CHECKPOINT_EVERY_MS = 60 * 1000

/** Starts the periodic truncating checkpoints; the returned function stops them. */
export function keepCheckpoints(store: Store): () => void {
  const timer = setInterval(
    () => store.checkpoint().catch((error) => console.error('checkpoint failed:', error.message)),
    CHECKPOINT_EVERY_MS,
  )
  timer.unref()
  return () => clearInterval(timer)
}
