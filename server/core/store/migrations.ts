/**
 * The schema, as versioned migrations that run on start (openStore): each runs once, in order, in
 * the transaction that records it, so a crash mid-way leaves the previous version whole and
 * several processes starting together apply each migration once (the writer lock, sql.ts). The
 * SQL is what SQLite and PostgreSQL both speak. A change to the schema is a new migration at the
 * end; one that has run is never edited.
 */
import type { Sql } from './sql.ts'
import { hashToken } from './token-hash.ts'

interface Migration {
  version: number
  name: string
  statements: string[]
  /** Work the SQL both engines speak cannot say (hashing), after the statements, in their transaction. */
  after?: (tx: Sql) => Promise<void>
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'subscribers, erasures',
    statements: [
      // One row per sign-up: its request and the evidence of consent (GDPR Art. 7(1)). A pending
      // row is deleted once its link has expired; a confirmed one stays until erased.
      `CREATE TABLE subscribers (
        token TEXT PRIMARY KEY,
        address_key TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('WAITING_FOR_DOI', 'SUBSCRIBED')),
        request TEXT NOT NULL,
        received_at TEXT NOT NULL,
        site TEXT NOT NULL,
        locale TEXT NOT NULL,
        page_address TEXT,
        consents TEXT NOT NULL,
        consent_text_version TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        confirmed_at TEXT,
        network TEXT NOT NULL
      )`,
      // One pending sign-up per address, whatever the processes do at the same time.
      `CREATE UNIQUE INDEX subscribers_one_pending ON subscribers (address_key)
        WHERE status = 'WAITING_FOR_DOI'`,
      `CREATE INDEX subscribers_pending_expiry ON subscribers (expires_at)
        WHERE status = 'WAITING_FOR_DOI'`,
      `CREATE INDEX subscribers_address ON subscribers (address_key)`,
      `CREATE INDEX subscribers_pending_network ON subscribers (network)
        WHERE status = 'WAITING_FOR_DOI'`,
      // That an erasure request was carried out, and when; never whose (server/README.md).
      `CREATE TABLE erasures (erased_at TEXT NOT NULL, records INTEGER NOT NULL)`,
    ],
  },
  {
    version: 2,
    name: 'logins, secrets',
    statements: [
      // A live login: who started it (the account as the limits key it, the client's network),
      // its absolute end (seconds), the id of its one current token, and its place in the order
      // logins started (several start in one second).
      `CREATE TABLE logins (
        login_id TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        network TEXT NOT NULL,
        token_id TEXT NOT NULL,
        until BIGINT NOT NULL,
        seq BIGINT NOT NULL
      )`,
      `CREATE INDEX logins_until ON logins (until)`,
      `CREATE INDEX logins_account ON logins (account)`,
      `CREATE INDEX logins_network ON logins (network)`,
      // The login tokens' signing secret, shared by every process on the database.
      `CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)`,
    ],
  },
  {
    version: 3,
    name: 'subscribers in arrival order',
    statements: [
      // A sign-up's place in the order sign-ups arrived: several arrive in one millisecond, and the
      // token, random, says nothing of their order. Rows of version 1 keep 0 and their time.
      `ALTER TABLE subscribers ADD COLUMN seq BIGINT NOT NULL DEFAULT 0`,
    ],
  },
  {
    version: 5,
    name: 'hashed tokens, client evidence, corrections, consent texts',
    statements: [
      // The link's token as its hash (the rows' tokens are hashed below): a copy confirms nothing.
      `ALTER TABLE subscribers RENAME COLUMN token TO token_hash`,
      // The client of the sign-up and of the confirmation, when the operator keeps them.
      `ALTER TABLE subscribers ADD COLUMN client_address TEXT`,
      `ALTER TABLE subscribers ADD COLUMN client_agent TEXT`,
      `ALTER TABLE subscribers ADD COLUMN confirmed_address TEXT`,
      `ALTER TABLE subscribers ADD COLUMN confirmed_agent TEXT`,
      // A confirmed record's network served the pending share alone.
      `UPDATE subscribers SET network = '' WHERE status = 'SUBSCRIBED'`,
      // The export's order, so it reads page after page along an index at any size.
      `CREATE INDEX subscribers_export_order ON subscribers (received_at, seq, token_hash)`,
      // A token holder's corrections, appended: the sign-up's own row is never written over.
      `CREATE TABLE corrections (
        token_hash TEXT NOT NULL,
        corrected_at TEXT NOT NULL,
        request TEXT NOT NULL,
        seq BIGINT NOT NULL
      )`,
      `CREATE INDEX corrections_token ON corrections (token_hash)`,
      // The words of each consent-text version a sign-up names (core/consent-texts.ts).
      `CREATE TABLE consent_texts (
        version TEXT PRIMARY KEY,
        locale TEXT NOT NULL,
        texts TEXT NOT NULL
      )`,
      // Logins keep hashes of their account and token id; the live ones end (their tokens were
      // signed with the key this migration drops), and the signing key lives outside the database.
      `DELETE FROM logins`,
      `ALTER TABLE logins RENAME COLUMN token_id TO token_hash`,
      `ALTER TABLE logins RENAME COLUMN account TO account_hash`,
      `DROP INDEX logins_account`,
      `CREATE INDEX logins_account_hash ON logins (account_hash)`,
      `DROP TABLE secrets`,
    ],
    async after(tx) {
      const rows = await tx.all<{ token_hash: string }>('SELECT token_hash FROM subscribers')
      for (const { token_hash: token } of rows)
        await tx.run('UPDATE subscribers SET token_hash = ? WHERE token_hash = ?', [
          hashToken(token),
          token,
        ])
    },
  },
]

/** Brings the schema to the newest version; returns the versions it applied. */
export async function migrate(sql: Sql): Promise<number[]> {
  return sql.transaction(async (tx) => {
    await tx.run(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
    )
    const done = new Set(
      (await tx.all<{ version: number }>('SELECT version FROM schema_migrations')).map((r) =>
        Number(r.version),
      ),
    )
    const applied: number[] = []
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue
      for (const statement of migration.statements) await tx.run(statement)
      await migration.after?.(tx)
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ])
      applied.push(migration.version)
    }
    return applied
  })
}
