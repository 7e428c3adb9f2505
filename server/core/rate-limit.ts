/**
 * Rate limits as token buckets every server process shares: kept in the database (store.ts,
 * the `limits` table) and counted in the transaction of the action they guard, so two processes
 * behind a load balancer allow what one would. A key may act `burst` times at once, then once per
 * `everyMs`; a refused action answers 429 with the seconds to wait in Retry-After. The buckets'
 * keys are fixed-size hashes of what they count (a client, a network, an account, a mailbox):
 * the table names nobody.
 */
import { createHash } from 'node:crypto'
import { problem } from './http.ts'
import type { Bucket } from './store/store.ts'

export interface Rate {
  burst: number
  everyMs: number
}

/**
 * The bucket of `value` under the limit `kind` (the same kind and value are one bucket in every
 * process): its key is 22 characters of SHA-256 over both, whatever the value's length.
 */
export function bucket(kind: string, value: string, rate: Rate, check = false): Bucket {
  const key = createHash('sha256').update(`${kind}\0${value}`).digest('base64url').slice(0, 22)
  return { key, ...rate, ...(check ? { check } : {}) }
}

/** The answer to a request over a limit: 429, and when to try again. */
export function tooManyRequests(retryAfterSeconds: number, title: string): Response {
  return problem(429, 'urn:contract:too_many_requests', title, {
    'retry-after': String(retryAfterSeconds),
  })
}
