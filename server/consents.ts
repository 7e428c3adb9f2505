/**
 * `npm run consents -- --export`: every newsletter record, pending and confirmed, as JSON lines
 * with its status and the evidence of consent, for the shop to hand over (GDPR Art. 7(1)).
 * `npm run consents -- --erase <address>`: a data subject's erasure (Art. 17): every record of
 * the address is deleted; the erasure log keeps only when, and how many records (README).
 * Reads the same settings as the server (DATA_DIR or DATABASE_URL, core/store/open.ts), and may
 * run while the server does.
 */
import { addressKey } from './core/routes/newsletter-store.ts'
import { openConfiguredStore } from './core/store/open.ts'
import { DATA_DIR } from './paths.ts'
import type { Store, Subscriber } from './core/store/store.ts'

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

async function run(store: Store, args: string[]): Promise<number> {
  const [command, address] = args
  if (command === '--export' && args.length === 1) {
    for (const subscriber of await store.subscribers())
      process.stdout.write(`${exportLine(subscriber)}\n`)
    return 0
  }
  if (command === '--erase' && address && args.length === 2) {
    const records = await store.erase(addressKey(address.trim()), new Date().toISOString())
    console.log(`Erased ${records} record${records === 1 ? '' : 's'} of that address.`)
    return 0
  }
  console.error(`Usage: ${USAGE}`)
  return 2
}

const store = openConfiguredStore(process.env, DATA_DIR)
try {
  process.exitCode = await run(store, process.argv.slice(2))
} finally {
  await store.close()
}
