/**
 * `npm run consents -- --export`: every newsletter record, pending and confirmed, as JSON lines
 * with its status, the evidence of consent and the words consented to, for the shop to hand over
 * (GDPR Art. 7(1)). It reads the store a page at a time and writes as the output takes it, so its
 * memory does not grow with the store; every record is checked for every evidence field, and one
 * that lacks any is named on stderr (by its place and time, never its address) and ends the
 * export with exit code 1 once every record is written.
 * `npm run consents -- --erase <address>`: a data subject's erasure (Art. 17): every record of
 * the address is deleted and what the deleted rows left in the database's files is overwritten
 * (SQLite; PostgreSQL: README); the erasure log keeps only when, and how many records.
 * Reads the same settings as the server (DATA_DIR or DATABASE_URL, core/store/open.ts), and may
 * run while the server does. It refuses a store that does not exist (a mistyped DATA_DIR), names
 * the store it used on stderr, exports on a read-only connection without migrating (a store of
 * another schema version is refused, never changed), and exits non-zero when it did nothing.
 */
import { once } from 'node:events'
import { addressKey } from './core/routes/newsletter-store.ts'
import { mailboxPause } from './core/routes/newsletter-outbox.ts'
import { StartRefused } from './core/private-files.ts'
import { configuredLoginKeys } from './core/login-keys.ts'
import {
  openConfiguredReadOnly,
  openConfiguredStore,
  storeLocation,
  unusableStore,
} from './core/store/open.ts'
import { DATA_DIR } from './paths.ts'
import { createStore, currentRequest, type Store, type Subscriber } from './core/store/store.ts'

const USAGE = 'npm run consents -- --export | --erase <address>'

/** Evidence every record must have (a value; pageAddress and the clients may be null). */
const REQUIRED = ['receivedAt', 'site', 'locale', 'consents', 'consentTextVersion', 'consentText']
const PRESENT = ['pageAddress', 'signUpClient']

/** A record as the export prints it: the person's details, status and evidence; never the link's token. */
function exportRecord(subscriber: Subscriber, words: Record<string, string> | undefined) {
  const { request, status, evidence, confirmedAt, confirmedBy, corrections } = subscriber
  const now = currentRequest(subscriber)
  const { client, ...signUp } = evidence
  return {
    email: request.email,
    status,
    salutation: now.salutation ?? null,
    firstName: now.firstName ?? null,
    lastName: now.lastName ?? null,
    ...signUp,
    consentText: words,
    signUpClient: client,
    confirmedAt: confirmedAt ?? null,
    confirmedBy: confirmedBy ?? null,
    corrections: corrections.map(({ at, request: r }) => ({
      at,
      salutation: r.salutation ?? null,
      firstName: r.firstName ?? null,
      lastName: r.lastName ?? null,
      consents: r.consents,
    })),
  }
}

/** The evidence fields a record lacks. */
function missing(record: ReturnType<typeof exportRecord>): string[] {
  const fields = record as unknown as Record<string, unknown>
  const lacking = [
    ...REQUIRED.filter((f) => fields[f] === undefined || fields[f] === null || fields[f] === ''),
    ...PRESENT.filter((f) => fields[f] === undefined),
  ]
  if (!Array.isArray(record.consents) && !lacking.includes('consents')) lacking.push('consents')
  if (record.status === 'SUBSCRIBED' && !record.confirmedAt) lacking.push('confirmedAt')
  return lacking
}

async function exportAll(store: Store): Promise<number> {
  const words = new Map<string, Record<string, string> | undefined>()
  let place = 0
  let incomplete = 0
  for await (const subscriber of store.eachSubscriber()) {
    place++
    const version = subscriber.evidence.consentTextVersion
    if (!words.has(version)) words.set(version, (await store.consentText(version))?.texts)
    const record = exportRecord(subscriber, words.get(version))
    const lacking = missing(record)
    if (lacking.length) {
      incomplete++
      console.error(
        `record ${place} (received ${record.receivedAt ?? '?'}) lacks evidence: ${lacking.join(', ')}`,
      )
    }
    if (!process.stdout.write(`${JSON.stringify(record)}\n`)) await once(process.stdout, 'drain')
  }
  console.error(`Exported ${place} record${place === 1 ? '' : 's'} from ${location}.`)
  if (!incomplete) return 0
  console.error(`${incomplete} of ${place} records lack evidence.`)
  return 1
}

const env = process.env
const location = storeLocation(env, DATA_DIR)

/** Runs `work` on `store`, closed afterwards. */
async function using(store: Store, work: (store: Store) => Promise<number>): Promise<number> {
  try {
    return await work(store)
  } finally {
    await store.close()
  }
}

async function erase(store: Store, address: string): Promise<number> {
  await store.check()
  const email = address.trim()
  // The mailbox's pause is keyed with the login keys (rate-limit.ts), which the server's settings
  // hold: without them the records go and the pause runs out by itself (10 minutes).
  const loginKeys = configuredLoginKeys(process.env)
  const records = await store.erase(
    addressKey(email),
    new Date().toISOString(),
    loginKeys && mailboxPause({ loginKeys }, email).key,
  )
  if (!records) {
    console.error(`No records of that address in ${location}: nothing erased.`)
    return 1
  }
  console.error(
    `Erased ${records} record${records === 1 ? '' : 's'} of that address from ${location}${loginKeys ? '' : ' (its mailbox pause runs out by itself: LOGIN_KEYS or LOGIN_KEYS_FILE is not set)'}.`,
  )
  return 0
}

async function run(args: string[]): Promise<number> {
  const [command, address] = args
  if (command === '--export' && args.length === 1)
    return using(createStore(openConfiguredReadOnly(env, DATA_DIR), { migrate: false }), exportAll)
  if (command === '--erase' && address && args.length === 2)
    return using(openConfiguredStore(env, DATA_DIR, { existing: true }), (store) =>
      erase(store, address),
    )
  console.error(`Usage: ${USAGE}`)
  return 2
}

try {
  process.exitCode = await run(process.argv.slice(2))
} catch (error) {
  console.error(
    error instanceof StartRefused
      ? `Not started: ${error.message}`
      : unusableStore(location, error),
  )
  process.exitCode = 1
}
