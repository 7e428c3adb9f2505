/**
 * The embedded engine: SQLite through libsql's better-sqlite3-style client (a file under DATA_DIR,
 * or `:memory:` for in-process tests). Its native part arrives prebuilt as an npm package, so
 * `npm ci` compiles nothing, even where GitHub (better-sqlite3's binaries) is out of reach.
 * Write-ahead log with a full sync at each commit: a committed sign-up survives a killed process
 * and a power cut.
 *
 * The client is synchronous, so the adapter runs one statement or transaction at a time and keeps
 * other statements out of a transaction still awaiting its work; transactions that arrive together
 * commit together (group commit, below). A wait for another process's
 * write lock (an operator's `sqlite3`, `npm run consents`) never blocks the event loop: SQLite
 * waits BUSY_WAIT_MS at most, then the adapter lets other calls run and tries again until
 * BUSY_DEADLINE_MS, and then answers StoreUnavailable (503). Readers never wait for a writer (the
 * write-ahead log), so lookups and confirmations' reads go on while a writer holds the lock.
 * Deleted content is overwritten (secure_delete), and scrub() empties the write-ahead log, whose
 * frames still hold rows as they were written.
 */
import Database from 'libsql'
import { type Order, type Sql, StoreUnavailable } from './sql.ts'

/** The longest SQLite itself waits for a lock, blocking the event loop (ms). */
const BUSY_WAIT_MS = 10
/** How long a write keeps trying for the lock, without blocking, before it answers 503 (ms). */
const BUSY_DEADLINE_MS = 2_000
/** What the write-ahead log is cut back to after a checkpoint (bytes). */
export const JOURNAL_SIZE_LIMIT = 4 * 1024 * 1024

/** SQLite's result codes that say "not now" rather than "wrong query". */
const TRANSIENT = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CANTOPEN|PROTOCOL|NOMEM)/
const isBusy = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(codeOf(error))
const codeOf = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '')

/** The error as StoreUnavailable when it means the database cannot answer now; else as it is. */
function sqliteFailure(error: unknown, file: string): unknown {
  if (error instanceof StoreUnavailable) return error
  const code = codeOf(error)
  if (!TRANSIENT.test(code)) return error
  return new StoreUnavailable(`SQLite ${file}: ${code} ${(error as Error).message}`, isBusy(error))
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface SqliteOptions {
  /** How long a write tries for another process's lock before it answers 503 (ms). */
  busyDeadlineMs?: number
  /** Open the file for reading only (the consents export): it must exist, nothing is written. */
  readOnly?: boolean
}

export function openSqlite(file: string, options: SqliteOptions = {}): Sql {
  const deadline = options.busyDeadlineMs ?? BUSY_DEADLINE_MS
  const db = new Database(file, options.readOnly ? { readonly: true, fileMustExist: true } : {})
  db.pragma(`busy_timeout = ${BUSY_WAIT_MS}`)
  if (!options.readOnly) {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`)
    // A deleted row's bytes are overwritten with zeros in the database file (erasure, retention).
    db.pragma('secure_delete = ON')
  }
  const statements = new Map<string, Database.Statement>()
  const prepared = (text: string) => {
    const statement = statements.get(text) ?? db.prepare(text)
    statements.set(text, statement)
    return statement
  }
  // The table's own rowid b-tree gives its last row at once (a row's seq never exceeds its rowid:
  // both grow by one per row); logins read their seq index.
  const next = (order: Order) =>
    order === 'logins'
      ? '(SELECT COALESCE(MAX(seq), 0) + 1 FROM logins)'
      : `(SELECT COALESCE(MAX(rowid), 0) + 1 FROM ${order})`
  const direct: Pick<Sql, 'all' | 'run'> = {
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
  /**
   * Runs `job` alone; while another process holds the write lock, steps aside (other calls run)
   * and tries again, until the deadline.
   */
  const patiently = async <T>(job: () => Promise<T>): Promise<T> => {
    const until = Date.now() + deadline
    for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
      try {
        return await exclusive(job)
      } catch (error) {
        if (!isBusy(error) || Date.now() + wait > until) throw sqliteFailure(error, file)
      }
      await pause(wait)
    }
  }
  /**
   * Group commit: the transactions that arrive while another holds the writer commit together,
   * each in a savepoint of its own, with one sync for all of them. A transaction's work sees what
   * the ones before it wrote, as one after the other; one that throws is rolled back to its
   * savepoint alone. Each caller hears of its own only after the commit: what it was told is
   * stored is on disk. The sync is what a commit costs most (a full sync of the log), and it
   * blocks the event loop.
   */
  type Waiting = {
    work: (tx: Sql) => Promise<unknown>
    resolve: (value: unknown) => void
    reject: (error: unknown) => void
  }
  let waiting: Waiting[] = []
  const commitTogether = async (group: Waiting[]) => {
    const outcomes: { error?: unknown; value?: unknown }[] = []
    try {
      await patiently(async () => {
        // The group closes when it starts: transactions arriving from now on form the next one.
        if (waiting === group) waiting = []
        outcomes.length = 0
        // Busy here means another process writes: nothing ran yet, so it is tried again.
        db.exec('BEGIN IMMEDIATE')
        try {
          for (const { work } of group) {
            db.exec('SAVEPOINT one')
            try {
              outcomes.push({ value: await work(inTransaction) })
              db.exec('RELEASE one')
            } catch (error) {
              db.exec('ROLLBACK TO one')
              db.exec('RELEASE one')
              // A full disk mid-way is "not now" (503) for its caller, as a failed commit is.
              outcomes.push({ error: sqliteFailure(error, file) })
            }
          }
          db.exec('COMMIT')
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK')
          throw error
        }
      })
    } catch (error) {
      for (const { reject } of group) reject(error)
      return
    }
    for (const [i, { resolve, reject }] of group.entries()) {
      const outcome = outcomes[i]!
      if ('error' in outcome) reject(outcome.error)
      else resolve(outcome.value)
    }
  }
  const inTransaction: Sql = {
    engine: 'sqlite',
    ...direct,
    next,
    transaction: (work) => work(inTransaction),
    scrub: async () => undefined,
    close: async () => undefined,
  }
  return {
    engine: 'sqlite',
    all: (text, params) => patiently(() => direct.all(text, params)),
    run: (text, params) => patiently(() => direct.run(text, params)),
    next,
    transaction: <T>(work: (tx: Sql) => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        waiting.push({ work, resolve, reject } as Waiting)
        // The group waits out this turn of the event loop: the requests read in it join.
        if (waiting.length === 1) setImmediate((group) => void commitTogether(group), waiting)
      }),
    // The log's frames are copied into the file (where deleted rows are zeros by now) and the log
    // truncated to nothing; another process's readers keep it from truncating (tried again later).
    scrub: () => patiently(async () => void db.pragma('wal_checkpoint(TRUNCATE)')),
    close: () => exclusive(async () => void db.close()),
  }
}
