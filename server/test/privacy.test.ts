/**
 * Consent evidence that proves and stays private (issue 50), each attack of the issue tried:
 * a copy of the database confirms nothing and mints nothing; a long-term token needs a live login;
 * keys rotate; an erasure and the retention sweep leave no trace in the SQLite file or its log, nor
 * in the outbox; the data folder and its files are the server's alone; input is bounded; the
 * evidence names the words consented to, keeps corrections beside the sign-up, and the export
 * refuses to pass a record that lacks evidence; DATABASE_URL is printed without its password.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { createHash, createHmac } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'libsql'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { loadDictionary } from '../../build/product/locales.ts'
import { LOCALES, SITE_LOCALE } from '../../src/contract/sites.ts'
import { createContractServer, type ServerOptions } from '../handler.ts'
import { CONSENT_KEYS, consentText } from '../core/consent-texts.ts'
import { DATA_DIR, LOCALES_DIR } from '../paths.ts'
import { DEMO_ACCOUNT } from '../core/routes/login.ts'
import { clientKey, clientOf, networkKey } from '../core/client.ts'
import { parseLoginKeys } from '../core/login-keys.ts'
import { StartRefused } from '../core/private-files.ts'
import { subscribersOf } from '../core/routes/newsletter-store.ts'
import { PAGE_ADDRESS_MAX } from '../core/routes/newsletter-signup.ts'
import { openConfiguredStore, storeLocation } from '../core/store/open.ts'
import { MIGRATIONS } from '../core/store/migrations.ts'
import { openSqlite } from '../core/store/sqlite.ts'
import { createStore, type Store } from '../core/store/store.ts'
import { hashToken } from '../core/store/token-hash.ts'
import { serveOptions } from '../settings.ts'

const test = suite('contract server: consent evidence that proves and stays private')
const NL = '/service/newsletter/api/internal'
const SUBSCRIBERS = `${NL}/newsletter-subscribers`
const LOGIN = '/service/login/api/v1/login'
const LONG_TERM_RENEW = '/service/login/api/v1/longtermtoken/renew'
const BASE_DATA = `${NL}/customers/base-data`
const CONSENTS_CLI = path.join(REPO_ROOT, 'server/consents.ts')
const HOUR = 60 * 60 * 1000
/** `npm run consents -- --export` on a data folder, as its own process. */
const exportFrom = (dir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', CONSENTS_CLI, '--export'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dir },
    encoding: 'utf8',
  })
const isRoot = process.getuid?.() === 0

type Server = ReturnType<typeof createContractServer>

const folders: string[] = []
const opened: Store[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lumora-privacy-'))
  folders.push(dir)
  return dir
}
/** A store in its own data folder, as npm start and npm run consents open it. */
const fileStore = (dir: string) => {
  const store = openConfiguredStore({ DATA_DIR: dir }, DATA_DIR)
  opened.push(store)
  return store
}
test.after.each(async () => {
  for (const store of opened.splice(0)) await store.close()
})
test.after(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

function serverOn(dir: string, options: ServerOptions = {}) {
  const clock = { t: Date.UTC(2026, 10, 28, 9) }
  const server = createContractServer({
    now: () => new Date(clock.t),
    store: fileStore(dir),
    ...options,
  })
  return { server, clock }
}

const signUp = (
  server: Server,
  details: Record<string, unknown>,
  headers: Record<string, string> = {},
  remoteAddress = '192.0.2.10',
) =>
  server.handle(
    new Request(`https://shop.test${SUBSCRIBERS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hunter-site': 'DE', ...headers },
      body: JSON.stringify({ consents: ['DNE'], origin: 'footer', ...details }),
    }),
    { remoteAddress },
  )

const mails = async (server: Server) =>
  (await (await server.fetch('/_mail/outbox.json')).json()) as { to: string; link: string }[]
const tokenOf = (link: string) => new URL(link).searchParams.get('subscriberToken')!
const confirm = (server: Server, token: string, headers: Record<string, string> = {}) =>
  server.handle(
    new Request(`https://shop.test${SUBSCRIBERS}/${token}/doi`, { method: 'PUT', headers }),
    { remoteAddress: '198.51.100.20' },
  )

/** Every text value of every table of a copy of the database (what a dump hands over). */
function everyStoredText(dir: string): string[] {
  const copy = new Database(path.join(dir, 'contract-server.sqlite'), { readonly: true })
  const tables = copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
    name: string
  }[]
  const texts = tables.flatMap(({ name }) =>
    (copy.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[]).flatMap((row) =>
      Object.values(row).filter((v): v is string => typeof v === 'string'),
    ),
  )
  copy.close()
  return texts
}

const logIn = (server: Server, remoteAddress = '192.0.2.10') =>
  server.handle(
    new Request(`https://shop.test${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hunter-csrf': '1' },
      body: JSON.stringify(DEMO_ACCOUNT),
    }),
    { remoteAddress },
  )
const cookie = (answer: Response, name: string) =>
  answer.headers
    .getSetCookie()
    .map((c) => new RegExp(`^${name}=([^;]*)`).exec(c)?.[1])
    .find((v) => v !== undefined)
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const hs256 = (key: Buffer | string, header: object, claims: object) => {
  const signed = `${b64(header)}.${b64(claims)}`
  return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`
}

// --- 1. keys outside the records, tokens hashed ----------------------------------------------------

test('a copy of the database: its stored subscriber tokens confirm nothing and look nothing up', async () => {
  const dir = tempDir()
  const { server } = serverOn(dir)
  assert.is((await signUp(server, { email: 'pending@example.com' })).status, 201)
  const stored = everyStoredText(dir)
  assert.ok(stored.length > 5, 'the copy holds the records')
  for (const value of stored.filter((v) => /^[\w-]{22,64}$/.test(v))) {
    assert.is.not((await confirm(server, value)).status, 200, `confirm with ${value}`)
    assert.is.not((await server.fetch(`${SUBSCRIBERS}/${value}`)).status, 200, 'lookup')
  }
  const [mail] = await mails(server)
  assert.not.ok(stored.includes(tokenOf(mail.link)), "the link's token is nowhere in the copy")
  assert.is((await confirm(server, tokenOf(mail.link))).status, 200, 'the mailed link confirms')
})

test('a copy of the database mints no login token, and names no account', async () => {
  const dir = tempDir()
  const { server } = serverOn(dir)
  const login = await logIn(server)
  assert.is(login.status, 200)
  const lid = JSON.parse(
    Buffer.from(
      decodeURIComponent(cookie(login, 'LoginToken')!).split('.')[1],
      'base64url',
    ).toString(),
  ).lid
  const stored = everyStoredText(dir)
  assert.not.ok(
    stored.some((v) => v.toLowerCase().includes(DEMO_ACCOUNT.email)),
    'the account is stored only as a hash',
  )
  const now = Date.UTC(2026, 10, 28, 9) / 1000
  const claims = { exp: now + 600, ren: now + 300, lid, tid: 'x' }
  for (const value of stored)
    for (const key of [value, Buffer.from(value, 'base64')])
      for (const header of [
        { alg: 'HS256', typ: 'JWT' },
        { alg: 'HS256', typ: 'JWT', kid: server.ctx.loginKeys.signingId },
      ]) {
        const answer = await server.fetch(BASE_DATA, {
          headers: { 'x-logintoken': hs256(key, header, claims) },
        })
        assert.is(answer.status, 401, `a token signed with a stored value (${value.slice(0, 12)}…)`)
      }
})

test('a copy of the database names no client and no network: trying every address of the network finds none', async () => {
  const dir = tempDir()
  const { server } = serverOn(dir)
  const from = '203.0.113.7'
  assert.is((await signUp(server, { email: 'net@privacy.example' }, {}, from)).status, 201)
  assert.is((await logIn(server, from)).status, 200)
  const stored = everyStoredText(dir)
  assert.not.ok(
    stored.some((v) => v.includes('203.0.113')),
    'no address or network in clear (a pending sign-up keeps its network for its share)',
  )
  // Whoever holds the copy and the code tries the IPv4 addresses (here the 256 of the network)
  // under every limit, as an unkeyed hash lets them: none of the stored values may come out.
  const kinds = ['sign-ups per client', 'sign-ups per network']
  kinds.push('logins per client', 'logins per network', 'guesses per client')
  const guessed = new Set<string>()
  for (let i = 0; i < 256; i++) {
    const client = clientOf(`203.0.113.${i}`, new Headers())
    for (const value of [clientKey(client), networkKey(client)]) {
      guessed.add(value)
      for (const kind of kinds)
        guessed.add(
          createHash('sha256').update(`${kind}\0${value}`).digest('base64url').slice(0, 22),
        )
    }
  }
  const found = stored.filter((v) => guessed.has(v))
  assert.equal(found, [], 'stored values an address guess reproduces')
})

test('a long-term token for a login that does not live does not renew, even signed with the key', async () => {
  const { server } = serverOn(tempDir())
  const { signingId, keys } = server.ctx.loginKeys
  const now = Date.UTC(2026, 10, 28, 9) / 1000
  const forged = hs256(
    keys.get(signingId)!,
    { alg: 'HS256', typ: 'JWT', kid: signingId },
    { use: 'longterm', exp: now + 3600, lid: 'login-never-existed' },
  )
  const answer = await server.fetch(LONG_TERM_RENEW, {
    method: 'POST',
    headers: { cookie: `LongtermToken=${forged}` },
  })
  assert.is(answer.status, 401)
})

test('keys rotate: a token of the previous key verifies while it is listed, and not after', async () => {
  const key = (n: number) => Buffer.alloc(32, n).toString('base64')
  const old = parseLoginKeys(`k1:${key(1)}`, 'test')
  const rotated = parseLoginKeys(`k2:${key(2)},k1:${key(1)}`, 'test')
  const dropped = parseLoginKeys(`k2:${key(2)}`, 'test')
  const store = fileStore(tempDir())
  const at = (loginKeys: typeof old) =>
    createContractServer({ store, loginKeys, now: () => new Date(Date.UTC(2026, 10, 28, 9)) })
  const token = decodeURIComponent(cookie(await logIn(at(old)), 'LoginToken')!)
  const baseData = (server: Server) =>
    server.fetch(BASE_DATA, { headers: { 'x-logintoken': token } })
  assert.is((await baseData(at(rotated))).status, 200, 'k1 still listed')
  assert.is((await baseData(at(dropped))).status, 401, 'k1 removed')
  const fresh = decodeURIComponent(cookie(await logIn(at(rotated)), 'LoginToken')!)
  assert.is(
    JSON.parse(Buffer.from(fresh.split('.')[0], 'base64url').toString()).kid,
    'k2',
    'the first key signs',
  )
  assert.throws(() => parseLoginKeys('k1:c2hvcnQ=', 'LOGIN_KEYS'), /at least 32 bytes/)
})

test('contract mode does not start without login keys; demo mode draws its own', () => {
  assert.throws(
    () => serveOptions({ SERVER_MODE: 'contract' }),
    (e: Error) => e instanceof StartRefused && /LOGIN_KEYS or LOGIN_KEYS_FILE/.test(e.message),
  )
  assert.is(
    serveOptions({}).options.loginKeys,
    undefined,
    'demo: the server draws a key of its own',
  )
  const file = path.join(tempDir(), 'login-keys')
  writeFileSync(file, `k9:${Buffer.alloc(32, 9).toString('base64')}\n`, { mode: 0o644 })
  chmodSync(file, 0o644)
  assert.is(
    serveOptions({ SERVER_MODE: 'contract', LOGIN_KEYS_FILE: file }).options.loginKeys?.signingId,
    'k9',
  )
  assert.is(statSync(file).mode & 0o777, 0o600, "the key file becomes the server's alone")
})

test('the migration to version 5 hashes the tokens of existing records and ends the logins', async () => {
  const sql = openSqlite(':memory:')
  await sql.run(
    'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  )
  for (const m of MIGRATIONS.filter((m) => m.version <= 3)) {
    for (const statement of m.statements as string[]) await sql.run(statement)
    await sql.run('INSERT INTO schema_migrations VALUES (?, ?, ?)', [m.version, m.name, ''])
  }
  const token = 'A'.repeat(22)
  await sql.run(
    `INSERT INTO subscribers (token, address_key, status, request, received_at, site, locale,
      page_address, consents, consent_text_version, expires_at, confirmed_at, network, seq)
     VALUES (?, 'old@example.com', 'SUBSCRIBED', '{"email":"old@example.com","consents":[],"origin":"f"}',
      '2026-11-01T00:00:00.000Z', 'DE', 'de-DE', NULL, '[]', '2026-11', 0, '2026-11-01T01:00:00.000Z', '192.0.2.0/24', 1)`,
    [token],
  )
  await sql.run(`INSERT INTO logins VALUES ('l1', 'demo@lumora.example', 'n', 't', 9999999999, 1)`)
  const store = createStore(sql)
  opened.push(store)
  assert.is(await store.subscriber(token), undefined, 'the clear token finds nothing')
  const record = await store.subscriber(hashToken(token))
  assert.equal([record?.request.email, record?.network], ['old@example.com', ''])
  assert.is(await store.login('l1'), undefined, 'logins of the old key end')
})

// --- 2. erasure that erases --------------------------------------------------------------------------

const PERSON = { email: 'zelda.quist@erase.example', firstName: 'Zelda', lastName: 'Quistorp' }

/** Whether the data folder's files (the database and its log) hold any trace of the person. */
function traces(dir: string): string[] {
  const found: string[] = []
  for (const name of ['contract-server.sqlite', 'contract-server.sqlite-wal']) {
    const file = path.join(dir, name)
    if (!existsSync(file)) continue
    const bytes = readFileSync(file).toString('latin1')
    for (const word of [PERSON.email, 'Zelda', 'Quistorp'])
      if (bytes.includes(word)) found.push(`${name}: ${word}`)
  }
  return found
}

test('after an erasure (by another process on the same file) no trace of the address is in the file or its log, nor in the outbox', async () => {
  const dir = tempDir()
  const { server } = serverOn(dir)
  assert.is((await signUp(server, PERSON)).status, 201)
  await confirm(server, tokenOf((await mails(server))[0].link))
  await signUp(server, { email: 'other@example.com', firstName: 'Otto' })
  assert.ok(traces(dir).length > 0, 'the person is in the files before')
  // npm run consents -- --erase: its own connection to the same file.
  assert.is(await fileStore(dir).erase(PERSON.email, new Date().toISOString()), 1)
  assert.equal(traces(dir), [])
  assert.equal(
    (await mails(server)).map((m) => m.to),
    ['other@example.com'],
    'the outbox forgets the erased address',
  )
})

test('the retention sweep leaves no trace of an expired sign-up in the file or its log', async () => {
  const dir = tempDir()
  const { server, clock } = serverOn(dir)
  assert.is((await signUp(server, PERSON)).status, 201)
  clock.t += 49 * HOUR
  assert.equal(await server.ctx.store.deleteExpired(clock.t), { signUps: 1, logins: 0 })
  assert.equal(traces(dir), [])
  assert.equal(await mails(server), [], 'nor in the outbox')
})

// --- 3. files only the server can read ---------------------------------------------------------------

test("the data folder becomes 0700 and the database's files 0600; a folder others may write to is refused", async () => {
  const dir = path.join(tempDir(), 'data')
  mkdirSync(dir, { mode: 0o755 })
  chmodSync(dir, 0o755)
  const { server } = serverOn(dir)
  await signUp(server, { email: 'perm@example.com' })
  assert.is(statSync(dir).mode & 0o777, 0o700)
  for (const name of ['contract-server.sqlite', 'contract-server.sqlite-wal'])
    assert.is(statSync(path.join(dir, name)).mode & 0o777, 0o600, name)
  chmodSync(dir, 0o777)
  assert.throws(
    () => openConfiguredStore({ DATA_DIR: dir }, DATA_DIR),
    (e: Error) => e instanceof StartRefused && /may be written by other users/.test(e.message),
  )
  chmodSync(dir, 0o700)
  chmodSync(path.join(dir, 'contract-server.sqlite'), 0o666)
  assert.throws(
    () => openConfiguredStore({ DATA_DIR: dir }, DATA_DIR),
    /contract-server.sqlite may be written/,
  )
})

test('a data folder that belongs to another user is refused in one line', () => {
  if (!isRoot) return console.warn('privacy: the owner check needs root to chown; skipped')
  const dir = path.join(tempDir(), 'theirs')
  mkdirSync(dir, { mode: 0o700 })
  chownSync(dir, 65534, 65534)
  const refused = exportFrom(dir)
  assert.is(refused.status, 1)
  assert.match(
    refused.stderr,
    /^Not started: .*theirs belongs to user 65534, not to the server's user 0: chown/,
  )
  assert.is(refused.stderr.trim().split('\n').length, 1, 'one line')
})

// --- 4. bounded input ------------------------------------------------------------------------------

test('the page address is kept as origin and path (at most 2,048 characters); consents as a set', async () => {
  const { server } = serverOn(tempDir())
  const page = 'https://shop.test/de/angebote/'
  await signUp(
    server,
    { email: 'a@example.com', consents: Array(2300).fill('DNE') },
    { 'x-original-address': `${page}?session=${'s'.repeat(15_000)}#x` },
  )
  await signUp(
    server,
    { email: 'b@example.com' },
    { 'x-original-address': `https://shop.test/${'p'.repeat(PAGE_ADDRESS_MAX)}` },
  )
  await signUp(server, { email: 'c@example.com' }, { 'x-original-address': 'javascript:alert(1)' })
  const [a, b, c] = await subscribersOf(server.ctx)
  assert.equal(
    [a.evidence.pageAddress, a.evidence.consents, a.request.consents],
    [page, ['DNE'], ['DNE']],
  )
  assert.is(b.evidence.pageAddress, null, 'too long: not kept')
  assert.is(c.evidence.pageAddress, null, 'no http(s) page')
})

test('a login e-mail longer than a sign-up e-mail may be is refused before anything counts it', async () => {
  const { server } = serverOn(tempDir())
  const answer = await server.handle(
    new Request(`https://shop.test${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hunter-csrf': '1' },
      body: JSON.stringify({ email: `${'a'.repeat(16_000)}@x.test`, password: 'x' }),
    }),
    { remoteAddress: '192.0.2.10' },
  )
  assert.is(answer.status, 400)
})

// --- 5. evidence that proves -----------------------------------------------------------------------

test("each locale's consent-text version is derived from the shipped words, and the store archives them", async () => {
  for (const locale of LOCALES) {
    const shipped = (await loadDictionary(locale)).newsletter as Record<string, string>
    const { texts, version } = consentText(LOCALES_DIR, locale)
    for (const key of CONSENT_KEYS) assert.is(texts[key], shipped[key], `${locale} ${key}`)
    assert.ok(version.startsWith(`${locale}.`), version)
  }
  assert.is.not(
    consentText(LOCALES_DIR, 'de-DE').version,
    consentText(LOCALES_DIR, 'de-AT').version,
    'one version per locale',
  )
  const { server } = serverOn(tempDir())
  await signUp(server, { email: 'w@example.com' }, { 'x-hunter-site': 'TR' })
  const [s] = await subscribersOf(server.ctx)
  assert.is(s.evidence.consentTextVersion, consentText(LOCALES_DIR, SITE_LOCALE.TR).version)
  assert.equal(
    await server.ctx.store.consentText(s.evidence.consentTextVersion),
    consentText(LOCALES_DIR, 'tr-TR'),
  )
})

test('the operator chooses whether the client is kept with the sign-up and the confirmation', async () => {
  assert.is(serveOptions({ CONSENT_CLIENT_EVIDENCE: 'keep' }).options.keepClientEvidence, true)
  assert.is(serveOptions({}).options.keepClientEvidence, false, 'by default neither is kept')
  assert.throws(() => serveOptions({ CONSENT_CLIENT_EVIDENCE: 'yes' }), /keep or none, not yes/)
  for (const keep of [true, false]) {
    const { server } = serverOn(tempDir(), { keepClientEvidence: keep })
    await signUp(
      server,
      { email: 'c@example.com' },
      { 'user-agent': `Agent/1 ${'x'.repeat(2000)}` },
    )
    await confirm(server, tokenOf((await mails(server))[0].link), { 'user-agent': 'Agent/2' })
    const [s] = await subscribersOf(server.ctx)
    assert.equal(
      [s.evidence.client, s.confirmedBy, s.network],
      keep
        ? [
            { address: '192.0.2.10', agent: `Agent/1 ${'x'.repeat(504)}` },
            { address: '198.51.100.20', agent: 'Agent/2' },
            '',
          ]
        : [null, null, ''],
      `keep: ${keep}; the network is dropped once confirmed`,
    )
  }
})

test('a correction is appended: consents ["DNE"] then [] shows both, each at its time', async () => {
  const dir = tempDir()
  const { server, clock } = serverOn(dir)
  await signUp(server, { email: 'fix@example.com', firstName: 'Fritz' })
  const token = tokenOf((await mails(server))[0].link)
  clock.t += HOUR
  const put = await server.fetch(`${SUBSCRIBERS}/${token}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ consents: [] }),
  })
  assert.is(put.status, 204)
  assert.equal(
    (await (await server.fetch(`${SUBSCRIBERS}/${token}`)).json()).consents,
    [],
    'the details now',
  )
  await confirm(server, token)
  const lines = exportFrom(dir).stdout
  const [record] = lines
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
  assert.equal(
    [record.receivedAt, record.consents, record.corrections],
    [
      '2026-11-28T09:00:00.000Z',
      ['DNE'],
      [
        {
          at: '2026-11-28T10:00:00.000Z',
          salutation: null,
          firstName: 'Fritz',
          lastName: null,
          consents: [],
        },
      ],
    ],
  )
  assert.equal(record.consentText, consentText(LOCALES_DIR, 'de-DE').texts, 'the exact words')
  assert.not.ok('token' in record || 'tokenHash' in record, 'never the token')
})

test('the export exits non-zero and names the record when an evidence field is missing', async () => {
  const dir = tempDir()
  const { server } = serverOn(dir)
  await signUp(
    server,
    { email: 'x@example.com' },
    { 'x-original-address': 'https://shop.test/de/' },
  )
  const raw = new Database(path.join(dir, 'contract-server.sqlite'))
  raw.exec('ALTER TABLE subscribers RENAME COLUMN page_address TO page')
  raw.close()
  const run = exportFrom(dir)
  assert.is(run.status, 1)
  assert.match(
    run.stderr,
    /record 1 \(received 2026-11-28T09:00:00.000Z\) lacks evidence: pageAddress/,
  )
  assert.not.match(run.stderr, /x@example.com/, 'the address stays out of the log')
  assert.is(run.stdout.trim().split('\n').length, 1, 'the record is still written')
})

// --- 6. DATABASE_URL ---------------------------------------------------------------------------------

test('DATABASE_URL is printed without any password', () => {
  for (const url of [
    'postgres://lumora:s3cret@db.internal/lumora?sslmode=verify-full',
    'postgres://lumora@db.internal/lumora?password=s3cret&sslmode=verify-full',
    'postgresql://lumora@db.internal/lumora?sslpassword=s3cret&sslkey=/k&sslmode=verify-full',
  ]) {
    const line = storeLocation({ DATABASE_URL: url }, DATA_DIR)
    assert.not.match(line, /s3cret|sslkey/, line)
    assert.match(
      line,
      /^PostgreSQL postgres(ql)?:\/\/lumora@db\.internal\/lumora\?sslmode=verify-full$/,
    )
  }
})

test.run()
