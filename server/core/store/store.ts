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
import { migrate } from './migrations.ts'
import type { Sql } from './sql.ts'

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
   * The network the sign-up came from (networkKey), so each network's pending share is bounded;
   * dropped (empty) once confirmed, where it serves nothing.
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
/** A new login's place in the order logins started. */
const NEXT_LOGIN = '(SELECT COALESCE(MAX(seq), 0) + 1 FROM logins)'
const NEXT_SUBSCRIBER = '(SELECT COALESCE(MAX(seq), 0) + 1 FROM subscribers)'
const NEXT_CORRECTION = '(SELECT COALESCE(MAX(seq), 0) + 1 FROM corrections)'
/** Records the export reads at a time: its memory does not grow with the store. */
const EXPORT_PAGE = 500

export interface Store {
  readonly engine: Sql['engine']
  subscriber(tokenHash: string): Promise<Subscriber | undefined>
  /** The address's pending sign-up whose link works at `nowMs`. */
  pendingOf(addressKey: string, nowMs: number): Promise<Subscriber | undefined>
  /**
   * Stores a pending sign-up in place of the address's previous one (whose link then no longer
   * works), and archives the words of its consent text when they are new. Expired pending
   * sign-ups are deleted first; a new address needs room under `cap`.
   */
  addPending(
    addressKey: string,
    subscriber: Subscriber,
    text: ConsentText,
    cap: number,
    nowMs: number,
  ): Promise<NotStored | undefined>
  /** The live pending sign-ups of one network: how many, and when the first link expires (ms). */
  pendingShare(network: string, nowMs: number): Promise<{ count: number; soonest: number }>
  /**
   * A new link for a pending sign-up (its mail is sent again): a new token, as only the hash of
   * the old one is known, and a new life; false when the sign-up no longer waits.
   */
  renewLink(
    tokenHash: string,
    newTokenHash: string,
    expiresAt: number,
    nowMs: number,
  ): Promise<boolean>
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
  erase(addressKey: string, erasedAt: string): Promise<number>
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
  close(): Promise<void>
}

/** The store on a database; its schema is migrated before the first query answers. */
export function createStore(sql: Sql): Store {
  const ready = migrate(sql)
  // The first call's rejection would otherwise be unhandled until a method awaits it.
  ready.catch(() => undefined)
  const db = async () => {
    await ready
    return sql
  }
  let closed: Promise<void> | undefined
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
  const store: Store = {
    engine: sql.engine,
    subscriber: (tokenHash) => one('token_hash = ?', [tokenHash]),
    pendingOf: (addressKey, nowMs) =>
      one(`address_key = ? AND ${PENDING} AND expires_at > ?`, [addressKey, nowMs]),
    async addPending(addressKey, subscriber, text, cap, nowMs) {
      return (await db()).transaction(async (tx) => {
        await deleteSubscribers(tx, `${PENDING} AND expires_at <= ?`, [nowMs])
        const [{ n, soonest }] = await tx.all<{ n: number; soonest: number | null }>(
          `SELECT COUNT(*) AS n, MIN(expires_at) AS soonest FROM subscribers WHERE ${PENDING}`,
        )
        const replaces = await deleteSubscribers(tx, `address_key = ? AND ${PENDING}`, [addressKey])
        if (!replaces && Number(n) >= cap)
          return { full: Math.max(1, Math.ceil((Number(soonest) - nowMs) / 1000)) }
        await tx.run(
          `INSERT INTO consent_texts (version, locale, texts) VALUES (?, ?, ?)
           ON CONFLICT (version) DO NOTHING`,
          [text.version, text.locale, JSON.stringify(text.texts)],
        )
        const { request, evidence: e } = subscriber
        const stored = await tx.run(
          `INSERT INTO subscribers (token_hash, address_key, status, request, received_at, site,
            locale, page_address, consents, consent_text_version, expires_at, confirmed_at,
            network, seq, client_address, client_agent)
           VALUES (?, ?, 'WAITING_FOR_DOI', ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ${NEXT_SUBSCRIBER}, ?, ?)
           ON CONFLICT (address_key) WHERE ${PENDING} DO NOTHING`,
          [
            subscriber.tokenHash,
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
            e.client?.address ?? null,
            e.client?.agent ?? null,
          ],
        )
        return stored ? undefined : { taken: true }
      })
    },
    async pendingShare(network, nowMs) {
      const [row] = await (await db()).all<{ n: number; soonest: number | null }>(
        `SELECT COUNT(*) AS n, MIN(expires_at) AS soonest FROM subscribers
         WHERE network = ? AND ${PENDING} AND expires_at > ?`,
        [network, nowMs],
      )
      return { count: Number(row.n), soonest: Number(row.soonest ?? 0) }
    },
    async renewLink(tokenHash, newTokenHash, expiresAt, nowMs) {
      return (await db()).transaction(async (tx) => {
        const changed = await tx.run(
          `UPDATE subscribers SET expires_at = ?, token_hash = ?
           WHERE token_hash = ? AND ${PENDING} AND expires_at > ?`,
          [expiresAt, newTokenHash, tokenHash, nowMs],
        )
        if (changed !== 1) return false
        await tx.run('UPDATE corrections SET token_hash = ? WHERE token_hash = ?', [
          newTokenHash,
          tokenHash,
        ])
        return true
      })
    },
    async confirm(tokenHash, confirmedAt, client, nowMs) {
      // The network served the pending share alone: a confirmed record no longer keeps it.
      const changed = await (await db()).run(
        `UPDATE subscribers SET status = 'SUBSCRIBED', confirmed_at = ?, network = '',
           confirmed_address = ?, confirmed_agent = ?
         WHERE token_hash = ? AND ${PENDING} AND expires_at > ?`,
        [confirmedAt, client?.address ?? null, client?.agent ?? null, tokenHash, nowMs],
      )
      return changed === 1
    },
    async correct(tokenHash, { at, request }, nowMs) {
      // One statement: appended only while the sign-up is pending and its link works.
      const changed = await (await db()).run(
        `INSERT INTO corrections (token_hash, corrected_at, request, seq)
         SELECT token_hash, ?, ?, ${NEXT_CORRECTION} FROM subscribers
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
    async erase(addressKey, erasedAt) {
      const q = await db()
      const records = await q.transaction(async (tx) => {
        const records = await deleteSubscribers(tx, 'address_key = ?', [addressKey])
        await tx.run('INSERT INTO erasures (erased_at, records) VALUES (?, ?)', [erasedAt, records])
        return records
      })
      await q.scrub()
      return records
    },
    async startLogin({ loginId, accountHash, network, startS, until }, caps) {
      return (await db()).transaction(async (tx) => {
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
           VALUES (?, ?, ?, '', ?, ${NEXT_LOGIN})`,
          [loginId, accountHash, network, until],
        )
        return undefined
      })
    },
    async nextToken(loginId, tokenHash, issuedAtS, until) {
      const [row] = await (await db()).all<{ until: number }>(
        `INSERT INTO logins (login_id, account_hash, network, token_hash, until, seq)
         VALUES (?, '', '', ?, ?, ${NEXT_LOGIN})
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
      const q = await db()
      const deleted = await q.transaction(async (tx) => {
        const signUps = await deleteSubscribers(tx, `${PENDING} AND expires_at <= ?`, [nowMs])
        const logins = await tx.run('DELETE FROM logins WHERE until <= ?', [
          Math.floor(nowMs / 1000),
        ])
        return { signUps, logins }
      })
      if (deleted.signUps || deleted.logins) await q.scrub()
      return deleted
    },
    close() {
      closed ??= ready.then(
        () => sql.close(),
        () => sql.close(),
      )
      return closed
    },
  }
  return store
}
