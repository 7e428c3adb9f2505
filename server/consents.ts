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
 * run while the server does.
 */
import { once } from 'node:events'
import { addressKey } from './core/routes/newsletter-store.ts'
import { StartRefused } from './core/private-files.ts'
import { openConfiguredStore } from './core/store/open.ts'
import { DATA_DIR } from './paths.ts'
import { currentRequest, type Store, type Subscriber } from './core/store/store.ts'

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
  if (!incomplete) return 0
  console.error(`${incomplete} of ${place} records lack evidence.`)
  return 1
}

async function run(store: Store, args: string[]): Promise<number> {
  const [command, address] = args
  if (command === '--export' && args.length === 1) return exportAll(store)
  if (command === '--erase' && address && args.length === 2) {
    const records = await store.erase(addressKey(address.trim()), new Date().toISOString())
    console.log(`Erased ${records} record${records === 1 ? '' : 's'} of that address.`)
    return 0
  }
  console.error(`Usage: ${USAGE}`)
  return 2
}

let store: Store
try {
  store = openConfiguredStore(process.env, DATA_DIR)
} catch (error) {
  if (!(error instanceof StartRefused)) throw error
  console.error(`Not started: ${error.message}`)
  process.exit(1)
}
try {
  process.exitCode = await run(store, process.argv.slice(2))
} finally {
  await store.close()
}
