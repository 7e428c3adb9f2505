/**
 * Rate limits as token buckets every server process shares: kept in the database (store.ts,
 * the `limits` table) and counted in the transaction of the action they guard, so two processes
 * behind a load balancer allow what one would. A key may act `burst` times at once, then once per
 * `everyMs`; a refused action answers 429 with the seconds to wait in Retry-After. The buckets'
 * keys are fixed-size keyed hashes of what they count (a client, a network, an account, a
 * mailbox), under a key derived from the login signing key, which is never in the database: the
 * table names nobody, and a copy of it cannot be searched by trying the 2^32 IPv4 addresses.
 */
import { createHmac } from 'node:crypto'
import { problem } from './http.ts'
import type { LoginKeys } from './login-keys.ts'
import type { Bucket } from './store/store.ts'

/** What a keyed hash of the records needs: the login keys (context.ts), never in the database. */
export interface Keyed {
  loginKeys: LoginKeys
}

const derived = new WeakMap<LoginKeys, Buffer>()

/**
 * The key of the records' keyed hashes, derived from the signing key: every process with the same
 * LOGIN_KEYS derives the same one. A rotation starts the limits afresh (their buckets under the
 * new key are full) and a network's pending share counts the sign-ups keyed under the new key.
 */
function recordsKey({ loginKeys }: Keyed): Buffer {
  let key = derived.get(loginKeys)
  if (!key) {
    key = createHmac('sha256', loginKeys.keys.get(loginKeys.signingId)!)
      .update('lumora records key')
      .digest()
    derived.set(loginKeys, key)
  }
  return key
}

/** 22 characters of a keyed hash of `text`: fixed-size, and no guess of it without the key. */
const keyedHash = (keyed: Keyed, text: string) =>
  createHmac('sha256', recordsKey(keyed)).update(text).digest('base64url').slice(0, 22)

/**
 * A client's network as the records keep it (a pending sign-up's share, a live login's cap):
 * keyed, so equal networks are equal and none can be read or guessed; empty stays empty.
 */
export const keyedNetwork = (keyed: Keyed, network: string): string =>
  network && keyedHash(keyed, `network\0${network}`)

export interface Rate {
  burst: number
  everyMs: number
}

/**
 * The bucket of `value` under the limit `kind` (the same kind and value are one bucket in every
 * process with the same keys): its key is 22 characters of a keyed hash over both, whatever the
 * value's length.
 */
export function bucket(
  keyed: Keyed,
  kind: string,
  value: string,
  rate: Rate,
  check = false,
): Bucket {
  return { key: keyedHash(keyed, `${kind}\0${value}`), ...rate, ...(check ? { check } : {}) }
}

/** The answer to a request over a limit: 429, and when to try again. */
export function tooManyRequests(retryAfterSeconds: number, title: string): Response {
  return problem(429, 'urn:contract:too_many_requests', title, {
    'retry-after': String(retryAfterSeconds),
  })
}
