/**
 * Which database the server and `npm run consents` use, from the environment: DATABASE_URL
 * (postgres://…) for PostgreSQL, else the embedded SQLite file in DATA_DIR (default: the folder the
 * caller names, `.data/` in the checkout for server/serve.ts and consents.ts; `:memory:` for a
 * store that ends with the process, as the browser tests' servers use). The server and the tools
 * read the same settings, so they see one store.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { openPostgres } from './postgres.ts'
import { openSqlite } from './sqlite.ts'
import { createStore, type Store } from './store.ts'

const SQLITE_FILE = 'contract-server.sqlite'
const MEMORY = ':memory:'

/** Where the store lives, said without its password (for the start-up line). */
export function storeLocation(env: Record<string, string | undefined>, dataDir: string): string {
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL)
    url.password = url.password && '***'
    return `PostgreSQL ${url.href}`
  }
  if (env.DATA_DIR === MEMORY) return 'SQLite in memory (nothing outlives the process)'
  return `SQLite ${path.join(path.resolve(env.DATA_DIR || dataDir), SQLITE_FILE)}`
}

export function openConfiguredStore(
  env: Record<string, string | undefined>,
  dataDir: string,
): Store {
  const url = env.DATABASE_URL
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url))
      throw new Error(
        'DATABASE_URL is a postgres:// address (leave it unset for the embedded store)',
      )
    return createStore(openPostgres(url))
  }
  if (env.DATA_DIR === MEMORY) return memoryStore()
  const dir = path.resolve(env.DATA_DIR || dataDir)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  return createStore(openSqlite(path.join(dir, SQLITE_FILE)))
}

/** A store of its own in memory, for in-process servers (tests): nothing outlives the process. */
export const memoryStore = (): Store => createStore(openSqlite(MEMORY))
