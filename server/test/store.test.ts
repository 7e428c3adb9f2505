/**
 * The store's behaviour (server/core/store/), once per engine through its one
 * interface: the embedded SQLite and a real PostgreSQL this test starts itself
 * (server/test/helpers/postgres.ts; it skips PostgreSQL, saying why, only without root and without
 * PostgreSQL installed). The rules that must hold whatever runs at the same time are tried with
 * calls running at the same time.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openPostgres } from '../core/store/postgres.ts'
import { openSqlite } from '../core/store/sqlite.ts'
import { MIGRATIONS, migrate } from '../core/store/migrations.ts'
import type { Sql } from '../core/store/sql.ts'
import { createStore, type SignUpRules, type Store, type Subscriber } from '../core/store/store.ts'
import { ensurePostgres, startPostgres, type PostgresCluster } from './helpers/postgres.ts'

const NOW = Date.UTC(2026, 10, 27, 12)
const TEXT = { version: 'de-DE.test', locale: 'de-DE', texts: { legal: 'Mit Ihrer Anmeldung …' } }

/** A sign-up's rules with the store's cap `cap` and nothing else in the way. */
const rules = (cap: number): SignUpRules => ({
  cap,
  networkShare: 1_000,
  limits: [],
  pause: { key: `pause-${Math.random()}`, burst: 1, everyMs: 1 },
  text: TEXT,
})
const HOUR = 60 * 60 * 1000

function signUp(email: string, firstName = 'Anna', expiresAt = NOW + 48 * HOUR): Subscriber {
  return {
    tokenHash: `${firstName}-${email}-${Math.random()}`,
    request: {
      origin: 'FOOTER',
      email,
      salutation: 'MRS',
      firstName,
      lastName: 'Berg',
      consents: ['DNE'],
    },
    status: 'WAITING_FOR_DOI',
    evidence: {
      receivedAt: new Date(NOW).toISOString(),
      site: 'DE',
      locale: 'de-DE',
      pageAddress: 'https://shop.test/de/',
      consents: ['DNE'],
      consentTextVersion: TEXT.version,
      client: null,
    },
    expiresAt,
    network: '192.0.2.0/24',
    corrections: [],
  }
}

/** One engine: a new empty database per test, which `open` opens as often as a test asks. */
interface Engine {
  name: string
  fresh(): Promise<{ open(): Sql; drop(): Promise<void> }>
  setUp?(): Promise<void>
  tearDown?(): Promise<void>
}

const sqlite: Engine = {
  name: 'SQLite',
  async fresh() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lumora-store-'))
    return {
      open: () => openSqlite(path.join(dir, 'store.sqlite')),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    }
  },
}

let cluster: PostgresCluster | undefined
let databases = 0
const postgres: Engine = {
  name: 'PostgreSQL',
  async setUp() {
    const found = ensurePostgres()
    if ('skip' in found) return console.warn(`contract-store: PostgreSQL skipped: ${found.skip}`)
    cluster = startPostgres(found.bin)
  },
  async tearDown() {
    cluster?.stop()
  },
  async fresh() {
    if (!cluster) throw new Error('no PostgreSQL')
    const name = `store_${++databases}`
    const admin = new pg.Client({ connectionString: cluster.url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = cluster.url.replace('/postgres?', `/${name}?`)
    return { open: () => openPostgres(url), drop: async () => undefined }
  },
}

for (const engine of [sqlite, postgres]) {
  const test = suite(`store on ${engine.name}`)
  const opened: Store[] = []
  let drops: (() => Promise<void>)[] = []
  /** A store on a new database, and a way to open that database again (a restart). */
  const fresh = async () => {
    const db = await engine.fresh()
    drops.push(db.drop)
    const open = () => {
      const store = createStore(db.open())
      opened.push(store)
      return store
    }
    return { store: open(), open }
  }
  test.before(async () => engine.setUp?.())
  test.after(async () => engine.tearDown?.())
  test.after.each(async () => {
    for (const store of opened.splice(0)) await store.close()
    for (const drop of drops) await drop()
    drops = []
  })
  const it = (name: string, body: () => Promise<void>) =>
    test(name, async () => {
      if (engine === postgres && !cluster) return
      await body()
    })

  it('migrates on open, once; a second open applies nothing and keeps the records', async () => {
    const { store, open } = await fresh()
    await store.addPending('a@x.test', signUp('a@x.test'), rules(10), NOW)
    await store.close()
    const again = open()
    assert.equal(
      (await again.subscribers()).map((s) => s.request.email),
      ['a@x.test'],
    )
    await again.close()
    const other = await engine.fresh()
    drops.push(other.drop)
    const sql = other.open()
    assert.equal(
      await migrate(sql),
      MIGRATIONS.map((m) => m.version),
      'a new database: all',
    )
    assert.equal(await migrate(sql), [], 'then none')
    await sql.close()
  })

  it('a correction takes its place in the order from a sequence or an index, never by reading the table', async () => {
    if (engine !== postgres) return // SQLite's plans do not tell a scan for MAX() from a seek
    const db = await engine.fresh()
    drops.push(db.drop)
    const sql = db.open()
    const ran: { text: string; params: readonly unknown[] }[] = []
    const watched: Sql = {
      ...sql,
      run: (text, params = [], options) => {
        ran.push({ text, params })
        return sql.run(text, params, options)
      },
    }
    const store = createStore(watched)
    opened.push(store)
    const s = signUp('order@x.test')
    await store.addPending('order@x.test', s, rules(10), NOW)
    assert.ok(await store.correct(s.tokenHash, { at: 'later', request: s.request }, NOW + HOUR))
    const insert = ran.find((r) => /INSERT INTO corrections/.test(r.text))!
    // With sequential scans priced out, one still in the plan is a read no index can serve.
    const plan = await sql.transaction(async (tx) => {
      await tx.run('SET LOCAL enable_seqscan = off')
      return tx.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${insert.text}`, insert.params)
    })
    const lines = plan.map((r) => r['QUERY PLAN'])
    assert.not.ok(
      lines.some((line) => /Seq Scan on corrections/.test(line)),
      lines.join('\n'),
    )
  })

  it('sign-ups received in the same millisecond are listed in the order they arrived', async () => {
    const { store } = await fresh()
    const emails = ['c@x.test', 'a@x.test', 'd@x.test', 'b@x.test']
    // The tokens are random: their order says nothing of the arrival.
    for (const email of emails) await store.addPending(email, signUp(email), rules(10), NOW)
    assert.equal(
      (await store.subscribers()).map((s) => s.request.email),
      emails,
    )
  })

  it('a confirmation is stored with its evidence and survives a reopen', async () => {
    const { store, open } = await fresh()
    const s = signUp('a@x.test')
    await store.addPending('a@x.test', s, rules(10), NOW)
    assert.ok(
      await store.confirm(s.tokenHash, new Date(NOW + HOUR).toISOString(), null, NOW + HOUR),
    )
    assert.not.ok(
      await store.confirm(s.tokenHash, new Date(NOW).toISOString(), null, NOW + HOUR),
      'used up',
    )
    await store.close()
    const [again] = await open().subscribers()
    assert.equal(again, {
      ...s,
      status: 'SUBSCRIBED',
      network: '',
      confirmedAt: new Date(NOW + HOUR).toISOString(),
      confirmedBy: null,
    })
  })

  it('an expired link neither confirms nor corrects; retention deletes it and keeps the confirmed', async () => {
    const { store } = await fresh()
    const late = signUp('late@x.test', 'Late', NOW + HOUR)
    const kept = signUp('kept@x.test')
    await store.addPending('late@x.test', late, rules(10), NOW)
    await store.addPending('kept@x.test', kept, rules(10), NOW)
    await store.confirm(kept.tokenHash, new Date(NOW).toISOString(), null, NOW)
    assert.not.ok(
      await store.confirm(late.tokenHash, new Date(NOW).toISOString(), null, NOW + HOUR),
    )
    assert.not.ok(
      await store.correct(late.tokenHash, { at: '', request: late.request }, NOW + HOUR),
    )
    assert.equal(await store.deleteExpired(NOW + 49 * HOUR), { signUps: 1, logins: 0 })
    assert.equal(
      (await store.subscribers()).map((s) => [s.request.email, s.status]),
      [['kept@x.test', 'SUBSCRIBED']],
    )
  })

  it('sign-ups for one address at the same moment leave one pending record', async () => {
    const { store } = await fresh()
    const attempts = Array.from({ length: 12 }, (_, i) => signUp('same@x.test', `N${i}`))
    await Promise.all(attempts.map((s) => store.addPending('same@x.test', s, rules(100), NOW)))
    const records = await store.subscribers()
    assert.is(records.length, 1)
    const pending = await store.pendingOf('same@x.test', NOW)
    assert.is(pending?.tokenHash, records[0].tokenHash)
  })

  it('a confirmation racing a new sign-up: the old record is confirmed or gone, never rewritten', async () => {
    for (let round = 0; round < 6; round++) {
      const { store } = await fresh()
      const first = signUp('race@x.test', 'First')
      await store.addPending('race@x.test', first, rules(10), NOW)
      const second = signUp('race@x.test', 'Second')
      const [confirmed] = await Promise.all([
        store.confirm(first.tokenHash, new Date(NOW).toISOString(), null, NOW),
        store.addPending('race@x.test', second, rules(10), NOW),
      ])
      const records = await store.subscribers()
      const old = records.find((s) => s.tokenHash === first.tokenHash)
      if (confirmed) assert.equal(old?.request, first.request, 'the confirmed record as signed')
      else assert.is(old, undefined)
      assert.equal(
        records.filter((s) => s.status === 'WAITING_FOR_DOI').map((s) => s.tokenHash),
        [second.tokenHash],
      )
    }
  })

  it('a full store refuses new addresses with the seconds until room, never drops anyone', async () => {
    const { store } = await fresh()
    for (const [i, email] of ['a', 'b', 'c'].entries())
      await store.addPending(email, signUp(email, 'A', NOW + (i + 1) * HOUR), rules(3), NOW)
    assert.equal(await store.addPending('d', signUp('d'), rules(3), NOW), { full: 3600 })
    assert.equal(
      await store.addPending('b', signUp('b', 'B'), rules(3), NOW),
      { mailNow: true },
      'a new sign-up replaces',
    )
    assert.is((await store.subscribers()).length, 3)
    assert.equal(
      await store.addPending('d', signUp('d'), rules(3), NOW + HOUR),
      { mailNow: true },
      'expired made room',
    )
    assert.equal((await store.subscribers()).map((s) => s.request.email).sort(), ['b', 'c', 'd'])
  })

  it('sign-ups and limits at the same moment never pass a cap: exactly the cap is stored, a bucket spent exactly its burst', async () => {
    const { store } = await fresh()
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        store.addPending(`cap${i}@x.test`, signUp(`cap${i}@x.test`), rules(5), NOW),
      ),
    )
    assert.is(results.filter((r) => 'mailNow' in r).length, 5, 'stored')
    assert.is(results.filter((r) => 'full' in r).length, 7, 'refused as full')
    assert.is((await store.subscribers()).length, 5)
    const bucket = { key: 'burst-of-ten', burst: 10, everyMs: 60_000 }
    const spent = await Promise.all(Array.from({ length: 16 }, () => store.spend([bucket], NOW)))
    assert.equal(
      [spent.filter((w) => w === 0).length, spent.filter((w) => w === 60).length],
      [10, 6],
      'ten spent, six told to wait a token’s time',
    )
    assert.is(await store.limitWait([bucket], NOW + 60_000), 0, 'a token later')
  })

  it('erasure removes every record of the address and logs only when and how many', async () => {
    const { store } = await fresh()
    const a = signUp('e@x.test')
    await store.addPending('e@x.test', a, rules(10), NOW)
    await store.confirm(a.tokenHash, new Date(NOW).toISOString(), null, NOW)
    await store.addPending('e@x.test', signUp('e@x.test', 'Again'), rules(10), NOW)
    await store.addPending('other@x.test', signUp('other@x.test'), rules(10), NOW)
    assert.is(await store.erase('e@x.test', new Date(NOW).toISOString()), 2)
    assert.equal(
      (await store.subscribers()).map((s) => s.request.email),
      ['other@x.test'],
    )
  })

  it('logins: caps per network and in all refuse, an account ends its own oldest, a renewal keeps the end', async () => {
    const { store, open } = await fresh()
    const s = NOW / 1000
    const caps = { perNetwork: 2, all: 3, perAccount: 2 }
    const start = (loginId: string, account: string, network: string, at = s) =>
      store.startLogin(
        { loginId, accountHash: account, network, startS: at, until: at + 100 },
        caps,
      )
    assert.is(await start('a1', 'ann', 'n1'), undefined)
    assert.is(await start('a2', 'ann', 'n1', s + 10), undefined)
    assert.equal(await start('b1', 'bob', 'n1', s + 20), { cap: 'network', retryAfter: 80 })
    assert.is(await start('a3', 'ann', 'n2', s + 20), undefined, "ann's oldest ends")
    assert.is(await store.login('a1'), undefined)
    assert.is(await start('b1', 'bob', 'n3', s + 20), undefined)
    assert.equal(await start('c1', 'cy', 'n4', s + 30), { cap: 'all', retryAfter: 80 })
    assert.equal(await store.nextToken('a2', 't1', s + 40, s + 140), {
      until: s + 110,
      tokenHash: 't1',
    })
    assert.equal(await store.login('a2'), { until: s + 110, tokenHash: 't1' })
    assert.equal(
      await store.nextToken('gone', 't2', s + 40, s + 140),
      { until: s + 140, tokenHash: 't2' },
      'a login that does not live starts',
    )
    assert.equal(await store.deleteExpired((s + 115) * 1000), { signUps: 0, logins: 1 })
    await store.close()
    const again = open()
    assert.equal(
      await again.login('b1'),
      { until: s + 120, tokenHash: '' },
      'logins outlive a restart',
    )
  })

  it('a correction is appended with its time; the sign-up and its evidence stay as they were', async () => {
    const { store } = await fresh()
    const s = signUp('c@x.test')
    await store.addPending('c@x.test', s, rules(10), NOW)
    const later = new Date(NOW + HOUR).toISOString()
    const corrected = { ...s.request, consents: [] }
    assert.ok(await store.correct(s.tokenHash, { at: later, request: corrected }, NOW + HOUR))
    const [stored] = await store.subscribers()
    assert.equal(stored.request, s.request, 'the request as signed up')
    assert.equal(stored.evidence, s.evidence, 'its evidence: consents ["DNE"] at the sign-up')
    assert.equal(stored.corrections, [{ at: later, request: corrected }])
    assert.equal(await store.consentText(TEXT.version), TEXT, 'the words are archived')
  })

  it('a confirmation keeps the client when given and drops the network', async () => {
    const { store } = await fresh()
    const s = signUp('n@x.test')
    s.evidence.client = { address: '192.0.2.7', agent: 'Mozilla/5.0' }
    await store.addPending('n@x.test', s, rules(10), NOW)
    const by = { address: '198.51.100.9', agent: null }
    assert.ok(await store.confirm(s.tokenHash, new Date(NOW).toISOString(), by, NOW))
    const [stored] = await store.subscribers()
    assert.equal(
      [stored.evidence.client, stored.confirmedBy, stored.network],
      [s.evidence.client, by, ''],
    )
  })

  it('the export reads a page at a time, in order, across pages', async () => {
    const db = await engine.fresh()
    drops.push(db.drop)
    const sql = db.open()
    let most = 0
    const store = createStore({
      ...sql,
      async all<T>(text: string, params?: readonly unknown[]) {
        const rows = await sql.all<T>(text, params)
        if (text.includes('FROM subscribers')) most = Math.max(most, rows.length)
        return rows
      },
    })
    opened.push(store)
    const emails = Array.from({ length: 7 }, (_, i) => `p${i}@x.test`)
    for (const email of emails) await store.addPending(email, signUp(email), rules(100), NOW)
    most = 0
    const seen: string[] = []
    for await (const s of store.eachSubscriber(3)) seen.push(s.request.email)
    assert.equal(seen, emails)
    assert.is(most, 3, 'never more than a page of records in memory')
  })

  test.run()
}
