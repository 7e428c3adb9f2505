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
import { migrate } from './migrations.ts'
import type { Sql } from './sql.ts'

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
/** A new login's place in the order logins started. */
const NEXT_LOGIN = '(SELECT COALESCE(MAX(seq), 0) + 1 FROM logins)'
const NEXT_SUBSCRIBER = '(SELECT COALESCE(MAX(seq), 0) + 1 FROM subscribers)'

export interface Store {
  readonly engine: Sql['engine']
  /** The login tokens' signing secret: drawn once per database, so a restart keeps the logins. */
  loginSecret(): Promise<Buffer>
  subscriber(token: string): Promise<Subscriber | undefined>
  /** The address's pending sign-up whose link works at `nowMs`. */
  pendingOf(addressKey: string, nowMs: number): Promise<Subscriber | undefined>
  /**
   * Stores a pending sign-up in place of the address's previous one (whose link then no longer
   * works). Expired pending sign-ups are deleted first; a new address needs room under `cap`.
   */
  addPending(
    addressKey: string,
    subscriber: Subscriber,
    cap: number,
    nowMs: number,
  ): Promise<NotStored | undefined>
  /** The live pending sign-ups of one network: how many, and when the first link expires (ms). */
  pendingShare(network: string, nowMs: number): Promise<{ count: number; soonest: number }>
  /** A new life for a pending link (its mail was sent again); false when it no longer works. */
  renewLink(token: string, expiresAt: number, nowMs: number): Promise<boolean>
  /** The pending sign-up becomes a subscriber; false when it is not pending or its link expired. */
  confirm(token: string, confirmedAt: string, nowMs: number): Promise<boolean>
  /** New details for a pending sign-up (its token's holder's); false as for confirm. */
  correct(token: string, subscriber: Subscriber, nowMs: number): Promise<boolean>
  /** Every record, pending and confirmed, oldest first. */
  subscribers(): Promise<Subscriber[]>
  /** Deletes every record of an address and logs that it did (never whose); the number deleted. */
  erase(addressKey: string, erasedAt: string): Promise<number>
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
  /** Retention: deletes pending sign-ups whose link expired and logins that ended; how many. */
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
  let secret: Promise<Buffer> | undefined
  return {
    engine: sql.engine,
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
    async addPending(addressKey, subscriber, cap, nowMs) {
      return (await db()).transaction(async (tx) => {
        await tx.run(`DELETE FROM subscribers WHERE ${PENDING} AND expires_at <= ?`, [nowMs])
        const [{ n, soonest }] = await tx.all<{ n: number; soonest: number | null }>(
          `SELECT COUNT(*) AS n, MIN(expires_at) AS soonest FROM subscribers WHERE ${PENDING}`,
        )
        const replaces = await tx.run(
          `DELETE FROM subscribers WHERE address_key = ? AND ${PENDING}`,
          [addressKey],
        )
        if (!replaces && Number(n) >= cap)
          return { full: Math.max(1, Math.ceil((Number(soonest) - nowMs) / 1000)) }
        const { request, evidence: e } = subscriber
        const stored = await tx.run(
          `INSERT INTO subscribers (token, address_key, status, request, received_at, site, locale,
            page_address, consents, consent_text_version, expires_at, confirmed_at, network, seq)
           VALUES (?, ?, 'WAITING_FOR_DOI', ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ${NEXT_SUBSCRIBER})
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
    async renewLink(token, expiresAt, nowMs) {
      const changed = await (await db()).run(
        `UPDATE subscribers SET expires_at = ? WHERE token = ? AND ${PENDING} AND expires_at > ?`,
        [expiresAt, token, nowMs],
      )
      return changed === 1
    },
    async confirm(token, confirmedAt, nowMs) {
      const changed = await (await db()).run(
        `UPDATE subscribers SET status = 'SUBSCRIBED', confirmed_at = ?
         WHERE token = ? AND ${PENDING} AND expires_at > ?`,
        [confirmedAt, token, nowMs],
      )
      return changed === 1
    },
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
    async erase(addressKey, erasedAt) {
      return (await db()).transaction(async (tx) => {
        const records = await tx.run('DELETE FROM subscribers WHERE address_key = ?', [addressKey])
        await tx.run('INSERT INTO erasures (erased_at, records) VALUES (?, ?)', [erasedAt, records])
        return records
      })
    },
    async startLogin({ loginId, account, network, startS, until }, caps) {
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
           VALUES (?, ?, ?, '', ?, ${NEXT_LOGIN})`,
          [loginId, account, network, until],
        )
        return undefined
      })
    },
    async nextToken(loginId, tokenId, issuedAtS, until) {
      const [row] = await (await db()).all<{ until: number }>(
        `INSERT INTO logins (login_id, account, network, token_id, until, seq)
         VALUES (?, '', '', ?, ?, ${NEXT_LOGIN})
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
      return (await db()).transaction(async (tx) => ({
        signUps: await tx.run(`DELETE FROM subscribers WHERE ${PENDING} AND expires_at <= ?`, [
          nowMs,
        ]),
        logins: await tx.run('DELETE FROM logins WHERE until <= ?', [Math.floor(nowMs / 1000)]),
      }))
    },
    close() {
      closed ??= ready.then(
        () => sql.close(),
        () => sql.close(),
      )
      return closed
    },
  }
}
