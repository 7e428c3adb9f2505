/**
 * `npm start`'s server (settings: settings.ts), which builds first: the contract server by mode
 * (handler.ts) over node:http, its records in the configured database (DATA_DIR or DATABASE_URL,
 * core/store/open.ts), migrated before it listens.
 */
import { createContractServer } from './handler.ts'
import { serveOptions } from './settings.ts'
import { serve } from './core/node-adapter.ts'
import { defaultOwnHosts } from './demo/guard.ts'
import { MARKETS } from '../build/product/markets.ts'
import { benchScaleHook } from '../build/bench/scale.ts'
import { DATA_DIR } from './paths.ts'
import { openConfiguredStore, storeLocation } from './core/store/open.ts'
import { keepRetention } from './core/store/retention.ts'
import { StartRefused } from './core/private-files.ts'
import { keepOutboxTrue } from './core/routes/newsletter-outbox.ts'

const started = (() => {
  try {
    return { ...serveOptions(process.env), store: openConfiguredStore(process.env, DATA_DIR) }
  } catch (error) {
    if (!(error instanceof StartRefused)) throw error
    console.error(`Not started: ${error.message}`)
    process.exit(1)
  }
})()
const { port, host, options, store } = started
// Migrations run, and the database answers, before the first request is accepted.
await store.subscribers()
// The bench's content scaling works on this server too (docs/performance.md measures with it).
const server = createContractServer({ ...options, store, hooks: [benchScaleHook] })
keepRetention(store, server.ctx.now)
keepOutboxTrue(server.ctx)
await serve(server.handle, port, host)
const origin = server.ctx.origin
if (options.mode === 'demo') {
  console.log(`Demo and contract server on ${origin}/ (demo mode)`)
  console.log(
    `Markets: ${MARKETS.map((m) => m.path).join(' ')}  ·  /kit/  /_mail/  /_staff/  /_fault  (demo tools, for this machine at ${defaultOwnHosts(origin).join(' ')} only)`,
  )
} else console.log(`Contract server on ${origin}/ (contract mode): the calls of SPEC §7 only`)
console.log(`Records: ${storeLocation(process.env, DATA_DIR)}`)
