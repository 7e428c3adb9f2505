/**
 * The one interface the store's queries run through, whichever engine holds the data: SQLite
 * (embedded, sqlite.ts) or PostgreSQL (postgres.ts). Queries are written once, in the SQL both
 * engines speak (`?` placeholders, `ON CONFLICT`, partial indexes, `RETURNING`); an adapter
 * translates only what differs (PostgreSQL numbers its placeholders).
 */
/** The orders rows are numbered in as they arrive (their `seq`). */
export type Order = 'subscribers' | 'logins' | 'corrections'

export interface Sql {
  readonly engine: 'sqlite' | 'postgres'
  /**
   * The rows a query returns. A SELECT is a lookup (PostgreSQL reads it through the readers'
   * pool) unless it `writes`: a stored function's call, a transaction of its own on a writer.
   */
  all<T>(text: string, params?: readonly unknown[], options?: { writes?: boolean }): Promise<T[]>
  /**
   * Runs a statement, a transaction of its own; the number of rows it changed. One that is not
   * `durable` may return before its commit is on disk, as a transaction's (below).
   */
  run(text: string, params?: readonly unknown[], options?: { durable?: boolean }): Promise<number>
  /**
   * Runs `work` in one transaction: committed when `work` resolves, rolled back when it throws.
   * The caller answers only after the commit. Transactions run side by side where the engine
   * lets them (PostgreSQL); `serialized` ones run one at a time across every process on the
   * database (the migrations). A transaction that is not `durable` may return before its commit
   * is on disk (PostgreSQL's asynchronous commit; SQLite's commits are always durable): only for
   * what may be lost in a crash and is repaired afterwards.
   */
  transaction<T>(
    work: (tx: Sql) => Promise<T>,
    options?: { serialized?: boolean; durable?: boolean },
  ): Promise<T>
  /**
   * After an erasure or a retention sweep: has the engine drop what deleted rows left in its own
   * files where it can (SQLite overwrites deleted content as it deletes and then empties its
   * write-ahead log; PostgreSQL keeps them until its own rewrites: server/README.md, The store).
   * SQLite's periodic checkpoint is the same truncation (store/retention.ts).
   */
  scrub(): Promise<void>
  /** The next number of a named order: from a sequence or an index, never a scan. */
  next(order: Order): string
  close(): Promise<void>
}

/**
 * The database cannot answer now (unreachable, restarting, locked by another writer past the
 * timeout, out of space, read-only): the request may be tried again. The handler answers 503 with
 * Retry-After; the message names the cause for the log, never a record.
 */
export class StoreUnavailable extends Error {
  /**
   * True when waiting helps by itself (a lock held, a connection not yet made); false when an
   * operator must act (a full disk, a read-only file): the start refuses such a store.
   */
  readonly transient: boolean
  constructor(cause: string, transient: boolean) {
    super(cause)
    this.name = 'StoreUnavailable'
    this.transient = transient
  }
}

/** A store the server must not use (a newer schema, a damaged file, missing schema objects). */
export class StoreUnusable extends Error {
  constructor(cause: string) {
    super(cause)
    this.name = 'StoreUnusable'
  }
}
