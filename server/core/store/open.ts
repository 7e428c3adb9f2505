/**
 * Which database the server and `npm run consents` use, from the environment: DATABASE_URL
 * (postgres://…) for PostgreSQL, else the embedded SQLite file in DATA_DIR (default: the folder the
 * caller names, `.data/` in the checkout for server/serve.ts and consents.ts; `:memory:` for a
 * store that ends with the process, as the browser tests' servers use). The server and the tools
 * read the same settings, so they see one store. The folder and its files are the server's alone
 * (private-files.ts): 0700 and 0600, and a start is refused when another user owns them or may
 * write to them.
 */
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs'
import path from 'node:path'
import { keepPrivate, StartRefused } from '../private-files.ts'
import { openPostgres } from './postgres.ts'
import { openSqlite } from './sqlite.ts'
import { createStore, type Store } from './store.ts'
import type { Sql } from './sql.ts'

const SQLITE_FILE = 'contract-server.sqlite'
const MEMORY = ':memory:'

/** Parameters of a connection address that carry a secret (libpq's and node-postgres's). */
const SECRET_PARAMS = /pass|key|secret|token/i

/**
 * Where the store lives, said without any password (for the start-up line): the address's
 * password and every parameter that may carry a secret (`?password=`, `sslpassword`, `sslkey`)
 * are left out.
 */
export function storeLocation(env: Record<string, string | undefined>, dataDir: string): string {
  if (env.DATABASE_URL) {
    if (!URL.canParse(env.DATABASE_URL)) return 'PostgreSQL (DATABASE_URL is no address)'
    const url = new URL(env.DATABASE_URL)
    url.password = ''
    for (const name of [...url.searchParams.keys()])
      if (SECRET_PARAMS.test(name)) url.searchParams.delete(name)
    return `PostgreSQL ${url.href}`
  }
  if (env.DATA_DIR === MEMORY) return 'SQLite in memory (nothing outlives the process)'
  return `SQLite ${path.join(path.resolve(env.DATA_DIR || dataDir), SQLITE_FILE)}`
}

/**
 * The one line that says why the store cannot be used: where it is, and the cause (the first line
 * of the error, never a stack).
 */
export function unusableStore(location: string, error: unknown): string {
  const cause = (error instanceof Error ? error.message : String(error)).split('\n')[0]
  return `Records: cannot use ${location}: ${cause}`
}

export interface OpenOptions {
  /**
   * Refuse a store that does not exist yet instead of creating it (the consents CLI: a mistyped
   * DATA_DIR must not look like an empty shop); `:memory:` never exists.
   */
  existing?: boolean
}

export function openConfiguredStore(
  env: Record<string, string | undefined>,
  dataDir: string,
  { existing = false }: OpenOptions = {},
): Store {
  const url = env.DATABASE_URL
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url))
      throw new Error(
        'DATABASE_URL is a postgres:// address (leave it unset for the embedded store)',
      )
    return createStore(openPostgres(url))
  }
  if (env.DATA_DIR === MEMORY) {
    if (existing) throw new Error('an in-memory store (DATA_DIR=:memory:) holds no records')
    return memoryStore()
  }
  const dir = path.resolve(env.DATA_DIR || dataDir)
  if (existing && !existsSync(path.join(dir, SQLITE_FILE)))
    throw new Error('there is no store there (is DATA_DIR right?)')
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  keepPrivate(dir, 0o700)
  const file = path.join(dir, SQLITE_FILE)
  // Created 0600 before SQLite opens it; SQLite gives its -wal and -shm files the same mode.
  try {
    closeSync(openSync(file, 'a', 0o600))
  } catch (error) {
    throw new StartRefused(`${file} cannot be opened: ${(error as Error).message}`)
  }
  for (const own of [file, `${file}-wal`, `${file}-shm`]) keepPrivate(own, 0o600)
  return createStore(openSqlite(file))
}

/**
 * The configured database opened for reading only, unmigrated (the consents export): it must
 * exist; nothing is written to it, not even a migration.
 */
export function openConfiguredReadOnly(
  env: Record<string, string | undefined>,
  dataDir: string,
): Sql {
  const url = env.DATABASE_URL
  if (url) return openPostgres(url, undefined, { readOnly: true })
  if (env.DATA_DIR === MEMORY)
    throw new Error('an in-memory store (DATA_DIR=:memory:) holds no records')
  const dir = path.resolve(env.DATA_DIR || dataDir)
  const file = path.join(dir, SQLITE_FILE)
  keepPrivate(dir, 0o700)
  if (!existsSync(file)) throw new Error('there is no store there (is DATA_DIR right?)')
  keepPrivate(file, 0o600)
  return openSqlite(file, { readOnly: true })
}

/** A store of its own in memory, for in-process servers (tests): nothing outlives the process. */
export const memoryStore = (): Store => createStore(openSqlite(MEMORY))
