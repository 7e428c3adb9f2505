/**
 * The embedded engine: SQLite through libsql's better-sqlite3-style client (a file under DATA_DIR,
 * or `:memory:` for in-process tests). Its native part arrives prebuilt as an npm package, so
 * `npm ci` compiles nothing, even where GitHub (better-sqlite3's binaries) is out of reach.
 * Write-ahead log with a full sync at each commit: a committed sign-up survives a killed process and a power cut. The client
 * is synchronous, so the adapter runs one transaction at a time and keeps other statements out of
 * a transaction still awaiting its work. Deleted content is overwritten (secure_delete), and
 * scrub() empties the write-ahead log, whose frames still hold rows as they were written.
 */
import Database from 'libsql'
import type { Sql } from './sql.ts'

export function openSqlite(file: string): Sql {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  // Another process on the same file (npm run consents) waits for the lock instead of failing.
  db.pragma('busy_timeout = 5000')
  // A deleted row's bytes are overwritten with zeros in the database file (erasure, retention).
  db.pragma('secure_delete = ON')
  const statements = new Map<string, Database.Statement>()
  const prepared = (text: string) => {
    const statement = statements.get(text) ?? db.prepare(text)
    statements.set(text, statement)
    return statement
  }
  const direct: Omit<Sql, 'transaction' | 'scrub' | 'close'> = {
    engine: 'sqlite',
    all: async <T>(text: string, params: readonly unknown[] = []) =>
      prepared(text).all(...params) as T[],
    run: async (text, params = []) => prepared(text).run(...params).changes,
  }
  let queue: Promise<unknown> = Promise.resolve()
  const exclusive = <T>(job: () => Promise<T>): Promise<T> => {
    const next = queue.then(job, job)
    queue = next.catch(() => undefined)
    return next
  }
  const inTransaction: Sql = {
    ...direct,
    transaction: (work) => work(inTransaction),
    scrub: async () => undefined,
    close: async () => undefined,
  }
  return {
    engine: 'sqlite',
    all: (text, params) => exclusive(() => direct.all(text, params)),
    run: (text, params) => exclusive(() => direct.run(text, params)),
    transaction: (work) =>
      exclusive(async () => {
        db.exec('BEGIN IMMEDIATE')
        try {
          const result = await work(inTransaction)
          db.exec('COMMIT')
          return result
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK')
          throw error
        }
      }),
    // The log's frames are copied into the file (where deleted rows are zeros by now) and the log
    // truncated to nothing; it waits (busy_timeout) for another process's readers to finish.
    scrub: () => exclusive(async () => void db.pragma('wal_checkpoint(TRUNCATE)')),
    close: () => exclusive(async () => void db.close()),
  }
}
