/**
 * A private PostgreSQL for the store's tests: Debian's `postgresql` (installed with apt-get when
 * missing and running as root, as test/runners/ensure-engines.ts does for browsers), a new cluster
 * in a temporary folder, reachable only through a unix socket in that folder (no port), stopped
 * and removed afterwards. PostgreSQL refuses to run as root: as root the cluster belongs to the
 * `postgres` user the package creates. Without root and without PostgreSQL the caller skips, saying so.
 */
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const DEBIAN_POSTGRES = '/usr/lib/postgresql'
const isRoot = () => process.getuid?.() === 0

/** The folder of the newest installed PostgreSQL's programs (initdb, pg_ctl). */
function findBin(): string | undefined {
  if (!existsSync(DEBIAN_POSTGRES)) return undefined
  const versions = readdirSync(DEBIAN_POSTGRES)
    .filter((v) => existsSync(path.join(DEBIAN_POSTGRES, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] && path.join(DEBIAN_POSTGRES, versions[0], 'bin')
}

/** PostgreSQL's programs, installed first when missing and root; a reason when neither. */
export function ensurePostgres(): { bin: string } | { skip: string } {
  let bin = findBin()
  if (!bin && isRoot()) {
    console.log("Installing Debian's postgresql ...")
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], {
      stdio: 'inherit',
      env,
    })
    bin = findBin()
    if (!bin)
      throw new Error('apt-get installed postgresql, but no pg_ctl under /usr/lib/postgresql')
  }
  return bin
    ? { bin }
    : {
        skip: 'PostgreSQL is not installed and this is not root: sudo apt-get install -y postgresql',
      }
}

export interface PostgresCluster {
  /** DATABASE_URL of the cluster's `postgres` database (over its unix socket). */
  url: string
  /** Stops the server as an operator (`fast`) or a crash (`immediate`) would; the data stays. */
  halt(mode: 'fast' | 'immediate'): void
  /** Starts the halted server again on the same data. */
  start(): void
  stop(): void
}

/** Starts a new cluster in a temporary folder; `stop` ends it and removes the folder. */
export function startPostgres(bin: string): PostgresCluster {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lumora-pg-'))
  const data = path.join(dir, 'data')
  const asOwner = (program: string, args: string[]) =>
    isRoot()
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(path.join(bin, program), args, { stdio: 'pipe' })
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']))
    const gid = Number(execFileSync('id', ['-g', 'postgres']))
    chownSync(dir, uid, gid)
  }
  const stop = () => {
    try {
      asOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
    } catch {
      // Not started, or already stopped: the folder goes either way.
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const start = () =>
    asOwner('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-k ${dir} -c listen_addresses=''`,
      '-w',
      'start',
    ])
  try {
    asOwner('initdb', ['-D', data, '-U', 'lumora', '--auth=trust', '-E', 'UTF8', '--no-sync'])
    start()
  } catch (error) {
    stop()
    throw error
  }
  return {
    url: `postgres://lumora@localhost/postgres?host=${encodeURIComponent(dir)}`,
    halt: (mode) => void asOwner('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    start: () => void start(),
    stop,
  }
}
