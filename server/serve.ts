/**
 * `npm start`'s server (settings: settings.ts), which builds first: the contract server by mode
 * (handler.ts) over node:http, its records in the configured database (DATA_DIR or DATABASE_URL,
 * core/store/open.ts), checked before it listens: a store it must not use (a newer schema, a
 * damaged or read-only file) ends the start with one line naming the store and the cause; a
 * database that does not answer yet (PostgreSQL restarting, another process's lock) does not:
 * the server listens, answers 503 to what needs the database and /readyz, and recovers by itself.
 * On SIGTERM or SIGINT it stops accepting, answers what is in flight, closes the database and
 * exits 0.
 */
import { createContractServer } from './handler.ts'
import { serveOptions } from './settings.ts'
import { serve } from './core/node-adapter.ts'
import { defaultOwnHosts } from './demo/guard.ts'
import { MARKETS } from '../build/product/markets.ts'
import { benchScaleHook } from '../build/bench/scale.ts'
import { DATA_DIR } from './paths.ts'
import { openConfiguredStore, storeLocation, unusableStore } from './core/store/open.ts'
import { keepCheckpoints, keepRetention } from './core/store/retention.ts'
import { StoreUnavailable } from './core/store/sql.ts'
import { StartRefused } from './core/private-files.ts'
import {
  DUE_MAILS_EVERY_MS,
  keepOutboxTrue,
  sendDueMails,
} from './core/routes/newsletter-outbox.ts'

const location = storeLocation(process.env, DATA_DIR)
const started = (() => {
  try {
    return { ...serveOptions(process.env), store: openConfiguredStore(process.env, DATA_DIR) }
  } catch (error) {
    if (error instanceof StartRefused) console.error(`Not started: ${error.message}`)
    else console.error(unusableStore(location, error))
    process.exit(1)
  }
})()
const { port, host, options, trustProxy, store } = started
try {
  await store.check()
} catch (error) {
  if (!(error instanceof StoreUnavailable && error.transient)) {
    console.error(unusableStore(location, error))
    process.exit(1)
  }
  console.error(
    `Records: ${location} does not answer yet (${error.message}); answering 503 until it does`,
  )
}
// The bench's content scaling works on this server too (docs/performance.md measures with it).
const server = createContractServer({ ...options, store, hooks: [benchScaleHook] })
const stopRetention = keepRetention(store, server.ctx.now)
const stopCheckpoints = keepCheckpoints(store)
const stopOutboxCheck = keepOutboxTrue(server.ctx)
const dueMails = setInterval(
  () =>
    sendDueMails(server.ctx).catch((error) =>
      console.error('outbox: due mails not sent:', error.message),
    ),
  DUE_MAILS_EVERY_MS,
)
dueMails.unref()
const serving = await serve(server.handle, port, host, { trustProxy, ready: () => store.ping() })

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`${signal}: finishing what is in flight, then closing the records`)
  await serving.close()
  stopRetention()
  stopCheckpoints()
  stopOutboxCheck()
  clearInterval(dueMails)
  await store.close()
  process.exit(0)
}
process.on('SIGTERM', () => void stop('SIGTERM'))
process.on('SIGINT', () => void stop('SIGINT'))

const origin = server.ctx.origin
if (options.mode === 'demo') {
  console.log(`Demo and contract server on ${origin}/ (demo mode)`)
  console.log(
    `Markets: ${MARKETS.map((m) => m.path).join(' ')}  ·  /kit/  /_mail/  /_staff/  /_fault  (demo tools, for this machine at ${defaultOwnHosts(origin).join(' ')} only)`,
  )
} else
  console.log(`Contract server on ${origin}/ (contract mode): the calls of docs/openapi.yaml only`)
console.log('Probes: /healthz (the process), /readyz (its database)')
console.log(`Records: ${location}`)
