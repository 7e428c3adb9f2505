/**
 * The server's records in a database (sql.ts: SQLite embedded, or PostgreSQL): the newsletter's
 * sign-ups with the evidence of consent, the log of erasures, the live logins and the login
 * tokens' signing secret. Every method answers after its statements are committed. The rules that
 * must hold whatever runs at the same time are the database's: one pending sign-up per address (a
 * unique index), a confirmation or a correction only of a pending sign-up whose link still works
 * (the condition of its UPDATE), room for a pending sign-up checked in the transaction that stores
 * it; so are the caps on live logins. Routes reach the store through
 * core/routes/newsletter-store.ts and login-sessions.ts.
 */
import { randomBytes } from 'node:crypto'
import type { SubscriberRequest } from '../../../src/contract/newsletter.schema.ts'
import type { Site } from '../../../src/contract/sites.ts'
import { checkSchema, migrate, SCHEMA_VERSION } from './migrations.ts'
import { type Sql, StoreUnusable } from './sql.ts'

export interface Subscriber {
  token: string
  request: SubscriberRequest
  status: 'WAITING_FOR_DOI' | 'SUBSCRIBED'
  /** Evidence of the sign-up: when, where, and what the visitor agreed to. */
  evidence: {
    receivedAt: string
    site: Site
    locale: string
    pageAddress: string | null
    consents: string[]
    consentTextVersion: string
  }
  /** Until when the link of the confirmation mail works (ms). */
  expiresAt: number
  /** The network the sign-up came from (networkKey), so each network's pending share is bounded. */
  network: string
  confirmedAt?: string
}

export interface Login {
  /** The login's end (seconds since the epoch). */
  until: number
  /** The id of its one current token. */
  tokenId: string
}

/** The caps a new login must fit under (core/context.ts Limits). */
export interface LoginCaps {
  /** Live logins of one network: past it the network's new logins are refused. */
  perNetwork: number
  /** Live logins in all: past it new logins are refused. */
  all: number
  /** Live logins of one account: past it the account's oldest end. */
  perAccount: number
}

/** Why a login did not start: which cap, and seconds until its oldest login ends. */
export interface LoginRefused {
  cap: 'network' | 'all'
  retryAfter: number
}

/** Why a pending sign-up was not stored. */
export type NotStored =
  /** The store holds its cap of live pending sign-ups: seconds until the first link expires. */
  | { full: number }
  /** Another sign-up for the address was stored at the same moment: it stands. */
  | { taken: true }
  /** A rate limit refused it: seconds until it allows one more. */
  | { limited: number }
  /** The client's network holds its share of pending sign-ups: seconds until its first expires. */
  | { share: number }

/** A stored sign-up: whether its mail goes out now, or waits for its mailbox's pause (mailDue). */
export interface Stored {
  mailNow: boolean
}

/**
 * A token bucket of a limit every process shares: `burst` actions at once, then one more every
 * `everyMs`. `key` is fixed-size and names nobody (rate-limit.ts hashes it); `check` buckets must
 * allow the action but do not count it.
 */
export interface Bucket {
  key: string
  burst: number
  everyMs: number
  check?: boolean
}

/** What a sign-up must fit: the store's cap, its network's share, its limits, its mailbox's pause. */
export interface SignUpRules {
  /** Live pending sign-ups in all (limits.pendingSignUps). */
  cap: number
  /** Live pending sign-ups of the sign-up's network (limits.pendingPerNetwork). */
  networkShare: number
  /** The rate limits the sign-up counts against (per client, per network). */
  limits: Bucket[]
  /** Its mailbox's pause between two confirmation mails. */
  pause: Bucket
}

interface SubscriberRow {
  token: string
  status: Subscriber['status']
  request: string
  received_at: string
  site: Site
  locale: string
  page_address: string | null
  consents: string
  consent_text_version: string
  expires_at: number
  confirmed_at: string | null
  network: string
  mail_due: number | null
}

const fromRow = (row: SubscriberRow): Subscriber => ({
  token: row.token,
  request: JSON.parse(row.request),
  status: row.status,
  evidence: {
    receivedAt: row.received_at,
    site: row.site,
    locale: row.locale,
    pageAddress: row.page_address,
    consents: JSON.parse(row.consents),
    consentTextVersion: row.consent_text_version,
  },
  expiresAt: Number(row.expires_at),
  network: row.network,
  ...(row.confirmed_at ? { confirmedAt: row.confirmed_at } : {}),
})

const PENDING = `status = 'WAITING_FOR_DOI'`

/** A transaction's way out that rolls it back and says why (caught by the method that threw it). */
class Refusal<T> {
  constructor(readonly why: T) {}
}

/**
 * A bucket's tokens at the time of its one placeholder pair (SQL over the row's `tokens` and
 * `at`, named by `table` where an upsert must say which row; the same on both engines). Burst
 * and pace are the code's own numbers, written in.
 */
const level = ({ burst, everyMs }: Bucket, table = '') => {
  const refilled = `${table}tokens + (? - ${table}at) / ${Math.round(everyMs)}.0`
  return `CASE WHEN ${refilled} >= ${Math.round(burst)} THEN ${Math.round(burst)} ELSE ${refilled} END`
}

/** Seconds until a bucket at `tokens` holds one token. */
const secondsUntilToken = (tokens: number, { everyMs }: Bucket) =>
  tokens >= 1 ? 0 : Math.max(1, Math.ceil(((1 - tokens) * everyMs) / 1000))

/**
 * Counts one action against each bucket (a `check` bucket only needs a token), or none of them:
 * 0, or the seconds until every bucket allows it (then the caller rolls back). Runs inside the
 * caller's transaction, whose row locks on the buckets keep two processes from both spending the
 * last token; keys in one order, so two transactions never wait for each other's.
 */
async function spendIn(tx: Sql, buckets: Bucket[], nowMs: number): Promise<number> {
  let wait = 0
  for (const bucket of [...buckets].sort((a, b) => (a.key < b.key ? -1 : 1))) {
    const cost = bucket.check ? 0 : 1
    const now = level(bucket, 'limits.')
    const [spent] = await tx.all<{ spent: number }>(
      `INSERT INTO limits (key, tokens, at, full_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET tokens = ${now} - ${cost},
         full_at = ? + CAST((${Math.round(bucket.burst)} - (${now} - ${cost})) * ${Math.round(bucket.everyMs)} AS BIGINT),
         at = ?
       WHERE ${now} >= 1
       RETURNING 1 AS spent`,
      [
        bucket.key,
        bucket.burst - cost,
        nowMs,
        nowMs + cost * Math.round(bucket.everyMs),
        ...[nowMs, nowMs, nowMs, nowMs, nowMs, nowMs, nowMs, nowMs],
      ],
    )
    if (spent) continue
    const [held] = await tx.all<{ tokens: number }>(
      `SELECT ${level(bucket)} AS tokens FROM limits WHERE key = ?`,
      [nowMs, nowMs, bucket.key],
    )
    wait = Math.max(wait, secondsUntilToken(Number(held?.tokens ?? bucket.burst), bucket))
  }
  return wait
}

/** The pending counter moves by `delta`; a rise must stay within `cap` (false: it would not). */
async function movePending(tx: Sql, delta: number, cap = Number.POSITIVE_INFINITY) {
  if (delta === 0) return true
  if (delta < 0)
    return (
      (await tx.run(`UPDATE counters SET value = value + ? WHERE name = 'pending'`, [delta])) > 0
    )
  return (
    (await tx.run(
      `UPDATE counters SET value = value + ? WHERE name = 'pending' AND value + ? <= ?`,
      [delta, delta, Number.isFinite(cap) ? cap : Number.MAX_SAFE_INTEGER],
    )) > 0
  )
}

export interface Store {
  readonly engine: Sql['engine']
  /**
   * A careful start: the schema migrated (refused when newer than the code) and whole, a write
   * that commits, and on SQLite a quick integrity check. Throws StoreUnusable or StoreUnavailable.
   */
  check(): Promise<void>
  /** Whether the database answers now (GET /readyz): resolves, or throws. */
  ping(): Promise<void>
  /** The login tokens' signing secret: drawn once per database, so a restart keeps the logins. */
  loginSecret(): Promise<Buffer>
  subscriber(token: string): Promise<Subscriber | undefined>
  /** The address's pending sign-up whose link works at `nowMs`. */
  pendingOf(addressKey: string, nowMs: number): Promise<Subscriber | undefined>
  /**
   * Stores a pending sign-up in place of the address's previous one (whose link then no longer
   * works), if it fits `rules`, all decided in the transaction that stores it: its rate limits,
   * its network's share, the store's cap (expired sign-ups deleted to make room), and whether
   * its mailbox's pause lets the mail go now (else the record is due a mail when it ends).
   */
  addPending(
    addressKey: string,
    subscriber: Subscriber,
    rules: SignUpRules,
    nowMs: number,
  ): Promise<NotStored | Stored>
  /**
   * A new life for a pending link (the same sign-up again), counted against `rules.limits`;
   * false when the link no longer works. Its mail goes now, or when its mailbox's pause ends.
   */
  renewLink(
    token: string,
    expiresAt: number,
    rules: Pick<SignUpRules, 'limits' | 'pause'>,
    nowMs: number,
  ): Promise<false | { limited: number } | Stored>
  /**
   * The pending sign-ups whose mail was held by their mailbox's pause and is due at `nowMs`,
   * each handed out once (whichever process asks first), its pause counted.
   */
  dueMails(nowMs: number, pauseOf: (subscriber: Subscriber) => Bucket): Promise<Subscriber[]>
  /** The pending sign-up becomes a subscriber; false when it is not pending or its link expired. */
  confirm(token: string, confirmedAt: string, nowMs: number): Promise<boolean>
  /** New details for a pending sign-up (its token's holder's); false as for confirm. */
  correct(token: string, subscriber: Subscriber, nowMs: number): Promise<boolean>
  /** Every record, pending and confirmed, oldest first. */
  subscribers(): Promise<Subscriber[]>
  /**
   * Deletes every record of an address and logs that it did (never whose), and ends its
   * mailbox's pause (`pauseKey`), so a new sign-up gets its mail at once; the number deleted.
   */
  erase(addressKey: string, erasedAt: string, pauseKey?: string): Promise<number>
  /** Seconds until every bucket allows one more action (0: now); counts nothing. */
  limitWait(buckets: Bucket[], nowMs: number): Promise<number>
  /** Counts one action against every bucket, or against none: 0, or the seconds to wait. */
  spend(buckets: Bucket[], nowMs: number): Promise<number>
  /** Gives each bucket its token back (an action counted beforehand that did not happen). */
  refund(buckets: Bucket[]): Promise<void>
  /**
   * Starts a login of `account` from `network` that ends at `until`, unless its network or
   * everybody holds the cap of live logins; the account's oldest logins past its cap end.
   */
  startLogin(
    login: { loginId: string; account: string; network: string; startS: number; until: number },
    caps: LoginCaps,
  ): Promise<LoginRefused | undefined>
  /**
   * The login's new current token: a live login keeps its end; one that does not live (tests
   * make tokens without logging in) starts, of no account, and ends at `until`.
   */
  nextToken(loginId: string, tokenId: string, issuedAtS: number, until: number): Promise<Login>
  login(loginId: string): Promise<Login | undefined>
  /**
   * Retention: deletes pending sign-ups whose link expired, logins that ended and limits' buckets
   * that are full again; how many sign-ups and logins.
   */
  deleteExpired(nowMs: number): Promise<{ signUps: number; logins: number }>
  /** Folds SQLite's write-ahead log into the database and truncates it (nothing on PostgreSQL). */
  checkpoint(): Promise<void>
  close(): Promise<void>
}

/** How long after a failed start the store waits before it tries the database again (ms). */
const RETRY_START_MS = 1_000

/** The store on a database; its schema is migrated before the first query answers. */
export function createStore(sql: Sql): Store {
  // Migrated once; while the database cannot be reached every call fails fast, and the first
  // call after RETRY_START_MS tries again, so the store recovers by itself.
  let ready: Promise<void> | undefined
  let failedAt = 0
  let failure: unknown
  const prepare = () => {
    if (!ready && failure && Date.now() - failedAt < RETRY_START_MS) return Promise.reject(failure)
    ready ??= (async () => {
      await migrate(sql)
      await checkSchema(sql)
    })().catch((error) => {
      ready = undefined
      failure = error
      failedAt = Date.now()
      throw error
    })
    return ready
  }
  // The first call's rejection would otherwise be unhandled until a method awaits it.
  prepare().catch(() => undefined)
  const db = async () => {
    await prepare()
    return sql
  }
  let closed: Promise<void> | undefined
  let secret: Promise<Buffer> | undefined
  /** Runs `work`; a Refusal it throws rolls the transaction back and is its answer. */
  const refusable = async <T, R>(work: (tx: Sql) => Promise<T>): Promise<T | R> => {
    try {
      return await (await db()).transaction(work)
    } catch (error) {
      if (error instanceof Refusal) return error.why as R
      throw error
    }
  }
  /**
   * The pending counter, one row every sign-up changes. On SQLite (one writer at a time anyway)
   * it moves in the transaction that changes the rows. On PostgreSQL a row lock is held until the
   * commit is on disk, so a counter moved there would line every sign-up up behind one flush:
   * it moves in a transaction of its own committed without waiting for the disk (room reserved
   * before the sign-up's transaction, given back after it when unused). A move lost in a crash
   * only ever follows the rows' own commit in the log, or overstates the count (room reserved and
   * not given back); the hourly sweep counts the rows again.
   */
  const apart = sql.engine === 'postgres'
  const moveApart = async (delta: number, cap?: number) =>
    delta === 0 ||
    (await (await db()).transaction((tx) => movePending(tx, delta, cap), { durable: false }))
  /** Runs `work`, which says how it moved the pending count, and moves the counter with it. */
  const counted = async <T>(work: (tx: Sql) => Promise<[T, number]>): Promise<T> => {
    const [result, delta] = await (await db()).transaction(async (tx) => {
      const [result, delta] = await work(tx)
      if (!apart) await movePending(tx, delta)
      return [result, delta] as [T, number]
    })
    if (apart) await moveApart(delta)
    return result
  }
  /** Deletes pending sign-ups whose link expired; how many (the caller moves the counter). */
  const deleteExpiredSignUps = (tx: Sql, nowMs: number) =>
    tx.run(`DELETE FROM subscribers WHERE ${PENDING} AND expires_at <= ?`, [nowMs])
  /** Whether the mailbox's pause lets a mail go now (counting it), in the caller's transaction. */
  const mailNow = async (tx: Sql, pause: Bucket, nowMs: number) =>
    (await spendIn(tx, [pause], nowMs)) === 0
  /** When a held mail is due: once the mailbox's pause has a token again. */
  const dueAt = async (tx: Sql, pause: Bucket, nowMs: number) =>
    nowMs + (await spendIn(tx, [{ ...pause, check: true }], nowMs)) * 1000

  const tryAdd = async (
    addressKey: string,
    subscriber: Subscriber,
    rules: SignUpRules,
    nowMs: number,
  ): Promise<NotStored | Stored> => {
    // Room for one more, reserved ahead (PostgreSQL); a replacement needs none.
    const reserved = apart && (await moveApart(1, rules.cap))
    let moved = 0
    try {
      return await refusable<Stored | { taken: true }, NotStored>(async (tx) => {
        const limited = await spendIn(tx, rules.limits, nowMs)
        if (limited) throw new Refusal({ limited })
        // The network's row lock (its limit, just counted) keeps its sign-ups in line while its
        // share is counted: an indexed count of at most the share.
        const [share] = await tx.all<{ n: number; soonest: number | null }>(
          `SELECT COUNT(*) AS n, MIN(expires_at) AS soonest FROM subscribers
         WHERE network = ? AND ${PENDING} AND expires_at > ? AND address_key <> ?`,
          [subscriber.network, nowMs, addressKey],
        )
        if (Number(share.n) >= rules.networkShare)
          throw new Refusal({
            share: Math.max(1, Math.ceil((Number(share.soonest) - nowMs) / 1000)),
          })
        const replaced = await tx.run(
          `DELETE FROM subscribers WHERE address_key = ? AND ${PENDING}`,
          [addressKey],
        )
        const now = await mailNow(tx, rules.pause, nowMs)
        const { request, evidence: e } = subscriber
        const stored = await tx.run(
          `INSERT INTO subscribers (token, address_key, status, request, received_at, site, locale,
          page_address, consents, consent_text_version, expires_at, confirmed_at, network, seq,
          mail_due)
         VALUES (?, ?, 'WAITING_FOR_DOI', ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ${tx.next('subscribers')}, ?)
         ON CONFLICT (address_key) WHERE ${PENDING} DO NOTHING`,
          [
            subscriber.token,
            addressKey,
            JSON.stringify(request),
            e.receivedAt,
            e.site,
            e.locale,
            e.pageAddress,
            JSON.stringify(e.consents),
            e.consentTextVersion,
            subscriber.expiresAt,
            subscriber.network,
            now ? null : await dueAt(tx, rules.pause, nowMs),
          ],
        )
        const delta = stored - replaced
        if (apart) {
          if (delta > 0 && !reserved) throw new Refusal({ full: 0 })
          moved = delta
        } else if (!(await movePending(tx, delta, rules.cap)))
          // The counter last: its row is locked only from here to the commit.
          throw new Refusal({ full: 0 })
        return stored ? { mailNow: now } : { taken: true as const }
      })
    } finally {
      if (apart) await moveApart(moved - (reserved ? 1 : 0))
    }
  }

  return {
    engine: sql.engine,
    async check() {
      const sql = await db()
      await sql.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO counters (name, value) VALUES ('write probe', 0)
           ON CONFLICT (name) DO UPDATE SET value = counters.value + 1`,
        )
      })
      if (sql.engine === 'sqlite') {
        const rows = await sql.all<{ quick_check: string }>('PRAGMA quick_check')
        const problems = rows.map((r) => r.quick_check).filter((r) => r !== 'ok')
        if (problems.length)
          throw new StoreUnusable(`the integrity check failed: ${problems.slice(0, 3).join('; ')}`)
      }
    },
    async ping() {
      await (await db()).all('SELECT 1 AS ok')
    },
    loginSecret() {
      secret ??= (async () => {
        const sql = await db()
        await sql.run(
          'INSERT INTO secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING',
          ['login', randomBytes(32).toString('base64')],
        )
        const [row] = await sql.all<{ value: string }>('SELECT value FROM secrets WHERE name = ?', [
          'login',
        ])
        return Buffer.from(row.value, 'base64')
      })()
      // A secret that could not be read now is read again by the next call.
      secret.catch(() => {
        secret = undefined
      })
      return secret
    },
    async subscriber(token) {
      const [row] = await (await db()).all<SubscriberRow>(
        'SELECT * FROM subscribers WHERE token = ?',
        [token],
      )
      return row && fromRow(row)
    },
    async pendingOf(addressKey, nowMs) {
      const [row] = await (await db()).all<SubscriberRow>(
        `SELECT * FROM subscribers WHERE address_key = ? AND ${PENDING} AND expires_at > ?`,
        [addressKey, nowMs],
      )
      return row && fromRow(row)
    },
    async addPending(addressKey, subscriber, rules, nowMs) {
      const first = await tryAdd(addressKey, subscriber, rules, nowMs)
      if (!('full' in first)) return first
      // Full: expired sign-ups hold no consent; deleting them may make room.
      const expired = await counted(async (tx) => {
        const n = await deleteExpiredSignUps(tx, nowMs)
        return [n, -n]
      })
      if (expired > 0) {
        const again = await tryAdd(addressKey, subscriber, rules, nowMs)
        if (!('full' in again)) return again
      }
      const [{ soonest }] = await (await db()).all<{ soonest: number | null }>(
        `SELECT MIN(expires_at) AS soonest FROM subscribers WHERE ${PENDING} AND expires_at > ?`,
        [nowMs],
      )
      return { full: Math.max(1, Math.ceil((Number(soonest ?? nowMs) - nowMs) / 1000)) }
    },
    renewLink: (token, expiresAt, rules, nowMs) =>
      refusable<false | Stored, { limited: number }>(async (tx) => {
        const limited = await spendIn(tx, rules.limits, nowMs)
        if (limited) throw new Refusal({ limited })
        const now = await mailNow(tx, rules.pause, nowMs)
        const renewed = await tx.run(
          `UPDATE subscribers SET expires_at = ?, mail_due = ?
           WHERE token = ? AND ${PENDING} AND expires_at > ?`,
          [expiresAt, now ? null : await dueAt(tx, rules.pause, nowMs), token, nowMs],
        )
        return renewed === 1 && { mailNow: now }
      }),
    async dueMails(nowMs, pauseOf) {
      const sql = await db()
      const due = await sql.all<SubscriberRow>(
        `SELECT * FROM subscribers WHERE mail_due <= ? AND ${PENDING} AND expires_at > ?
         ORDER BY mail_due LIMIT 100`,
        [nowMs, nowMs],
      )
      const claimed: Subscriber[] = []
      for (const row of due) {
        const subscriber = fromRow(row)
        const mine = await sql.transaction(async (tx) => {
          const pause = pauseOf(subscriber)
          const now = await mailNow(tx, pause, nowMs)
          const changed = await tx.run(
            'UPDATE subscribers SET mail_due = ? WHERE token = ? AND mail_due = ?',
            [now ? null : await dueAt(tx, pause, nowMs), row.token, row.mail_due],
          )
          return changed === 1 && now
        })
        if (mine) claimed.push(subscriber)
      }
      return claimed
    },
    confirm: (token, confirmedAt, nowMs) =>
      counted(async (tx) => {
        const changed = await tx.run(
          `UPDATE subscribers SET status = 'SUBSCRIBED', confirmed_at = ?, mail_due = NULL
           WHERE token = ? AND ${PENDING} AND expires_at > ?`,
          [confirmedAt, token, nowMs],
        )
        return [changed === 1, -changed]
      }),
    async correct(token, { request, evidence }, nowMs) {
      const changed = await (await db()).run(
        `UPDATE subscribers SET request = ?, consents = ?
         WHERE token = ? AND ${PENDING} AND expires_at > ?`,
        [JSON.stringify(request), JSON.stringify(evidence.consents), token, nowMs],
      )
      return changed === 1
    },
    async subscribers() {
      const rows = await (await db()).all<SubscriberRow>(
        'SELECT * FROM subscribers ORDER BY received_at, seq',
      )
      return rows.map(fromRow)
    },
    erase: (addressKey, erasedAt, pauseKey) =>
      counted(async (tx) => {
        const pending = await tx.run(
          `DELETE FROM subscribers WHERE address_key = ? AND ${PENDING}`,
          [addressKey],
        )
        const records =
          pending + (await tx.run('DELETE FROM subscribers WHERE address_key = ?', [addressKey]))
        if (pauseKey) await tx.run('DELETE FROM limits WHERE key = ?', [pauseKey])
        await tx.run('INSERT INTO erasures (erased_at, records) VALUES (?, ?)', [erasedAt, records])
        return [records, -pending]
      }),
    async limitWait(buckets, nowMs) {
      if (!buckets.length) return 0
      const rows = await (await db()).all<{ key: string; tokens: number; at: number }>(
        `SELECT key, tokens, at FROM limits WHERE key IN (${buckets.map(() => '?').join(', ')})`,
        buckets.map((b) => b.key),
      )
      let wait = 0
      for (const row of rows) {
        const bucket = buckets.find((b) => b.key === row.key)!
        const tokens = Math.min(
          bucket.burst,
          Number(row.tokens) + (nowMs - Number(row.at)) / bucket.everyMs,
        )
        wait = Math.max(wait, secondsUntilToken(tokens, bucket))
      }
      return wait
    },
    async spend(buckets, nowMs) {
      const waited = await refusable<number, number>(async (tx) => {
        const wait = await spendIn(tx, buckets, nowMs)
        if (wait) throw new Refusal(wait)
        return 0
      })
      return waited
    },
    async refund(buckets) {
      await (await db()).transaction(async (tx) => {
        for (const bucket of buckets)
          await tx.run(
            `UPDATE limits SET tokens = CASE WHEN tokens + 1 > ? THEN ? ELSE tokens + 1 END,
               full_at = full_at - ? WHERE key = ?`,
            [bucket.burst, bucket.burst, Math.round(bucket.everyMs), bucket.key],
          )
      })
    },
    async startLogin({ loginId, account, network, startS, until }, caps) {
      // The caps count live logins across the table: one login starts at a time.
      return (await db()).transaction(
        async (tx) => {
          await tx.run('DELETE FROM logins WHERE until <= ?', [startS])
          const live = async (where: string, params: unknown[]) => {
            const [row] = await tx.all<{ n: number; oldest: number | null }>(
              `SELECT COUNT(*) AS n, MIN(until) AS oldest FROM logins ${where}`,
              params,
            )
            return { n: Number(row.n), retryAfter: Number(row.oldest ?? startS) - startS }
          }
          const ofNetwork = await live('WHERE network = ?', [network])
          if (ofNetwork.n >= caps.perNetwork)
            return { cap: 'network', retryAfter: ofNetwork.retryAfter } as const
          const all = await live('', [])
          if (all.n >= caps.all) return { cap: 'all', retryAfter: all.retryAfter } as const
          const ofAccount = await live('WHERE account = ?', [account])
          const ending = ofAccount.n - caps.perAccount + 1
          if (ending > 0)
            await tx.run(
              `DELETE FROM logins WHERE login_id IN
                (SELECT login_id FROM logins WHERE account = ? ORDER BY seq LIMIT ?)`,
              [account, ending],
            )
          await tx.run(
            `INSERT INTO logins (login_id, account, network, token_id, until, seq)
             VALUES (?, ?, ?, '', ?, ${tx.next('logins')})`,
            [loginId, account, network, until],
          )
          return undefined
        },
        { serialized: true },
      )
    },
    async nextToken(loginId, tokenId, issuedAtS, until) {
      const sql = await db()
      const [row] = await sql.all<{ until: number }>(
        `INSERT INTO logins (login_id, account, network, token_id, until, seq)
         VALUES (?, '', '', ?, ?, ${sql.next('logins')})
         ON CONFLICT (login_id) DO UPDATE SET token_id = excluded.token_id,
           until = CASE WHEN logins.until > ? THEN logins.until ELSE excluded.until END
         RETURNING until`,
        [loginId, tokenId, until, issuedAtS],
      )
      return { until: Number(row.until), tokenId }
    },
    async login(loginId) {
      const [row] = await (await db()).all<{ token_id: string; until: number }>(
        'SELECT token_id, until FROM logins WHERE login_id = ?',
        [loginId],
      )
      return row && { tokenId: row.token_id, until: Number(row.until) }
    },
    async deleteExpired(nowMs) {
      const swept = await counted(async (tx) => {
        const signUps = await deleteExpiredSignUps(tx, nowMs)
        const logins = await tx.run('DELETE FROM logins WHERE until <= ?', [
          Math.floor(nowMs / 1000),
        ])
        await tx.run('DELETE FROM limits WHERE full_at <= ?', [nowMs])
        return [{ signUps, logins }, -signUps]
      })
      if (apart)
        await sql.run(
          `UPDATE counters SET value = (SELECT COUNT(*) FROM subscribers WHERE ${PENDING})
           WHERE name = 'pending'`,
        )
      return swept
    },
    async checkpoint() {
      if (sql.engine === 'sqlite') await sql.all('PRAGMA wal_checkpoint(TRUNCATE)')
    },
    close() {
      closed ??= sql.close()
      return closed
    },
  }
}

/**
 * Every record, oldest first, read from a database as it is, without migrating it (the consents
 * export, on a read-only connection). Refuses a database without the schema or of a newer one.
 */
export async function readSubscribers(sql: Sql): Promise<Subscriber[]> {
  const [{ version }] = await sql
    .all<{ version: number | null }>('SELECT MAX(version) AS version FROM schema_migrations')
    .catch(() => {
      throw new StoreUnusable('it holds no records (no schema): is it the right database?')
    })
  const at = Number(version ?? 0)
  if (at > SCHEMA_VERSION)
    throw new StoreUnusable(`its schema is version ${at}, newer than this code's ${SCHEMA_VERSION}`)
  // Version 3 added the arrival order; older rows are listed by their time alone.
  const order = at >= 3 ? 'received_at, seq' : 'received_at'
  return (await sql.all<SubscriberRow>(`SELECT * FROM subscribers ORDER BY ${order}`)).map(fromRow)
}
