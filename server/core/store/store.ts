/**
 * The server's records in a database (sql.ts: SQLite embedded, or PostgreSQL): the newsletter's
 * sign-ups with the evidence of consent, their corrections, the consent texts they refer to, the
 * log of erasures and the live logins. Tokens and accounts are kept only as hashes, and the login
 * tokens' signing keys never here (core/login-keys.ts): a copy of the database confirms nothing
 * and logs nobody in. Every method answers after its statements are committed. The rules that
 * must hold whatever runs at the same time are the database's: one pending sign-up per address (a
 * unique index), a confirmation or a correction only of a pending sign-up whose link still works
 * (the condition of its statement), room for a pending sign-up checked in the transaction that
 * stores it; so are the caps on live logins. Routes reach the store through
 * core/routes/newsletter-store.ts and login-sessions.ts.
 */
import type { SubscriberRequest } from '../../../src/contract/newsletter.schema.ts'
import type { Site } from '../../../src/contract/sites.ts'
import { checkSchema, migrate, schemaIsCurrent } from './migrations.ts'
import { type Sql, StoreUnusable } from './sql.ts'

/** The client a sign-up or confirmation came from, kept when the operator chooses so (context.ts). */
export interface ClientEvidence {
  address: string
  agent: string | null
}

/** The words a consent-text version stands for (core/consent-texts.ts), archived once. */
export interface ConsentText {
  version: string
  locale: string
  texts: Record<string, string>
}

/** A token holder's correction of a pending sign-up: when, and the details from then on. */
interface Correction {
  at: string
  request: SubscriberRequest
}

export interface Subscriber {
  /** The hash of the link's token (hashToken): the record's key. The token itself is never stored. */
  tokenHash: string
  /** The request as signed up; corrections are appended (`corrections`), never written over it. */
  request: SubscriberRequest
  status: 'WAITING_FOR_DOI' | 'SUBSCRIBED'
  /** Evidence of the sign-up: when, where, and what the visitor agreed to, in which words. */
  evidence: {
    receivedAt: string
    site: Site
    locale: string
    pageAddress: string | null
    consents: string[]
    consentTextVersion: string
    /** Null when the operator keeps no client evidence. */
    client: ClientEvidence | null
  }
  /** Until when the link of the confirmation mail works (ms). */
  expiresAt: number
  /**
   * The network the sign-up came from (networkKey, as a keyed hash: rate-limit.ts keyedNetwork),
   * so each network's pending share is bounded; dropped (empty) once confirmed, where it serves
   * nothing.
   */
  network: string
  confirmedAt?: string
  /** The client of the confirmation, when the operator keeps client evidence. */
  confirmedBy?: ClientEvidence | null
  corrections: Correction[]
}

/** The details a record holds now: its sign-up's, or its latest correction's. */
export const currentRequest = (subscriber: Subscriber): SubscriberRequest =>
  subscriber.corrections.at(-1)?.request ?? subscriber.request

export interface Login {
  /** The login's end (seconds since the epoch). */
  until: number
  /** The hash of its one current token's id. */
  tokenHash: string
}

/** The caps a new login must fit under (core/context.ts Limits). */
interface LoginCaps {
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
  /** The words of its consent text, archived once. */
  text: ConsentText
}

interface SubscriberRow {
  token_hash: string
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
  seq: number
  client_address: string | null
  client_agent: string | null
  confirmed_address: string | null
  confirmed_agent: string | null
  mail_due: number | null
}

const clientOf = (address: string | null, agent: string | null): ClientEvidence | null =>
  address === null ? null : { address, agent }

const fromRow = (row: SubscriberRow, corrections: Correction[]): Subscriber => ({
  tokenHash: row.token_hash,
  request: JSON.parse(row.request),
  status: row.status,
  evidence: {
    receivedAt: row.received_at,
    site: row.site,
    locale: row.locale,
    pageAddress: row.page_address,
    consents: JSON.parse(row.consents),
    consentTextVersion: row.consent_text_version,
    client: clientOf(row.client_address, row.client_agent),
  },
  expiresAt: Number(row.expires_at),
  network: row.network,
  ...(row.confirmed_at
    ? {
        confirmedAt: row.confirmed_at,
        confirmedBy: clientOf(row.confirmed_address, row.confirmed_agent),
      }
    : {}),
  corrections,
})

const PENDING = `status = 'WAITING_FOR_DOI'`

/**
 * A new pending row's values, in the order both engines' inserts take them (token hash, address,
 * request, evidence, expiry, network, client).
 */
const rowOf = (addressKey: string, { tokenHash, request, evidence: e, ...s }: Subscriber) => [
  tokenHash,
  addressKey,
  JSON.stringify(request),
  e.receivedAt,
  e.site,
  e.locale,
  e.pageAddress,
  JSON.stringify(e.consents),
  e.consentTextVersion,
  s.expiresAt,
  s.network,
  e.client?.address ?? null,
  e.client?.agent ?? null,
]
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

/** Seconds to wait for a token that comes at `atMs`. */
const secondsUntil = (atMs: number, nowMs: number) =>
  atMs <= nowMs ? 0 : Math.max(1, Math.ceil((atMs - nowMs) / 1000))

/** How many spent buckets a process remembers at most (the oldest notes go first). */
const SPENT_NOTES = 10_000

/**
 * The buckets this process found spent, and when each holds a token again: a sign-up is refused
 * from here before its body is read, without asking the database. Only a refusal the
 * database's own count would give: tokens come back no sooner than their pace (sign-ups get
 * none back), and the transaction that stores a sign-up counts its limits again, so another
 * process's spending is caught there.
 */
class SpentBuckets {
  readonly #tokenAt = new Map<string, number>()
  note(key: string, tokenAtMs: number) {
    this.#tokenAt.delete(key)
    this.#tokenAt.set(key, tokenAtMs)
    if (this.#tokenAt.size > SPENT_NOTES)
      this.#tokenAt.delete(this.#tokenAt.keys().next().value as string)
  }
  /** Seconds until every bucket holds a token, as far as this process knows (0: now). */
  wait(buckets: Bucket[], nowMs: number): number {
    let wait = 0
    for (const { key } of buckets) {
      const at = this.#tokenAt.get(key)
      if (at === undefined) continue
      if (at <= nowMs) this.#tokenAt.delete(key)
      else wait = Math.max(wait, secondsUntil(at, nowMs))
    }
    return wait
  }
}

/**
 * Counts one action against each bucket (a `check` bucket only needs a token), or none of them:
 * 0, or the seconds until every bucket allows it (then the caller rolls back); `refusals` notes
 * the buckets that refused. Runs inside the caller's transaction, whose row locks on the buckets keep
 * two processes from both spending the last token; keys in one order, so two transactions never
 * wait for each other's.
 */
async function spendIn(
  tx: Sql,
  buckets: Bucket[],
  nowMs: number,
  refusals?: SpentBuckets,
): Promise<number> {
  let wait = 0
  for (const bucket of [...buckets].sort((a, b) => (a.key < b.key ? -1 : 1))) {
    const cost = bucket.check ? 0 : 1
    const now = level(bucket, 'limits.')
    // One row changed (inserted, or updated where a token was there): spent. No RETURNING: a
    // statement that returns no rows costs SQLite's client a third of one that does.
    const spent = await tx.run(
      `INSERT INTO limits (key, tokens, at, full_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET tokens = ${now} - ${cost},
         full_at = ? + CAST((${Math.round(bucket.burst)} - (${now} - ${cost})) * ${Math.round(bucket.everyMs)} AS BIGINT),
         at = ?
       WHERE ${now} >= 1`,
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
    const tokens = Number(held?.tokens ?? bucket.burst)
    if (tokens < 1) refusals?.note(bucket.key, nowMs + Math.ceil((1 - tokens) * bucket.everyMs))
    wait = Math.max(wait, secondsUntilToken(tokens, bucket))
  }
  return wait
}

/**
 * The pending counter moves by `delta`; a rise must stay within `cap` (false: it would not). One
 * statement: in the caller's transaction, or (`durable` false, PostgreSQL) its own, unflushed.
 */
async function movePending(q: Sql, delta: number, cap = Number.POSITIVE_INFINITY, durable = true) {
  if (delta === 0) return true
  if (delta < 0)
    return (
      (await q.run(`UPDATE counters SET value = value + ? WHERE name = 'pending'`, [delta], {
        durable,
      })) > 0
    )
  return (
    (await q.run(
      `UPDATE counters SET value = value + ? WHERE name = 'pending' AND value + ? <= ?`,
      [delta, delta, Number.isFinite(cap) ? cap : Number.MAX_SAFE_INTEGER],
      { durable },
    )) > 0
  )
}

/** Records the export reads at a time: its memory does not grow with the store. */
const EXPORT_PAGE = 500

export interface Store {
  readonly engine: Sql['engine']
  /**
   * A careful start: the schema migrated (refused when newer than the code) and whole, a write
   * that commits, and on SQLite a quick integrity check. Throws StoreUnusable or StoreUnavailable.
   */
  check(): Promise<void>
  /** Whether the database answers now (GET /readyz): resolves, or throws. */
  ping(): Promise<void>
  subscriber(tokenHash: string): Promise<Subscriber | undefined>
  /** The address's pending sign-up whose link works at `nowMs`. */
  pendingOf(addressKey: string, nowMs: number): Promise<Subscriber | undefined>
  /**
   * Stores a pending sign-up in place of the address's previous one (whose link then no longer
   * works), and archives the words of its consent text when they are new, if it fits `rules`,
   * all decided in the transaction that stores it: its rate limits, its network's share, the
   * store's cap (expired sign-ups deleted to make room), and whether its mailbox's pause lets the
   * mail go now (else the record is due a mail when it ends).
   */
  addPending(
    addressKey: string,
    subscriber: Subscriber,
    rules: SignUpRules,
    nowMs: number,
  ): Promise<NotStored | Stored>
  /**
   * A new link for a pending sign-up (the same sign-up again, counted against `rules.limits`): a
   * new token, as only the hash of the old one is known, and a new life; false when the sign-up
   * no longer waits. Its mail goes now, or when its mailbox's pause ends.
   */
  renewLink(
    tokenHash: string,
    newTokenHash: string,
    expiresAt: number,
    rules: Pick<SignUpRules, 'limits' | 'pause'>,
    nowMs: number,
  ): Promise<false | { limited: number } | Stored>
  /**
   * The pending sign-ups whose mail was held by their mailbox's pause and is due at `nowMs`,
   * each handed out once (whichever process asks first), its pause counted, with a new token
   * (`fresh`: the store knows only hashes) whose hash replaces the old one.
   */
  dueMails(
    nowMs: number,
    pauseOf: (subscriber: Subscriber) => Bucket,
    fresh: () => { token: string; hash: string },
  ): Promise<{ subscriber: Subscriber; token: string }[]>
  /** The pending sign-up becomes a subscriber; false when it is not pending or its link expired. */
  confirm(
    tokenHash: string,
    confirmedAt: string,
    client: ClientEvidence | null,
    nowMs: number,
  ): Promise<boolean>
  /** Appends a correction to a pending sign-up (its token's holder's); false as for confirm. */
  correct(tokenHash: string, correction: Correction, nowMs: number): Promise<boolean>
  /** Every record, pending and confirmed, oldest first, read a page at a time. */
  eachSubscriber(pageSize?: number): AsyncGenerator<Subscriber>
  /** Every record at once (tests; the export reads eachSubscriber). */
  subscribers(): Promise<Subscriber[]>
  /** The archived words of a consent-text version. */
  consentText(version: string): Promise<ConsentText | undefined>
  /**
   * Deletes every record of an address and logs that it did (never whose), then has the engine
   * overwrite what the deleted rows left in its files (Sql.scrub); the number deleted.
   */
  erase(addressKey: string, erasedAt: string, pauseKey?: string): Promise<number>
  /**
   * Seconds until every bucket of a sign-up allows one more (0: now), as far as this process has
   * seen them refuse a sign-up (SpentBuckets): no round trip, and no refusal the database would
   * not give (the login limits, whose tokens a right password gives back, are not noted); counts
   * nothing.
   */
  limitWait(buckets: Bucket[], nowMs: number): Promise<number>
  /** Counts one action against every bucket, or against none: 0, or the seconds to wait. */
  spend(buckets: Bucket[], nowMs: number): Promise<number>
  /** Gives each bucket its token back (an action counted beforehand that did not happen). */
  refund(buckets: Bucket[]): Promise<void>
  /**
   * Starts a login of an account (`accountHash`, never the address) from `network` that ends at
   * `until`, unless its network or everybody holds the cap of live logins; the account's oldest
   * logins past its cap end.
   */
  startLogin(
    login: { loginId: string; accountHash: string; network: string; startS: number; until: number },
    caps: LoginCaps,
  ): Promise<LoginRefused | undefined>
  /**
   * The login's new current token (by its id's hash): a live login keeps its end; one that does
   * not live (tests make tokens without logging in) starts, of no account, and ends at `until`.
   */
  nextToken(loginId: string, tokenHash: string, issuedAtS: number, until: number): Promise<Login>
  login(loginId: string): Promise<Login | undefined>
  /**
   * Retention: deletes pending sign-ups whose link expired and logins that ended, then scrubs
   * as erase does; how many.
   */
  deleteExpired(nowMs: number): Promise<{ signUps: number; logins: number }>
  /** Folds SQLite's write-ahead log into the database and truncates it (nothing on PostgreSQL). */
  checkpoint(): Promise<void>
  close(): Promise<void>
}

/** How long after a failed start the store waits before it tries the database again (ms). */
const RETRY_START_MS = 1_000

/** The store on a database; its schema is migrated before the first query answers. */
export function createStore(sql: Sql, { migrate: migrating = true } = {}): Store {
  // Migrated once; while the database cannot be reached every call fails fast, and the first
  // call after RETRY_START_MS tries again, so the store recovers by itself.
  let ready: Promise<void> | undefined
  let failedAt = 0
  let failure: unknown
  const prepare = () => {
    if (!ready && failure && Date.now() - failedAt < RETRY_START_MS) return Promise.reject(failure)
    // Unmigrated (the consents export, read-only): the schema must be this code's as it is.
    ready ??= (async () => {
      if (migrating) await migrate(sql)
      else await schemaIsCurrent(sql)
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
  const spent = new SpentBuckets()
  /** The consent-text versions this store has archived (committed): never archived again. */
  const archived = new Set<string>()

  /** The rows as records, with their corrections in the order they were made. */
  const withCorrections = async (q: Sql, rows: SubscriberRow[]): Promise<Subscriber[]> => {
    if (!rows.length) return []
    const hashes = rows.map((r) => r.token_hash)
    const corrections = await q.all<{ token_hash: string; corrected_at: string; request: string }>(
      `SELECT token_hash, corrected_at, request FROM corrections
       WHERE token_hash IN (${hashes.map(() => '?').join(', ')}) ORDER BY seq`,
      hashes,
    )
    return rows.map((row) =>
      fromRow(
        row,
        corrections
          .filter((c) => c.token_hash === row.token_hash)
          .map((c) => ({ at: c.corrected_at, request: JSON.parse(c.request) })),
      ),
    )
  }
  const one = async (where: string, params: unknown[]) => {
    const q = await db()
    const [subscriber] = await withCorrections(
      q,
      await q.all<SubscriberRow>(`SELECT * FROM subscribers WHERE ${where}`, params),
    )
    return subscriber
  }
  /** Deletes the matching records with their corrections (in the caller's transaction); how many. */
  const deleteSubscribers = async (tx: Sql, where: string, params: unknown[]) => {
    const gone = await tx.all<{ token_hash: string }>(
      `DELETE FROM subscribers WHERE ${where} RETURNING token_hash`,
      params,
    )
    const hashes = gone.map((r) => r.token_hash)
    if (hashes.length)
      await tx.run(
        `DELETE FROM corrections WHERE token_hash IN (${hashes.map(() => '?').join(', ')})`,
        hashes,
      )
    return gone.length
  }
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
   * it moves last in the transaction that changes the rows. On PostgreSQL a row lock is held
   * until the commit is on disk, so a counter moved there would line every sign-up up behind one
   * flush: it moves in a statement of its own committed without waiting for the disk (room
   * reserved before the sign-up's call, given back after it when unused). A move lost in a crash
   * only ever follows the rows' own commit in the log, or overstates the count (room reserved
   * and not given back); the hourly sweep counts the rows again.
   */
  const apart = sql.engine === 'postgres'
  const moveApart = async (delta: number, cap?: number) =>
    movePending(await db(), delta, cap, false)
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
    deleteSubscribers(tx, `${PENDING} AND expires_at <= ?`, [nowMs])
  /** Whether the mailbox's pause lets a mail go now (counting it), in the caller's transaction. */
  const mailNow = async (tx: Sql, pause: Bucket, nowMs: number) =>
    (await spendIn(tx, [pause], nowMs)) === 0
  /** When a held mail is due: once the mailbox's pause has a token again. */
  const dueAt = async (tx: Sql, pause: Bucket, nowMs: number) =>
    nowMs + (await spendIn(tx, [{ ...pause, check: true }], nowMs)) * 1000

  /**
   * PostgreSQL: the sign-up's transaction is one call, lumora_sign_up (migration 6), which runs
   * what tryAdd's statements do on SQLite: one round trip for the sign-up and one, unflushed,
   * for the room it reserves ahead (a replacement gives it back). The counter moved inside the
   * call would hold its row through the commit's flush, every sign-up waiting in line for it.
   */
  const tryAddInOneCall = async (
    addressKey: string,
    subscriber: Subscriber,
    rules: SignUpRules,
    nowMs: number,
  ): Promise<NotStored | Stored> => {
    const { limits, pause, text } = rules
    const reserved = await moveApart(1, rules.cap)
    let moved = 0
    try {
      const [done] = await (await db()).all<{
        outcome: string
        wait: number
        mail_now: boolean
        delta: number
        refused: string[]
        token_at: number[]
      }>(
        `SELECT outcome, wait, mail_now, delta, refused, token_at
       FROM lumora_sign_up(${Array(24).fill('?').join(', ')})`,
        [
          nowMs,
          limits.map((b) => b.key),
          limits.map((b) => Math.round(b.burst)),
          limits.map((b) => Math.round(b.everyMs)),
          pause.key,
          Math.round(pause.burst),
          Math.round(pause.everyMs),
          rules.networkShare,
          reserved,
          ...rowOf(addressKey, subscriber),
          text.locale,
          archived.has(text.version) ? null : JSON.stringify(text.texts),
        ],
        { writes: true },
      )
      moved = Number(done.delta)
      const wait = Number(done.wait)
      for (const [i, key] of done.refused.entries()) spent.note(key, Number(done.token_at[i]))
      switch (done.outcome) {
        case 'stored':
          archived.add(text.version)
          return { mailNow: done.mail_now }
        case 'taken':
          archived.add(text.version)
          return { taken: true }
        case 'limited':
          return { limited: wait }
        case 'share':
          return { share: wait }
        case 'full':
          return { full: 0 }
        default:
          throw new Error(`lumora_sign_up answered ${done.outcome}`)
      }
    } finally {
      await moveApart(moved - (reserved ? 1 : 0))
    }
  }

  const tryAdd = async (
    addressKey: string,
    subscriber: Subscriber,
    rules: SignUpRules,
    nowMs: number,
  ): Promise<NotStored | Stored> => {
    if (apart) return tryAddInOneCall(addressKey, subscriber, rules, nowMs)
    const done = await refusable<Stored | { taken: true }, NotStored>(async (tx) => {
      const limited = await spendIn(tx, rules.limits, nowMs, spent)
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
      const replaced = await deleteSubscribers(tx, `address_key = ? AND ${PENDING}`, [addressKey])
      if (!archived.has(rules.text.version))
        await tx.run(
          `INSERT INTO consent_texts (version, locale, texts) VALUES (?, ?, ?)
         ON CONFLICT (version) DO NOTHING`,
          [rules.text.version, rules.text.locale, JSON.stringify(rules.text.texts)],
        )
      const now = await mailNow(tx, rules.pause, nowMs)
      const stored = await tx.run(
        `INSERT INTO subscribers (token_hash, address_key, status, request, received_at, site,
        locale, page_address, consents, consent_text_version, expires_at, confirmed_at,
        network, seq, client_address, client_agent, mail_due)
       VALUES (?, ?, 'WAITING_FOR_DOI', ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ${tx.next('subscribers')}, ?, ?, ?)
       ON CONFLICT (address_key) WHERE ${PENDING} DO NOTHING`,
        [...rowOf(addressKey, subscriber), now ? null : await dueAt(tx, rules.pause, nowMs)],
      )
      // The counter last: its row is locked only from here to the commit.
      if (!(await movePending(tx, stored - replaced, rules.cap))) throw new Refusal({ full: 0 })
      return stored ? { mailNow: now } : { taken: true as const }
    })
    if ('mailNow' in done || 'taken' in done) archived.add(rules.text.version)
    return done
  }

  const store: Store = {
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
        // A report may hold several lines under a header; each damaged b-tree by its name.
        const problems = rows
          .flatMap((r) => r.quick_check.split('\n'))
          .filter((line) => line !== 'ok' && !line.startsWith('*** in database'))
        if (problems.length) {
          const named = new Map(
            (
              await sql
                .all<{ name: string; rootpage: number }>('SELECT name, rootpage FROM sqlite_master')
                .catch(() => [])
            ).map((r) => [Number(r.rootpage), r.name]),
          )
          const said = problems
            .slice(0, 3)
            .map((line) =>
              line.replace(/^Tree (\d+)/, (tree, page) =>
                named.has(Number(page)) ? `${tree} (${named.get(Number(page))})` : tree,
              ),
            )
          throw new StoreUnusable(`the integrity check failed: ${said.join('; ')}`)
        }
      }
    },
    async ping() {
      await (await db()).all('SELECT 1 AS ok')
    },

    subscriber: (tokenHash) => one('token_hash = ?', [tokenHash]),
    pendingOf: (addressKey, nowMs) =>
      one(`address_key = ? AND ${PENDING} AND expires_at > ?`, [addressKey, nowMs]),
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
    renewLink: (tokenHash, newTokenHash, expiresAt, rules, nowMs) =>
      refusable<false | Stored, { limited: number }>(async (tx) => {
        const limited = await spendIn(tx, rules.limits, nowMs, spent)
        if (limited) throw new Refusal({ limited })
        const now = await mailNow(tx, rules.pause, nowMs)
        const changed = await tx.run(
          `UPDATE subscribers SET expires_at = ?, token_hash = ?, mail_due = ?
           WHERE token_hash = ? AND ${PENDING} AND expires_at > ?`,
          [
            expiresAt,
            newTokenHash,
            now ? null : await dueAt(tx, rules.pause, nowMs),
            tokenHash,
            nowMs,
          ],
        )
        if (changed !== 1) return false
        await tx.run('UPDATE corrections SET token_hash = ? WHERE token_hash = ?', [
          newTokenHash,
          tokenHash,
        ])
        return { mailNow: now }
      }),
    async dueMails(nowMs, pauseOf, fresh) {
      const q = await db()
      const due = await withCorrections(
        q,
        await q.all<SubscriberRow>(
          `SELECT * FROM subscribers WHERE mail_due <= ? AND ${PENDING} AND expires_at > ?
           ORDER BY mail_due LIMIT 100`,
          [nowMs, nowMs],
        ),
      )
      const claimed: { subscriber: Subscriber; token: string }[] = []
      for (const subscriber of due) {
        const { token, hash } = fresh()
        // Each held mail once, by whichever process claims its row first; its link is new.
        const mine = await refusable<boolean, false>(async (tx) => {
          const pause = pauseOf(subscriber)
          if (!(await mailNow(tx, pause, nowMs))) {
            await tx.run('UPDATE subscribers SET mail_due = ? WHERE token_hash = ?', [
              await dueAt(tx, pause, nowMs),
              subscriber.tokenHash,
            ])
            return false
          }
          const changed = await tx.run(
            `UPDATE subscribers SET mail_due = NULL, token_hash = ?
             WHERE token_hash = ? AND mail_due IS NOT NULL`,
            [hash, subscriber.tokenHash],
          )
          if (changed !== 1) throw new Refusal(false)
          await tx.run('UPDATE corrections SET token_hash = ? WHERE token_hash = ?', [
            hash,
            subscriber.tokenHash,
          ])
          return true
        })
        if (mine) claimed.push({ subscriber: { ...subscriber, tokenHash: hash }, token })
      }
      return claimed
    },
    confirm: (tokenHash, confirmedAt, client, nowMs) =>
      counted(async (tx) => {
        // The network served the pending share alone: a confirmed record no longer keeps it.
        const changed = await tx.run(
          `UPDATE subscribers SET status = 'SUBSCRIBED', confirmed_at = ?, network = '',
             confirmed_address = ?, confirmed_agent = ?, mail_due = NULL
           WHERE token_hash = ? AND ${PENDING} AND expires_at > ?`,
          [confirmedAt, client?.address ?? null, client?.agent ?? null, tokenHash, nowMs],
        )
        return [changed === 1, -changed]
      }),
    async correct(tokenHash, { at, request }, nowMs) {
      // One statement: appended only while the sign-up is pending and its link works.
      const q = await db()
      const changed = await q.run(
        `INSERT INTO corrections (token_hash, corrected_at, request, seq)
         SELECT token_hash, ?, ?, ${q.next('corrections')} FROM subscribers
         WHERE token_hash = ? AND ${PENDING} AND expires_at > ?`,
        [at, JSON.stringify(request), tokenHash, nowMs],
      )
      return changed === 1
    },
    async *eachSubscriber(pageSize = EXPORT_PAGE) {
      const q = await db()
      let after: SubscriberRow | undefined
      for (;;) {
        const rows = await q.all<SubscriberRow>(
          // The next page after the last row read, along the index in this order (migration 5).
          `SELECT * FROM subscribers ${after ? 'WHERE (received_at, seq, token_hash) > (?, ?, ?)' : ''}
           ORDER BY received_at, seq, token_hash LIMIT ${Number(pageSize)}`,
          after ? [after.received_at, after.seq, after.token_hash] : [],
        )
        yield* await withCorrections(q, rows)
        if (rows.length < pageSize) return
        after = rows.at(-1)
      }
    },
    async subscribers() {
      const all: Subscriber[] = []
      for await (const subscriber of store.eachSubscriber()) all.push(subscriber)
      return all
    },
    async consentText(version) {
      const [row] = await (await db()).all<{ version: string; locale: string; texts: string }>(
        'SELECT version, locale, texts FROM consent_texts WHERE version = ?',
        [version],
      )
      return row && { version: row.version, locale: row.locale, texts: JSON.parse(row.texts) }
    },
    async erase(addressKey, erasedAt, pauseKey) {
      const records = await counted(async (tx) => {
        const pending = await deleteSubscribers(tx, `address_key = ? AND ${PENDING}`, [addressKey])
        const records = pending + (await deleteSubscribers(tx, 'address_key = ?', [addressKey]))
        if (pauseKey) await tx.run('DELETE FROM limits WHERE key = ?', [pauseKey])
        await tx.run('INSERT INTO erasures (erased_at, records) VALUES (?, ?)', [erasedAt, records])
        return [records, -pending] as [number, number]
      })
      await (await db()).scrub()
      return records
    },
    limitWait: async (buckets, nowMs) => spent.wait(buckets, nowMs),
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

    async startLogin({ loginId, accountHash, network, startS, until }, caps) {
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
          const ofAccount = await live('WHERE account_hash = ?', [accountHash])
          const ending = ofAccount.n - caps.perAccount + 1
          if (ending > 0)
            await tx.run(
              `DELETE FROM logins WHERE login_id IN
              (SELECT login_id FROM logins WHERE account_hash = ? ORDER BY seq LIMIT ?)`,
              [accountHash, ending],
            )
          await tx.run(
            `INSERT INTO logins (login_id, account_hash, network, token_hash, until, seq)
           VALUES (?, ?, ?, '', ?, ${tx.next('logins')})`,
            [loginId, accountHash, network, until],
          )
          return undefined
        },
        { serialized: true },
      )
    },
    async nextToken(loginId, tokenHash, issuedAtS, until) {
      const q = await db()
      const [row] = await q.all<{ until: number }>(
        `INSERT INTO logins (login_id, account_hash, network, token_hash, until, seq)
         VALUES (?, '', '', ?, ?, ${q.next('logins')})
         ON CONFLICT (login_id) DO UPDATE SET token_hash = excluded.token_hash,
           until = CASE WHEN logins.until > ? THEN logins.until ELSE excluded.until END
         RETURNING until`,
        [loginId, tokenHash, until, issuedAtS],
      )
      return { until: Number(row.until), tokenHash }
    },
    async login(loginId) {
      const [row] = await (await db()).all<{ token_hash: string; until: number }>(
        'SELECT token_hash, until FROM logins WHERE login_id = ?',
        [loginId],
      )
      return row && { tokenHash: row.token_hash, until: Number(row.until) }
    },
    async deleteExpired(nowMs) {
      const deleted = await counted(async (tx) => {
        const signUps = await deleteExpiredSignUps(tx, nowMs)
        const logins = await tx.run('DELETE FROM logins WHERE until <= ?', [
          Math.floor(nowMs / 1000),
        ])
        await tx.run('DELETE FROM limits WHERE full_at <= ?', [nowMs])
        return [{ signUps, logins }, -signUps] as [{ signUps: number; logins: number }, number]
      })
      if (apart)
        await sql.run(
          `UPDATE counters SET value = (SELECT COUNT(*) FROM subscribers WHERE ${PENDING})
           WHERE name = 'pending'`,
        )
      if (deleted.signUps || deleted.logins) await (await db()).scrub()
      return deleted
    },
    checkpoint: () => sql.scrub(),
    close() {
      closed ??= sql.close()
      return closed
    },
  }
  return store
}
