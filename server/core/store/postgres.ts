/**
 * The server engine: PostgreSQL through node-postgres (`DATABASE_URL=postgres://…`), for several
 * server processes behind a load balancer sharing one database. Transactions run side by side:
 * what must hold whatever runs at the same time is kept by the schema (unique indexes, conditional
 * updates, the counter rows of store.ts), and only the migrations take the one advisory lock.
 *
 * A database that goes away never ends the process: every connection has an error listener, a
 * connection that failed is destroyed instead of going back to the pool, and a call that cannot
 * reach the database throws StoreUnavailable (503) after at most the timeouts below; the pool
 * connects again by itself once the database answers. Reads have a pool of their own, so lookups
 * never wait behind sign-ups holding every writer connection.
 */
import pg from 'pg'
import { type Order, type Sql, StoreUnavailable } from './sql.ts'

/** The advisory lock the migrations take (any number, the same in every process). */
const MIGRATION_LOCK = 4_040_040

/** How long the store waits for PostgreSQL before a call answers 503 (ms). */
export interface PostgresTimeouts {
  /** For a new connection. */
  connect: number
  /** For a row lock another transaction holds (`lock_timeout`). */
  lock: number
  /** For one statement (`statement_timeout`). */
  statement: number
  /** For one answer on the wire, whatever the server does (a network that went silent). */
  query: number
}

const POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connect: 3_000,
  lock: 2_000,
  statement: 5_000,
  query: 8_000,
}

/** Connections per pool: writers (transactions, updates), readers (lookups), unflushed writes. */
const WRITERS = 8
const READERS = 4
const UNFLUSHED = 2

const INT8 = 20
/** Timestamps in milliseconds are BIGINT; they fit a JavaScript number exactly. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

/** `?` placeholders as PostgreSQL's `$1, $2, …` (the store's queries hold no `?` in literals). */
const numbered = (text: string) => {
  let n = 0
  return text.replace(/\?/g, () => `$${++n}`)
}

/**
 * SQLSTATE classes and codes that say "not now" rather than "wrong query": connection exceptions
 * (08), the server shutting down or starting (57P01-57P03), statement and lock timeouts (57014,
 * 55P03), too many connections (53300), out of disk (53100), read-only (25006), and conflicts a
 * retry resolves (40001, 40P01).
 */
const TRANSIENT = /^(08|57P0[1-3]$|57014$|55P03$|53[0-9]{3}$|25006$|40001$|40P01$)/
/** Of those, the ones an operator must fix: out of disk or memory, a read-only database. */
const LASTING = /^(53100|53200|25006)$/
/** node-postgres and node's own words for a connection that failed or was never made. */
const CONNECTION_LOST =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|not queryable|ECONNREFUSED|ECONNRESET|ENOENT|EPIPE|ETIMEDOUT|EHOSTUNREACH/

/** The error as StoreUnavailable when it means the database cannot answer now; else as it is. */
function postgresFailure(error: unknown): unknown {
  if (error instanceof StoreUnavailable) return error
  const { code, message } = (error ?? {}) as { code?: string; message?: string }
  if ((code && TRANSIENT.test(code)) || CONNECTION_LOST.test(`${code ?? ''} ${message ?? ''}`))
    return new StoreUnavailable(
      `PostgreSQL: ${code ? `${code} ` : ''}${message ?? error}`,
      !LASTING.test(code ?? ''),
    )
  return error
}

type Queryable = Pick<pg.Pool, 'query'>

const on = (client: Queryable): Pick<Sql, 'all' | 'run'> => ({
  all: async <T>(text: string, params: readonly unknown[] = []) =>
    (await client.query(numbered(text), [...params])).rows as T[],
  run: async (text, params = []) => (await client.query(numbered(text), [...params])).rowCount ?? 0,
})

/** A read needs no writer connection: SELECT and nothing else. */
const isRead = (text: string) => /^\s*SELECT\b/i.test(text)

export function openPostgres(
  connectionString: string,
  timeouts: PostgresTimeouts = POSTGRES_TIMEOUTS,
  { readOnly = false }: { readOnly?: boolean } = {},
): Sql {
  const pool = (max: number, options?: string) => {
    const created = new pg.Pool({
      connectionString,
      // The consents export: every transaction of the session is read-only.
      ...(readOnly
        ? { options: '-c default_transaction_read_only=on' }
        : options
          ? { options }
          : {}),
      types,
      max,
      connectionTimeoutMillis: timeouts.connect,
      lock_timeout: timeouts.lock,
      statement_timeout: timeouts.statement,
      query_timeout: timeouts.query,
      // A transaction left open (a process frozen mid-way) gives its row locks back.
      idle_in_transaction_session_timeout: timeouts.statement * 2,
    })
    // An idle connection the database drops is replaced by the pool; one checked out reports
    // its loss to the query that uses it. Neither may end the server.
    created.on('error', (error) => console.error('postgres: idle connection lost:', error.message))
    created.on('connect', (client) =>
      client.on('error', (error) => console.error('postgres: connection lost:', error.message)),
    )
    return created
  }
  const writers = pool(WRITERS)
  const readers = pool(READERS)
  // Statements and transactions that need not wait for the disk (`durable: false`).
  const unflushed = pool(UNFLUSHED, '-c synchronous_commit=off')
  const guarded =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args)
      } catch (error) {
        throw postgresFailure(error)
      }
    }
  const next = (order: Order) => `nextval('${order}_order')`
  return {
    engine: 'postgres',
    all: guarded((text: string, params?: readonly unknown[], options?: { writes?: boolean }) =>
      on(isRead(text) && !options?.writes ? readers : writers).all(text, params),
    ) as Sql['all'],
    // One statement is one round trip: no BEGIN and COMMIT around it.
    run: guarded((text: string, params?: readonly unknown[], options?: { durable?: boolean }) =>
      on(options?.durable === false ? unflushed : writers).run(text, params),
    ),
    next,
    transaction: guarded(async (work, options) => {
      const client = await (options?.durable === false ? unflushed : writers).connect()
      const tx: Sql = {
        engine: 'postgres',
        ...on(client),
        next,
        transaction: (inner) => inner(tx),
        scrub: async () => {},
        close: async () => {},
      }
      let broken: Error | undefined
      try {
        await client.query('BEGIN')
        if (options?.serialized)
          await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
        const result = await work(tx)
        await client.query('COMMIT')
        return result
      } catch (error) {
        // A connection that failed mid-transaction is destroyed, never handed to the next caller.
        broken = error instanceof Error ? error : new Error(String(error))
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release(broken && postgresFailure(broken) !== broken ? broken : undefined)
      }
    }) as Sql['transaction'],
    // Nothing the server itself can do: dead rows stay in the heap until vacuumed and their
    // pages reused, and in the WAL and backups for their retention (server/README.md).
    scrub: async () => {},
    close: async () => {
      await Promise.all([writers.end(), readers.end(), unflushed.end()])
    },
  }
}
