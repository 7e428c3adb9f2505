/**
 * The server engine: PostgreSQL through node-postgres (`DATABASE_URL=postgres://…`), for several
 * server processes behind a load balancer sharing one database. Transactions take one advisory
 * lock, so writers queue as they do on SQLite, across every process on the database.
 */
import pg from 'pg'
import type { Sql } from './sql.ts'

/** The advisory lock the store's transactions take (any number, the same in every process). */
const WRITER_LOCK = 4_040_040

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

type Queryable = Pick<pg.Pool, 'query'>

const on = (client: Queryable): Omit<Sql, 'transaction' | 'scrub' | 'close'> => ({
  engine: 'postgres',
  all: async <T>(text: string, params: readonly unknown[] = []) =>
    (await client.query(numbered(text), [...params])).rows as T[],
  run: async (text, params = []) => (await client.query(numbered(text), [...params])).rowCount ?? 0,
})

export function openPostgres(connectionString: string): Sql {
  const pool = new pg.Pool({ connectionString, types })
  // A connection the database drops while idle is replaced by the pool; it must not end the server.
  pool.on('error', (error) => console.error('postgres: idle connection lost:', error.message))
  return {
    ...on(pool),
    async transaction(work) {
      const client = await pool.connect()
      const tx: Sql = {
        ...on(client),
        transaction: (inner) => inner(tx),
        scrub: async () => {},
        close: async () => {},
      }
      try {
        await client.query('BEGIN')
        await client.query('SELECT pg_advisory_xact_lock($1)', [WRITER_LOCK])
        const result = await work(tx)
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    // Nothing the server itself can do: dead rows stay in the heap until vacuumed and their
    // pages reused, and in the WAL and backups for their retention (server/README.md).
    scrub: async () => {},
    close: () => pool.end(),
  }
}
