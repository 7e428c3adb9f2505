/**
 * The embedded engine: SQLite through libsql's better-sqlite3-style client (a file under DATA_DIR,
 * or `:memory:` for in-process tests). Its native part arrives prebuilt as an npm package, so
 * `npm ci` compiles nothing, even where GitHub (better-sqlite3's binaries) is out of reach.
 * Write-ahead log with a full sync at each commit: a committed sign-up survives a killed process and a power cut. The client
 * is synchronous, so the adapter runs one transaction at a time and keeps other statements out of
 * a transaction still awaiting its work.
 */
import Database from 'libsql'
import type { Sql } from './sql.ts'

export function openSqlite(file: string): Sql {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  // Another process on the same file (npm run consents) waits for the lock instead of failing.
  db.pragma('busy_timeout = 5000')
  const statements = new Map<string, Database.Statement>()
  const prepared = (text: string) => {
    const statement = statements.get(text) ?? db.prepare(text)
    statements.set(text, statement)
    return statement
  }
  const direct: Omit<Sql, 'transaction' | 'close'> = {
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
    close: () => exclusive(async () => void db.close()),
  }
}
