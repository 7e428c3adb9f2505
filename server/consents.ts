/**
 * `npm run consents -- --export`: every newsletter record, pending and confirmed, as JSON lines
 * with its status and the evidence of consent, for the shop to hand over (GDPR Art. 7(1)); read
 * on a read-only connection, the database neither migrated nor written.
 * `npm run consents -- --erase <address>`: a data subject's erasure (Art. 17): every record of
 * the address is deleted and its mailbox's pause ends; the erasure log keeps only when, and how
 * many records (README).
 * Reads the same settings as the server (DATA_DIR or DATABASE_URL, core/store/open.ts), and may
 * run while the server does. It refuses a store that does not exist (a mistyped DATA_DIR), names
 * the store it used on stderr, and exits non-zero when it did nothing.
 */
import { addressKey } from './core/routes/newsletter-store.ts'
import { mailboxPause } from './core/routes/newsletter-outbox.ts'
import {
  openConfiguredReadOnly,
  openConfiguredStore,
  storeLocation,
  unusableStore,
} from './core/store/open.ts'
import { readSubscribers, type Subscriber } from './core/store/store.ts'

const USAGE = 'npm run consents -- --export | --erase <address>'

/** A record as the export prints it: the person's details, status and evidence; never the link's token. */
function exportLine({ request, status, evidence, confirmedAt }: Subscriber): string {
  return JSON.stringify({
    email: request.email,
    status,
    salutation: request.salutation ?? null,
    firstName: request.firstName ?? null,
    lastName: request.lastName ?? null,
    ...evidence,
    confirmedAt: confirmedAt ?? null,
  })
}

const env = process.env
const location = storeLocation(env)

async function exportRecords(): Promise<number> {
  const sql = openConfiguredReadOnly(env)
  try {
    const records = await readSubscribers(sql)
    for (const subscriber of records) process.stdout.write(`${exportLine(subscriber)}\n`)
    console.error(
      `Exported ${records.length} record${records.length === 1 ? '' : 's'} from ${location}.`,
    )
    return 0
  } finally {
    await sql.close()
  }
}

async function erase(address: string): Promise<number> {
  const store = openConfiguredStore(env, { existing: true })
  try {
    await store.check()
    const email = address.trim()
    const records = await store.erase(
      addressKey(email),
      new Date().toISOString(),
      mailboxPause(email).key,
    )
    if (!records) {
      console.error(`No records of that address in ${location}: nothing erased.`)
      return 1
    }
    console.error(
      `Erased ${records} record${records === 1 ? '' : 's'} of that address from ${location}.`,
    )
    return 0
  } finally {
    await store.close()
  }
}

async function run(args: string[]): Promise<number> {
  const [command, address] = args
  if (command === '--export' && args.length === 1) return exportRecords()
  if (command === '--erase' && address && args.length === 2) return erase(address)
  console.error(`Usage: ${USAGE}`)
  return 2
}

try {
  process.exitCode = await run(process.argv.slice(2))
} catch (error) {
  console.error(unusableStore(location, error))
  process.exitCode = 1
}
