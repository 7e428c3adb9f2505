/**
 * Bench (i): the reference backend's throughput beside a yardstick, side by side in one run.
 *   npx tsx build/bench/backend.ts [seconds=3]
 * Sign-ups per second of `server/` (contract mode, TRUST_PROXY=127.0.0.1, each sign-up from a
 * network of its own so no limit refuses it) against a bare node:http server that does the same
 * committed INSERT of the same body, at concurrency BENCH_BACKEND_CONCURRENCY (default 8), on
 * SQLite (a file in a temporary folder, WAL, full sync) and on PostgreSQL (a private cluster,
 * server/test/helpers/postgres.ts; skipped, saying why, without it). Then the footer content as
 * browsers ask for it (`Accept-Encoding: br`) against the plain answer. The bar
 * (issue 51): sign-ups at least half the bare INSERT's rate on both engines, the compressed
 * footer at least half the plain one's. `npm run bench` runs it as part (i). The two sides of a
 * row run in turns of a sixth of their time each (A B B A A B), so that a shared machine's load
 * falls on both alike.
 */
import { createServer, type Server } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'libsql'
import pg from 'pg'
import { FOOTER_CONTENT_PATH, SITE_HEADER } from '../../src/contract/contract.ts'
import { createContractServer } from '../../server/handler.ts'
import { serve } from '../../server/core/node-adapter.ts'
import { trustedProxies } from '../../server/core/client.ts'
import { openPostgres } from '../../server/core/store/postgres.ts'
import { openSqlite } from '../../server/core/store/sqlite.ts'
import { createStore, type Store } from '../../server/core/store/store.ts'
import { ensurePostgres, startPostgres } from '../../server/test/helpers/postgres.ts'
import { SUBSCRIBERS } from '../../server/test/helpers/serve-process.ts'
import { formatTable } from './sizes.ts'

const CONCURRENCY = Number(process.env.BENCH_BACKEND_CONCURRENCY ?? 8)

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve(`http://127.0.0.1:${port}`)
    }),
  )

/** The sign-up body and the network it comes from, the n-th of the run (a /24 of its own). */
const nth = (n: number, tag: string) => ({
  body: JSON.stringify({ email: `${tag}${n}@bench.test`, consents: [], origin: 'footer' }),
  from: `10.${(n >> 8) & 255}.${n & 255}.1`,
})

/** Requests sent from the first `n` on (numbers run on across calls, so no address repeats). */
let sent = 0

/** Requests answered and seconds taken over `seconds`, `CONCURRENCY` at a time; throws on any other status. */
async function slice(
  seconds: number,
  send: (n: number) => Promise<Response>,
  status: number,
): Promise<{ answered: number; took: number }> {
  let answered = 0
  const until = performance.now() + seconds * 1000
  const began = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const answer = await send(sent++)
        await answer.arrayBuffer()
        if (answer.status !== status) throw new Error(`answered ${answer.status}, not ${status}`)
        answered++
      }
    }),
  )
  return { answered, took: (performance.now() - began) / 1000 }
}

/** Requests per second over `seconds`. */
async function rate(seconds: number, send: (n: number) => Promise<Response>, status: number) {
  const { answered, took } = await slice(seconds, send, status)
  return answered / took
}

/** Slices of a side-by-side run, in the order A B B A A B: a load that comes and goes on a shared machine falls on both. */
const SLICES = [0, 1, 1, 0, 0, 1] as const

/**
 * The rates of two servers measured side by side: `seconds` each, in slices taken in turn, so
 * both see the same machine (one after the other, a neighbour's burst fell on one of them).
 */
async function sideBySide(
  seconds: number,
  sends: [(n: number) => Promise<Response>, (n: number) => Promise<Response>],
  status: number,
): Promise<[number, number]> {
  const totals = [
    { answered: 0, took: 0 },
    { answered: 0, took: 0 },
  ]
  for (const which of SLICES) {
    const { answered, took } = await slice((2 * seconds) / SLICES.length, sends[which], status)
    totals[which].answered += answered
    totals[which].took += took
  }
  return [totals[0].answered / totals[0].took, totals[1].answered / totals[1].took]
}

const signUpTo = (origin: string, tag: string) => (n: number) => {
  const { body, from } = nth(n, tag)
  return fetch(origin + SUBSCRIBERS, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SITE_HEADER]: 'DE', 'x-forwarded-for': from },
    body,
  })
}

/** A bare node:http server that stores each request's body with one committed INSERT. */
function bareServer(insert: (email: string, body: string) => Promise<void>): Server {
  return createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    await insert(JSON.parse(body).email, body)
    res.writeHead(201, { 'content-type': 'application/json' })
    res.end('{"status":"WAITING_FOR_DOI"}')
  })
}

interface EngineRun {
  engine: string
  store: () => Store
  bare: () => { insert: (email: string, body: string) => Promise<void>; close: () => Promise<void> }
}

async function benchEngine(run: EngineRun, seconds: number): Promise<string[]> {
  const store = run.store()
  await store.check()
  const contract = createContractServer({ mode: 'contract', store })
  const served = await serve(contract.handle, 0, '127.0.0.1', {
    trustProxy: trustedProxies('127.0.0.1'),
  })
  const { port } = served.server.address() as { port: number }
  const bare = run.bare()
  const yardstick = bareServer(bare.insert)
  const bareOrigin = await listen(yardstick)
  try {
    // Warm both (prepared statements, pools), then measure them side by side.
    await rate(0.3, signUpTo(`http://127.0.0.1:${port}`, 'warm'), 201)
    await rate(0.3, signUpTo(bareOrigin, 'warm'), 201)
    const [signUps, inserts] = await sideBySide(
      seconds,
      [signUpTo(`http://127.0.0.1:${port}`, 'contract'), signUpTo(bareOrigin, 'bare')],
      201,
    )
    return [run.engine, signUps.toFixed(0), inserts.toFixed(0), (signUps / inserts).toFixed(2)]
  } finally {
    await served.close(0)
    yardstick.close()
    await bare.close()
    await store.close()
  }
}

const sqliteRun = (dir: string): EngineRun => ({
  engine: 'SQLite',
  store: () => createStore(openSqlite(path.join(dir, 'contract.sqlite'))),
  bare: () => {
    const db = new Database(path.join(dir, 'bare.sqlite'))
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.exec('CREATE TABLE signups (email TEXT PRIMARY KEY, body TEXT NOT NULL)')
    const insert = db.prepare('INSERT INTO signups (email, body) VALUES (?, ?)')
    return {
      insert: async (email, body) => void insert.run(email, body),
      close: async () => void db.close(),
    }
  },
})

const postgresRun = (url: string, bareUrl: string): EngineRun => ({
  engine: 'PostgreSQL',
  store: () => createStore(openPostgres(url)),
  bare: () => {
    const pool = new pg.Pool({ connectionString: bareUrl, max: CONCURRENCY })
    const ready = pool.query(
      'CREATE TABLE IF NOT EXISTS signups (email TEXT PRIMARY KEY, body TEXT NOT NULL)',
    )
    return {
      insert: async (email, body) => {
        await ready
        await pool.query('INSERT INTO signups (email, body) VALUES ($1, $2)', [email, body])
      },
      close: () => pool.end(),
    }
  },
})

/** The footer content, plain and brotli-compressed as browsers ask for it: requests per second. */
async function benchFooter(seconds: number): Promise<string[][]> {
  const contract = createContractServer({ mode: 'contract' })
  const served = await serve(contract.handle, 0, '127.0.0.1', {})
  const { port } = served.server.address() as { port: number }
  const footer = (encoding: string) => () =>
    fetch(`http://127.0.0.1:${port}${FOOTER_CONTENT_PATH}`, {
      headers: { [SITE_HEADER]: 'DE', 'accept-encoding': encoding },
    })
  try {
    await rate(0.3, footer('br'), 200)
    const [plain, br] = await sideBySide(seconds, [footer('identity'), footer('br')], 200)
    return [['footer content, DE', plain.toFixed(0), br.toFixed(0), (br / plain).toFixed(2)]]
  } finally {
    await served.close(0)
  }
}

/** Part (i)'s two tables: sign-ups against the bare INSERT per engine, and the footer. */
export async function benchBackend(seconds = 3, log = console.log): Promise<string[][][]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lumora-bench-'))
  const rows: string[][] = [
    ['engine', 'sign-ups/s (server/)', 'bare INSERT/s', 'ratio (bar: ≥ 0.50)'],
  ]
  try {
    rows.push(await benchEngine(sqliteRun(dir), seconds))
    const found = ensurePostgres()
    if ('skip' in found) log(`(i) PostgreSQL skipped: ${found.skip}`)
    else {
      const cluster = startPostgres(found.bin)
      try {
        const admin = new pg.Client({ connectionString: cluster.url })
        await admin.connect()
        await admin.query('CREATE DATABASE bench_contract')
        await admin.query('CREATE DATABASE bench_bare')
        await admin.end()
        const url = (name: string) => cluster.url.replace('/postgres?', `/${name}?`)
        rows.push(await benchEngine(postgresRun(url('bench_contract'), url('bench_bare')), seconds))
      } finally {
        cluster.stop()
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const footer = [
    ['answer', 'plain req/s', 'br req/s', 'ratio (bar: ≥ 0.50)'],
    ...(await benchFooter(seconds)),
  ]
  return [rows, footer]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [signUps, footer] = await benchBackend(Number(process.argv[2] ?? 3))
  console.log(`\n(i) Sign-ups at concurrency ${CONCURRENCY}, side by side\n${formatTable(signUps)}`)
  console.log(`\nThe footer content at concurrency ${CONCURRENCY}\n${formatTable(footer)}`)
}
