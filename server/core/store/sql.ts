/**
 * The one interface the store's queries run through, whichever engine holds the data: SQLite
 * (embedded, sqlite.ts) or PostgreSQL (postgres.ts). Queries are written once, in the SQL both
 * engines speak (`?` placeholders, `ON CONFLICT`, partial indexes); an adapter translates only
 * what differs (PostgreSQL numbers its placeholders).
 */
export interface Sql {
  readonly engine: 'sqlite' | 'postgres'
  /** The rows a query returns. */
  all<T>(text: string, params?: readonly unknown[]): Promise<T[]>
  /** Runs a statement; the number of rows it changed. */
  run(text: string, params?: readonly unknown[]): Promise<number>
  /**
   * Runs `work` in one transaction, one writer at a time (SQLite's write lock, a PostgreSQL
   * advisory lock shared by every process on the database): committed when `work` resolves,
   * rolled back when it throws. The caller answers only after the commit.
   */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>
  /**
   * After an erasure or a retention sweep: has the engine drop what deleted rows left in its own
   * files where it can (SQLite overwrites deleted content as it deletes and then empties its
   * write-ahead log; PostgreSQL keeps them until its own rewrites: server/README.md, The store).
   */
  scrub(): Promise<void>
  close(): Promise<void>
}
