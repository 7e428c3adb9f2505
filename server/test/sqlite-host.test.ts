/**
 * The embedded store on a real host (issue 51): another process's write lock never blocks the
 * event loop and ends in 503 with Retry-After while the footer, psdata and lookups answer; the
 * start refuses a store it must not use, in one line naming the file and the cause; the consents
 * CLI refuses a store that does not exist, exports without writing, and says when it did nothing;
 * the write-ahead log is cut back by the checkpoint; SIGTERM finishes what is in flight and exits
 * 0; /healthz and /readyz answer.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { execFileSync, spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'libsql'
import { REPO_ROOT } from '../../build/repo-root.ts'
import {
  CSRF_HEADER,
  FOOTER_CONTENT_PATH,
  PSDATA_PATH,
  SITE_HEADER,
  SUBSCRIBER_TOKEN_PARAM,
} from '../../src/contract/contract.ts'
import { createContractServer } from '../handler.ts'
import { MIGRATIONS } from '../core/store/migrations.ts'
import { JOURNAL_SIZE_LIMIT, openSqlite } from '../core/store/sqlite.ts'
import { StoreUnusable } from '../core/store/sql.ts'
import { createStore, type Store } from '../core/store/store.ts'
import { CONSENTS, kill, SUBSCRIBERS, startServer } from './helpers/serve-process.ts'

const test = suite('SQLite on a real host')
const FILE = 'contract-server.sqlite'
let dirs: string[] = []
const stores: Store[] = []

const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lumora-host-'))
  dirs.push(dir)
  return dir
}
const openIn = (dir: string, busyDeadlineMs?: number) => {
  const store = createStore(openSqlite(path.join(dir, FILE), { busyDeadlineMs }))
  stores.push(store)
  return store
}
test.after.each(async () => {
  for (const store of stores.splice(0)) await store.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  dirs = []
})

const consents = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', CONSENTS, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  })

test('another process holds the write lock: the footer, psdata and a lookup answer meanwhile; the sign-up answers 503 with Retry-After, then 201 once the lock is gone', async () => {
  const dir = dataDir()
  const server = createContractServer({ store: openIn(dir, 300) })
  const site = { [SITE_HEADER]: 'DE', [CSRF_HEADER]: 'x' }
  const first = await server.fetch(SUBSCRIBERS, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...site },
    body: JSON.stringify({ email: 'first@host.test', consents: [], origin: 'footer' }),
  })
  assert.is(first.status, 201)
  const [mail] = (await (await server.fetch('/_mail/outbox.json')).json()) as { link: string }[]
  const token = new URL(mail.link).searchParams.get(SUBSCRIBER_TOKEN_PARAM)

  const operator = new Database(path.join(dir, FILE))
  operator.exec('BEGIN IMMEDIATE')
  try {
    let settled = false
    const signing = server
      .fetch(SUBSCRIBERS, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...site },
        body: JSON.stringify({ email: 'second@host.test', consents: [], origin: 'footer' }),
      })
      .finally(() => {
        settled = true
      })
    for (const call of [FOOTER_CONTENT_PATH, PSDATA_PATH, `${SUBSCRIBERS}/${token}`])
      assert.is((await server.fetch(call, { headers: site })).status, 200, call)
    assert.not.ok(settled, 'all three answered while the sign-up waited for the lock')
    const busy = await signing
    assert.is(busy.status, 503)
    assert.ok(Number(busy.headers.get('retry-after')) > 0, 'Retry-After')
  } finally {
    operator.exec('COMMIT')
    operator.close()
  }
  const again = await server.fetch(SUBSCRIBERS, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...site },
    body: JSON.stringify({ email: 'second@host.test', consents: [], origin: 'footer' }),
  })
  assert.is(again.status, 201)
})

test('the checkpoint cuts the write-ahead log back to nothing; the log is capped (journal_size_limit)', async () => {
  const dir = dataDir()
  const store = openIn(dir)
  for (let i = 0; i < 50; i++)
    await store.spend([{ key: `k${i}`, burst: 1, everyMs: 1_000 }], Date.now())
  const wal = path.join(dir, `${FILE}-wal`)
  assert.ok(statSync(wal).size > 0, 'the log holds the writes')
  await store.checkpoint()
  assert.is(statSync(wal).size, 0)
  const sql = openSqlite(path.join(dir, FILE))
  const [limit] = await sql.all<{ journal_size_limit: number }>('PRAGMA journal_size_limit')
  await sql.close()
  assert.is(limit.journal_size_limit, JOURNAL_SIZE_LIMIT)
})

test('the start refuses a store it must not use: a newer schema, a missing schema object', async () => {
  const newer = dataDir()
  await openIn(newer).check()
  const raw = new Database(path.join(newer, FILE))
  raw.exec(
    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'from the future', '2030-01-01')",
  )
  raw.close()
  await openIn(newer)
    .check()
    .then(
      () => assert.unreachable('a newer schema was accepted'),
      (error) => {
        assert.instance(error, StoreUnusable)
        assert.match(error.message, /version 99, newer than this code's/)
      },
    )

  const altered = dataDir()
  await openIn(altered).check()
  const alter = new Database(path.join(altered, FILE))
  alter.exec('DROP INDEX subscribers_one_pending')
  alter.close()
  await openIn(altered)
    .check()
    .then(
      () => assert.unreachable('a schema without its unique index was accepted'),
      (error) => assert.match(error.message, /lacks subscribers_one_pending/),
    )
})

/** Starts serve.ts on `dir` and returns its output, which must be one line ending a failed start. */
async function refusedStart(dir: string): Promise<string> {
  const started = await startServer({ DATA_DIR: dir }).then(
    (server) => kill(server).then(() => 'started'),
    (error: Error) => error.message,
  )
  assert.match(started, /^serve.ts ended \(1\): /)
  const output = started.replace(/^serve.ts ended \(1\): /, '').trim()
  assert.is(output.split('\n').length, 1, output)
  assert.ok(output.includes(path.join(dir, FILE)), `names the file: ${output}`)
  return output
}

test('npm start on a newer schema: exit 1 with one line naming the file and the cause', async () => {
  const dir = dataDir()
  await openIn(dir).check()
  const raw = new Database(path.join(dir, FILE))
  raw.exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'x', 'y')")
  raw.close()
  assert.match(await refusedStart(dir), /schema is version 99/)
})

test('npm start on a read-only store: exit 1 with one line naming the file and the cause', async () => {
  const dir = dataDir()
  await openIn(dir).check()
  await stores.pop()?.close()
  const file = path.join(dir, FILE)
  // Root writes whatever a mode says: the immutable flag makes the file read-only even for it.
  execFileSync('chattr', ['+i', file])
  try {
    assert.match(await refusedStart(dir), /EPERM|read-?only/i)
  } finally {
    execFileSync('chattr', ['-i', file])
  }
})

test('npm start on a store with a damaged index: exit 1 with one line naming the file and the cause', async () => {
  const dir = dataDir()
  const store = openIn(dir)
  await store.check()
  await store.close()
  const file = path.join(dir, FILE)
  const raw = new Database(file)
  const [{ rootpage }] = raw
    .prepare("SELECT rootpage FROM sqlite_master WHERE name = 'subscribers_address'")
    .all() as { rootpage: number }[]
  const pageSize = (raw.pragma('page_size') as { page_size: number }[])[0].page_size
  raw.pragma('wal_checkpoint(TRUNCATE)')
  raw.close()
  // The index's root page gets a header no b-tree page has: the file is damaged there.
  const fd = openSync(file, 'r+')
  writeSync(fd, Buffer.alloc(16, 0x7f), 0, 16, (rootpage - 1) * pageSize)
  closeSync(fd)
  // The cause says what is damaged: the index by name, not SQLite's report header.
  assert.match(
    await refusedStart(dir),
    /the integrity check failed: Tree \d+ \(subscribers_address\) page \d+: /,
  )
})

test('consents CLI: refuses a store that does not exist or of another schema version, exports read-only, and exits 1 when it erased nothing', async () => {
  const missing = path.join(dataDir(), 'typo')
  const refused = consents({ DATA_DIR: missing }, '--export')
  assert.is(refused.status, 1)
  assert.match(refused.stderr, /no store there/)
  assert.ok(refused.stderr.includes(missing), 'names the store')
  assert.not.ok(existsSync(missing), 'and creates none')
  assert.is(consents({ DATA_DIR: ':memory:' }, '--erase', 'a@b.test').status, 1)

  // A store of version 3, as an older server left it.
  const dir = dataDir()
  const old = new Database(path.join(dir, FILE))
  old.exec(
    'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  )
  for (const m of MIGRATIONS.slice(0, 3)) {
    for (const statement of m.statements as string[]) old.exec(statement)
    old.exec(`INSERT INTO schema_migrations VALUES (${m.version}, '${m.name}', 'then')`)
  }
  old.exec(`INSERT INTO subscribers (token, address_key, status, request, received_at, site, locale,
      page_address, consents, consent_text_version, expires_at, confirmed_at, network, seq)
    VALUES ('t', 'old@host.test', 'SUBSCRIBED', '{"email":"old@host.test","consents":[]}',
      '2026-01-01T00:00:00.000Z', 'DE', 'de-DE', NULL, '[]', '2026-01', 0, '2026-01-02T00:00:00.000Z',
      '192.0.2.0/24', 1)`)
  old.close()
  const older = consents({ DATA_DIR: dir }, '--export')
  assert.is(older.status, 1, 'an older schema is not exported (nor migrated)')
  assert.match(older.stderr, /schema is version 3, this code's \d+: start the server once/)
  assert.ok(older.stderr.includes(path.join(dir, FILE)), 'names the store')
  const after = new Database(path.join(dir, FILE), { readonly: true })
  assert.equal(
    (after.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number }).v,
    3,
    'not migrated',
  )
  after.close()

  const nothing = consents({ DATA_DIR: dir }, '--erase', 'nobody@host.test')
  assert.is(nothing.status, 1)
  assert.match(nothing.stderr, /nothing erased/)
  const exported = consents({ DATA_DIR: dir }, '--export')
  assert.equal(
    exported.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).email),
    ['old@host.test'],
    'once migrated (by the erasure, which writes), exported as it is',
  )
  assert.match(exported.stderr, /Exported 1 record from SQLite /)
  const erased = consents({ DATA_DIR: dir }, '--erase', 'OLD@host.test')
  assert.is(erased.status, 0, erased.stderr)
  assert.match(erased.stderr, /Erased 1 record of that address from SQLite /)
})

test('probes answer; SIGTERM finishes the answer in flight, closes the store and exits 0', async () => {
  const dir = dataDir()
  const server = await startServer({ DATA_DIR: dir })
  try {
    const health = await fetch(`${server.origin}/healthz`)
    assert.equal([health.status, await health.text()], [200, 'ok\n'])
    assert.is((await fetch(`${server.origin}/readyz`)).status, 200)
    const inFlight = fetch(server.origin + FOOTER_CONTENT_PATH, {
      headers: { [SITE_HEADER]: 'DE', 'x-fault': 'delay=500' },
    })
    // The request has reached the server once its connection is accepted.
    await new Promise((resolve) => setTimeout(resolve, 100))
    const code = kill(server, 'SIGTERM')
    const answer = await inFlight
    assert.is(answer.status, 200, 'answered after SIGTERM')
    assert.ok(((await answer.json()) as { contentJSON?: string }).contentJSON, 'in full')
    assert.is(await code, 0, 'exit 0')
    await fetch(`${server.origin}/healthz`).then(
      () => assert.unreachable('still accepting'),
      () => undefined,
    )
  } finally {
    await kill(server)
  }
})

test.run()
