/**
 * SQLite's group commit (store/sqlite.ts): transactions that arrive together commit together,
 * with one sync of the log, each in a savepoint of its own; each caller hears of its own only
 * after that commit.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'libsql'
import { openSqlite } from '../core/store/sqlite.ts'
import type { Sql } from '../core/store/sql.ts'

const test = suite('SQLite group commit')

let dir: string
let file: string
let sql: Sql
test.before.each(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lumora-group-'))
  file = path.join(dir, 'store.sqlite')
  sql = openSqlite(file)
  await sql.run('CREATE TABLE rows (n INTEGER PRIMARY KEY, seen INTEGER NOT NULL)')
  await sql.scrub()
})
test.after.each(async () => {
  await sql.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The log's frames so far, as another connection sees them: one commit of one page adds one. */
const frames = () => {
  const other = new Database(file)
  try {
    const [row] = other.pragma('wal_checkpoint(PASSIVE)') as { log: number }[]
    return row!.log
  } finally {
    other.close()
  }
}

const insert = (n: number) => (tx: Sql) =>
  tx
    .all<{ c: number }>('SELECT COUNT(*) AS c FROM rows')
    .then(([{ c }]) => tx.run('INSERT INTO rows (n, seen) VALUES (?, ?)', [n, c]))

test('eight transactions that arrive together commit as one: one page written to the log once, not eight times', async () => {
  const before = frames()
  await Promise.all(Array.from({ length: 8 }, (_, n) => sql.transaction(insert(n))))
  assert.is(frames() - before, 1)
  assert.is((await sql.all<{ c: number }>('SELECT COUNT(*) AS c FROM rows'))[0]!.c, 8)
})

test('in one group each sees what those before it wrote; one that throws is rolled back alone, and only its caller hears of it', async () => {
  const outcomes = await Promise.allSettled([
    sql.transaction(insert(1)),
    sql.transaction(async (tx) => {
      await insert(2)(tx)
      throw new Error('refused')
    }),
    sql.transaction(insert(3)),
  ])
  assert.equal(
    outcomes.map((o) => o.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  )
  assert.is((outcomes[1] as PromiseRejectedResult).reason.message, 'refused')
  assert.equal(await sql.all('SELECT n, seen FROM rows ORDER BY n'), [
    { n: 1, seen: 0 },
    { n: 3, seen: 1 },
  ])
})

test('a caller hears of its transaction only once the group has committed', async () => {
  const other = new Database(file)
  try {
    const seen: number[] = []
    await Promise.all(
      [1, 2, 3].map((n) =>
        sql.transaction(insert(n)).then(() => {
          const [{ c }] = other.prepare('SELECT COUNT(*) AS c FROM rows').all() as { c: number }[]
          seen.push(c)
        }),
      ),
    )
    // Each caller, told of its own, finds all three on disk for any other reader.
    assert.equal(seen, [3, 3, 3])
  } finally {
    other.close()
  }
})

test.run()
