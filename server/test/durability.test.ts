/**
 * Acknowledged means durable, from outside: `serve.ts` as its own process on the embedded store
 * (DATA_DIR) and on a real PostgreSQL (DATABASE_URL; server/test/helpers/postgres.ts starts a private
 * one, skipped, saying why, only without root and without PostgreSQL). 40 sign-ups answered 201
 * and 15 confirmed, the server killed with SIGKILL and started again on the same store: all 25
 * pending links still work and `npm run consents -- --export` lists the 15 as SUBSCRIBED with
 * their evidence. A burst of sign-ups cut by SIGKILL loses none of those already answered 201.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { SITE_HEADER, SUBSCRIBER_TOKEN_PARAM } from '../../src/contract/contract.ts'
import { ensurePostgres, startPostgres } from './helpers/postgres.ts'
import { CONSENTS, kill, SUBSCRIBERS, signUp, startServer } from './helpers/serve-process.ts'

/** The tokens of the confirmation mails the demo's outbox holds, by address. */
async function mailedTokens(origin: string): Promise<Map<string, string>> {
  const mails = (await (await fetch(`${origin}/_mail/outbox.json`)).json()) as {
    to: string
    link: string
  }[]
  return new Map(
    mails.map((m) => [m.to, new URL(m.link).searchParams.get(SUBSCRIBER_TOKEN_PARAM)!]),
  )
}

interface Exported {
  email: string
  status: string
  receivedAt: string
  site: string
  locale: string
  pageAddress: string | null
  consents: string[]
  consentTextVersion: string
  confirmedAt: string | null
}

function exportConsents(store: Record<string, string>): Exported[] {
  const out = execFileSync(process.execPath, ['--import', 'tsx', CONSENTS, '--export'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...store },
    encoding: 'utf8',
  })
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
}

async function survivesSigkill(store: Record<string, string>): Promise<void> {
  let server = await startServer(store)
  const page = `${server.origin}/de/`
  const addresses = Array.from({ length: 40 }, (_, i) => `reader${i}@durable.test`)
  for (const email of addresses) assert.is((await signUp(server.origin, email)).status, 201, email)
  const tokens = await mailedTokens(server.origin)
  const confirmed = addresses.slice(0, 15)
  for (const email of confirmed) {
    const answer = await fetch(`${server.origin}${SUBSCRIBERS}/${tokens.get(email)}/doi`, {
      method: 'PUT',
      headers: { [SITE_HEADER]: 'DE' },
    })
    assert.is(answer.status, 200, `confirm ${email}`)
  }
  await kill(server)
  server = await startServer(store)
  try {
    for (const email of addresses.slice(15)) {
      const answer = await fetch(`${server.origin}${SUBSCRIBERS}/${tokens.get(email)}`, {
        headers: { [SITE_HEADER]: 'DE' },
      })
      assert.is(answer.status, 200, `pending link of ${email} after the restart`)
      assert.is(((await answer.json()) as { email: string }).email, email)
    }
    const exported = exportConsents(store)
    assert.is(exported.length, 40)
    const subscribed = exported.filter((r) => r.status === 'SUBSCRIBED')
    assert.equal(subscribed.map((r) => r.email).sort(), [...confirmed].sort())
    for (const r of subscribed) {
      assert.ok(Date.parse(r.receivedAt) <= Date.parse(r.confirmedAt ?? ''), r.email)
      assert.equal([r.site, r.locale, r.pageAddress, r.consents], ['DE', 'de-DE', page, ['DNE']])
      assert.ok(r.consentTextVersion, 'consent text version')
    }

    // A burst cut by SIGKILL: whatever was answered 201 before the kill is in the store.
    const burst = Array.from({ length: 40 }, (_, i) => `burst${i}@durable.test`)
    const answered: string[] = []
    let killed: Promise<unknown> | undefined
    await Promise.allSettled(
      burst.map(async (email) => {
        const answer = await signUp(server.origin, email)
        if (answer.status === 201) answered.push(email)
        if (answered.length === 10) killed ??= kill(server)
      }),
    )
    await killed
    assert.ok(answered.length >= 10, `answered before the kill: ${answered.length}`)
    const stored = new Set(exportConsents(store).map((r) => r.email))
    assert.equal(
      answered.filter((email) => !stored.has(email)),
      [],
      'answered 201, then lost',
    )
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) await kill(server)
  }
}

test('embedded store: a SIGKILL loses no sign-up, confirmation or link that was answered', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lumora-durable-'))
  try {
    await survivesSigkill({ DATA_DIR: dataDir })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test('PostgreSQL: a SIGKILL loses no sign-up, confirmation or link that was answered', async () => {
  const found = ensurePostgres()
  if ('skip' in found) return console.warn(`contract-server-durability: skipped: ${found.skip}`)
  const cluster = startPostgres(found.bin)
  try {
    await survivesSigkill({ DATABASE_URL: cluster.url })
  } finally {
    cluster.stop()
  }
})

test.run()
