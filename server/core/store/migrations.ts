/**
 * The schema, as versioned migrations that run on start (openStore): each runs once, in order, in
 * the transaction that records it, so a crash mid-way leaves the previous version whole and
 * several processes starting together apply each migration once (a serialized transaction,
 * sql.ts). A database of a newer version than the code is refused, never written to. The
 * SQL is what SQLite and PostgreSQL both speak. A change to the schema is a new migration at the
 * end; one that has run is never edited.
 */
import { type Sql, StoreUnusable } from './sql.ts'
import { hashToken } from './token-hash.ts'

interface Migration {
  version: number
  name: string
  /** The statements, the same on both engines or each engine's own. */
  statements: string[] | ((engine: Sql['engine']) => string[])
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
    version: 4,
    name: 'orders, counters, shared limits, mails due',
    statements: (engine) => [
      // The next place in an order is read from an index (SQLite, one writer at a time) or drawn
      // from a sequence (PostgreSQL, writers side by side), never counted from the rows.
      `CREATE INDEX subscribers_seq ON subscribers (seq)`,
      `CREATE INDEX logins_seq ON logins (seq)`,
      ...(engine === 'postgres'
        ? ['subscribers', 'logins'].flatMap((order) => [
            `CREATE SEQUENCE ${order}_order`,
            `SELECT setval('${order}_order', (SELECT COALESCE(MAX(seq), 0) + 1 FROM ${order}), false)`,
          ])
        : []),
      // Counts kept as the rows change, so a cap is one row's update at the end of the
      // transaction that needs room, not a count of the rows under a lock held all along.
      `CREATE TABLE counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL)`,
      `INSERT INTO counters (name, value)
        SELECT 'pending', COUNT(*) FROM subscribers WHERE status = 'WAITING_FOR_DOI'`,
      // The rate limits every process shares (token buckets): a key is a keyed hash of what it
      // counts (a client, a network, an account, a mailbox), never the address itself.
      `CREATE TABLE limits (
        key TEXT PRIMARY KEY,
        tokens DOUBLE PRECISION NOT NULL,
        at BIGINT NOT NULL,
        full_at BIGINT NOT NULL
      )`,
      `CREATE INDEX limits_full_at ON limits (full_at)`,
      // A pending sign-up stored within its mailbox's pause: when its mail is due (ms).
      `ALTER TABLE subscribers ADD COLUMN mail_due BIGINT`,
      `CREATE INDEX subscribers_mail_due ON subscribers (mail_due) WHERE mail_due IS NOT NULL`,
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
  {
    version: 6,
    name: 'a sign-up in one call (PostgreSQL), fewer indexes to write, corrections in a sequence',
    // On PostgreSQL a sign-up is one round trip: these functions run in the statement's own
    // transaction what store.ts runs statement by statement on SQLite, where a statement costs no
    // round trip. The rules are the same: limits counted with their rows locked, in key order (two
    // sign-ups never wait for each other's); the network's share counted under its limit's lock;
    // the unique index the guard; room for a new row reserved beforehand (store.ts moveApart).
    statements: (engine) => [
      // Every spend rewrites a bucket's full_at; only the hourly sweep reads it, and a scan of
      // the table once an hour costs less than an index entry per spend (and on PostgreSQL it
      // keeps a bucket's updates in place, no index naming the columns they change).
      `DROP INDEX limits_full_at`,
      // The next place comes from the table's own rowid (SQLite) or a sequence (PostgreSQL):
      // the index served SQLite's MAX(seq) alone.
      `DROP INDEX subscribers_seq`,
      ...(engine === 'postgres'
        ? [
            // Corrections too take their place from a sequence, as sign-ups and logins do.
            `CREATE SEQUENCE corrections_order`,
            `SELECT setval('corrections_order', (SELECT COALESCE(MAX(seq), 0) + 1 FROM corrections), false)`,
            // One bucket of a shared limit (store.ts spendIn): 0 when a token is spent (or, at
            // cost 0, there), else the milliseconds until one is.
            `CREATE FUNCTION lumora_spend(p_key TEXT, p_burst DOUBLE PRECISION,
               p_every DOUBLE PRECISION, p_cost INTEGER, p_now BIGINT) RETURNS BIGINT
             LANGUAGE plpgsql AS $$
             DECLARE
               held DOUBLE PRECISION;
             BEGIN
               INSERT INTO limits AS l (key, tokens, at, full_at)
                 VALUES (p_key, p_burst - p_cost, p_now, p_now + p_cost * CAST(p_every AS BIGINT))
               ON CONFLICT (key) DO UPDATE SET
                 tokens = LEAST(p_burst, l.tokens + (p_now - l.at) / p_every) - p_cost,
                 full_at = p_now + CAST((p_burst - (LEAST(p_burst, l.tokens + (p_now - l.at) / p_every) - p_cost)) * p_every AS BIGINT),
                 at = p_now
               WHERE LEAST(p_burst, l.tokens + (p_now - l.at) / p_every) >= 1;
               IF FOUND THEN
                 RETURN 0;
               END IF;
               SELECT LEAST(p_burst, tokens + (p_now - at) / p_every) INTO held
                 FROM limits WHERE key = p_key;
               RETURN GREATEST(1, CEIL((1 - held) * p_every));
             END $$`,
            // A new pending sign-up (store.ts tryAdd): 'stored' or 'taken', whether its mail goes
            // now, and how it moved the pending count (store.ts moves the counter); or a refusal
            // ('limited', 'share', 'full') with the seconds to wait (and the limits that refused,
            // with when each has a token again), everything it did rolled back.
            `CREATE FUNCTION lumora_sign_up(p_now BIGINT, p_limit_keys TEXT[],
               p_limit_bursts DOUBLE PRECISION[], p_limit_everys DOUBLE PRECISION[],
               p_pause_key TEXT, p_pause_burst DOUBLE PRECISION, p_pause_every DOUBLE PRECISION,
               p_share INTEGER, p_reserved BOOLEAN, p_token_hash TEXT, p_address_key TEXT,
               p_request TEXT, p_received_at TEXT, p_site TEXT, p_locale TEXT,
               p_page_address TEXT, p_consents TEXT, p_text_version TEXT, p_expires_at BIGINT,
               p_network TEXT, p_client_address TEXT, p_client_agent TEXT, p_text_locale TEXT,
               p_texts TEXT, OUT outcome TEXT, OUT wait BIGINT, OUT mail_now BOOLEAN,
               OUT delta INTEGER, OUT refused TEXT[], OUT token_at BIGINT[])
             LANGUAGE plpgsql AS $$
             DECLARE
               i INTEGER;
               n BIGINT;
               soonest BIGINT;
               replaced INTEGER;
               stored INTEGER;
               ms BIGINT;
             BEGIN
               wait := 0;
               refused := '{}';
               token_at := '{}';
               mail_now := false;
               delta := 0;
               BEGIN
                 FOR i IN SELECT k.o FROM unnest(p_limit_keys) WITH ORDINALITY AS k(key, o)
                     ORDER BY k.key COLLATE "C" LOOP
                   ms := lumora_spend(p_limit_keys[i], p_limit_bursts[i], p_limit_everys[i], 1,
                     p_now);
                   IF ms > 0 THEN
                     wait := GREATEST(wait, CEIL(ms / 1000.0));
                     refused := refused || p_limit_keys[i];
                     token_at := token_at || (p_now + ms);
                   END IF;
                 END LOOP;
                 IF wait > 0 THEN
                   RAISE EXCEPTION USING ERRCODE = 'LU001', MESSAGE = 'limited';
                 END IF;
                 SELECT COUNT(*), MIN(expires_at) INTO n, soonest FROM subscribers
                   WHERE network = p_network AND status = 'WAITING_FOR_DOI'
                     AND expires_at > p_now AND address_key <> p_address_key;
                 IF n >= p_share THEN
                   wait := GREATEST(1, CEIL((soonest - p_now) / 1000.0));
                   RAISE EXCEPTION USING ERRCODE = 'LU001', MESSAGE = 'share';
                 END IF;
                 WITH gone AS (
                   DELETE FROM subscribers
                     WHERE address_key = p_address_key AND status = 'WAITING_FOR_DOI'
                     RETURNING token_hash
                 ), corrected AS (
                   DELETE FROM corrections WHERE token_hash IN (SELECT token_hash FROM gone)
                 )
                 SELECT COUNT(*) INTO replaced FROM gone;
                 -- The words come along until the caller knows them archived (then null).
                 IF p_texts IS NOT NULL THEN
                   INSERT INTO consent_texts (version, locale, texts)
                     VALUES (p_text_version, p_text_locale, p_texts)
                     ON CONFLICT (version) DO NOTHING;
                 END IF;
                 mail_now := lumora_spend(p_pause_key, p_pause_burst, p_pause_every, 1, p_now) = 0;
                 INSERT INTO subscribers (token_hash, address_key, status, request, received_at,
                     site, locale, page_address, consents, consent_text_version, expires_at,
                     confirmed_at, network, seq, client_address, client_agent, mail_due)
                   VALUES (p_token_hash, p_address_key, 'WAITING_FOR_DOI', p_request,
                     p_received_at, p_site, p_locale, p_page_address, p_consents, p_text_version,
                     p_expires_at, NULL, p_network, nextval('subscribers_order'),
                     p_client_address, p_client_agent,
                     CASE WHEN mail_now THEN NULL ELSE p_now + 1000 * CEIL(
                       lumora_spend(p_pause_key, p_pause_burst, p_pause_every, 0, p_now) / 1000.0) END)
                   ON CONFLICT (address_key) WHERE status = 'WAITING_FOR_DOI' DO NOTHING;
                 GET DIAGNOSTICS stored = ROW_COUNT;
                 delta := stored - replaced;
                 -- A new row needs the room reserved for it (store.ts moves the counter).
                 IF delta > 0 AND NOT p_reserved THEN
                   RAISE EXCEPTION USING ERRCODE = 'LU001', MESSAGE = 'full';
                 END IF;
                 outcome := CASE WHEN stored = 1 THEN 'stored' ELSE 'taken' END;
               EXCEPTION WHEN SQLSTATE 'LU001' THEN
                 outcome := SQLERRM;
                 mail_now := false;
                 delta := 0;
               END;
             END $$`,
          ]
        : []),
    ],
  },
  {
    version: 7,
    name: 'keyed limits and networks',
    statements: (engine) => [
      // The limits' keys and the networks are keyed hashes from now on (rate-limit.ts), under a
      // key the database never holds. What was stored before were plain SHA-256 of addresses and
      // the networks in clear, which a copy gives away by trying the IPv4 addresses: the buckets
      // start afresh (full), and the networks of live pending sign-ups and logins are dropped
      // (their shares count what comes from now on, for the 48 hours those links live at most).
      ...(engine === 'sqlite'
        ? [
            // Emptied anyway, the table comes back keyed by its key alone (no rowid beside it):
            // a spend writes one b-tree instead of two.
            `DROP TABLE limits`,
            `CREATE TABLE limits (
              key TEXT PRIMARY KEY,
              tokens DOUBLE PRECISION NOT NULL,
              at BIGINT NOT NULL,
              full_at BIGINT NOT NULL
            ) WITHOUT ROWID`,
          ]
        : [`DELETE FROM limits`]),
      `UPDATE subscribers SET network = '' WHERE network <> ''`,
      `UPDATE logins SET network = '' WHERE network <> ''`,
    ],
  },
]

/** The newest schema this code knows. */
const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version

/** The tables, indexes, sequences and functions the queries rely on, by engine. */
const EXPECTED: Record<Sql['engine'], string[]> = {
  sqlite: [],
  postgres: [
    'subscribers_order',
    'logins_order',
    'corrections_order',
    'lumora_spend',
    'lumora_sign_up',
  ],
}
const EXPECTED_BOTH = [
  'subscribers',
  'subscribers_one_pending',
  'subscribers_pending_expiry',
  'subscribers_mail_due',
  'subscribers_export_order',
  'corrections',
  'consent_texts',
  'erasures',
  'logins',
  'logins_seq',
  'logins_account_hash',
  'counters',
  'limits',
  'schema_migrations',
]

const SCHEMA_OBJECTS: Record<Sql['engine'], string> = {
  sqlite: `SELECT name FROM sqlite_master WHERE type IN ('table', 'index')`,
  postgres: `SELECT relname AS name FROM pg_class
    WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'i', 'S', 'p')
    UNION SELECT proname FROM pg_proc WHERE pronamespace = current_schema()::regnamespace`,
}

/**
 * Throws StoreUnusable unless the database's schema is this code's version, without changing it
 * (the consents export reads a store as it is).
 */
export async function schemaIsCurrent(sql: Sql): Promise<void> {
  const [row] = await sql
    .all<{ version: number | null }>('SELECT MAX(version) AS version FROM schema_migrations')
    .catch(() => {
      throw new StoreUnusable('it holds no records (no schema): is it the right database?')
    })
  const version = Number(row?.version ?? 0)
  if (version !== SCHEMA_VERSION)
    throw new StoreUnusable(
      `its schema is version ${version}, this code's ${SCHEMA_VERSION}: ${version < SCHEMA_VERSION ? 'start the server once (it migrates)' : 'run the newer code'}, then export`,
    )
}

/** Throws StoreUnusable naming what is missing when the schema lacks an object the queries need. */
export async function checkSchema(sql: Sql): Promise<void> {
  const present = new Set(
    (await sql.all<{ name: string }>(SCHEMA_OBJECTS[sql.engine])).map((r) => r.name),
  )
  const missing = [...EXPECTED_BOTH, ...EXPECTED[sql.engine]].filter((name) => !present.has(name))
  if (missing.length)
    throw new StoreUnusable(`the schema lacks ${missing.join(', ')} (altered by hand?)`)
}

/** Brings the schema to the newest version; returns the versions it applied. */
export async function migrate(sql: Sql): Promise<number[]> {
  return sql.transaction(
    async (tx) => {
      await tx.run(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
      )
      const done = new Set(
        (await tx.all<{ version: number }>('SELECT version FROM schema_migrations')).map((r) =>
          Number(r.version),
        ),
      )
      const newest = Math.max(0, ...done)
      if (newest > SCHEMA_VERSION)
        throw new StoreUnusable(
          `its schema is version ${newest}, newer than this code's ${SCHEMA_VERSION}: run the newer code, or restore a backup`,
        )
      const applied: number[] = []
      for (const migration of MIGRATIONS) {
        if (done.has(migration.version)) continue
        const { statements } = migration
        for (const statement of typeof statements === 'function'
          ? statements(tx.engine)
          : statements)
          await tx.run(statement)
        await migration.after?.(tx)
        await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
          migration.version,
          migration.name,
          new Date().toISOString(),
        ])
        applied.push(migration.version)
      }
      return applied
    },
    { serialized: true },
  )
}
