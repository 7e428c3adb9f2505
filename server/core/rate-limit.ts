/**
 * Rate limits as token buckets per key (a client, an account, a mailbox), on the server's
 * injected clock so tests never wait. A key may act `burst` times at once, then once per
 * `everyMs`; a refused action answers 429 with the seconds to wait in Retry-After.
 */
import { problem } from './http.ts'

export interface Limiter {
  /** Seconds until `key` may act; 0 when it may now. Counts nothing. */
  wait(key: string): number
  /** Counts one action of `key`. */
  spend(key: string): void
  /** wait(key), and when it is 0 counts the action: the usual check-and-count of one request. */
  take(key: string): number
}

export interface LimiterOptions {
  burst: number
  everyMs: number
  now: () => number
  /** Keys kept at most; past it, full buckets go first, then the oldest (which only loosens a limit). */
  maxKeys?: number
}

interface Bucket {
  tokens: number
  at: number
}

export function createLimiter({ burst, everyMs, now, maxKeys = 100_000 }: LimiterOptions): Limiter {
  const buckets = new Map<string, Bucket>()
  const level = (bucket: Bucket | undefined, t: number) =>
    bucket ? Math.min(burst, bucket.tokens + (t - bucket.at) / everyMs) : burst
  const wait = (key: string) => {
    const tokens = level(buckets.get(key), now())
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil(((1 - tokens) * everyMs) / 1000))
  }
  const spend = (key: string) => {
    const t = now()
    const tokens = level(buckets.get(key), t) - 1
    buckets.delete(key)
    buckets.set(key, { tokens, at: t })
    if (buckets.size > maxKeys) prune(t)
  }
  const prune = (t: number) => {
    for (const [key, bucket] of buckets) if (level(bucket, t) >= burst) buckets.delete(key)
    for (const key of buckets.keys()) {
      if (buckets.size <= maxKeys) break
      buckets.delete(key)
    }
  }
  return {
    wait,
    spend,
    take(key) {
      const seconds = wait(key)
      if (seconds === 0) spend(key)
      return seconds
    },
  }
}

/** The answer to a request over a limit: 429, and when to try again. */
export function tooManyRequests(retryAfterSeconds: number, title: string): Response {
  return problem(429, 'urn:contract:too_many_requests', title, {
    'retry-after': String(retryAfterSeconds),
  })
}
