/**
 * The consent a newsletter must be able to prove (issue 26, items 2, 3, 6): a pending sign-up's
 * details and evidence change only with its token, the stores never drop confirmed subscribers or
 * live links, and no mailbox or client can flood the server or an inbox.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createContractServer, type ServerOptions } from '../handler.ts'
import { subscribersOf } from '../core/routes/newsletter-store.ts'
import { mailboxPause, sendDueMails } from '../core/routes/newsletter-outbox.ts'
import { hashToken } from '../core/store/token-hash.ts'

const test = suite('contract server: consent evidence')
const SUBSCRIBERS = '/service/newsletter/api/internal/newsletter-subscribers'
const PAUSE_MS = 10 * 60 * 1000
const LINK_TTL_MS = 48 * 60 * 60 * 1000

type Server = ReturnType<typeof createContractServer>

function serverAt(options: ServerOptions = {}) {
  const clock = { t: Date.UTC(2026, 10, 25, 8) }
  const server = createContractServer({ now: () => new Date(clock.t), ...options })
  return { server, clock }
}

/** A sign-up as a client at `remoteAddress` sends it. */
function signUp(
  server: Server,
  details: Record<string, unknown>,
  remoteAddress = '192.0.2.10',
): Promise<Response> {
  return server.handle(
    new Request(`https://shop.test${SUBSCRIBERS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hunter-site': 'DE' },
      body: JSON.stringify({ consents: [], origin: 'footer', ...details }),
    }),
    { remoteAddress },
  )
}

async function mails(server: Server): Promise<{ to: string; token: string }[]> {
  const outbox = (await (await server.fetch('/_mail/outbox.json')).json()) as {
    to: string
    link: string
  }[]
  return outbox.map((m) => ({
    to: m.to,
    token: new URL(m.link).searchParams.get('subscriberToken')!,
  }))
}

const lookup = async (server: Server, token: string) => {
  const answer = await server.fetch(`${SUBSCRIBERS}/${token}`)
  return { status: answer.status, body: await answer.json() }
}
const confirm = (server: Server, token: string) =>
  server.fetch(`${SUBSCRIBERS}/${token}/doi`, { method: 'PUT' })

const anna = { email: 'anna@example.com', firstName: 'Anna', lastName: 'Adler' }
const eve = { email: 'ANNA@Example.com', firstName: 'Eve', lastName: 'Evil', consents: ['DNE'] }

// --- item 2: a repeat sign-up never rewrites a pending one -------------------------------------------

test("within the re-mail pause, another's sign-up of a pending address (case changed, other names and consents) is stored with its own evidence; only its mail waits", async () => {
  const { server, clock } = serverAt()
  assert.is((await signUp(server, anna, '192.0.2.10')).status, 201)
  const [first] = await mails(server)
  const answer = await signUp(server, eve, '198.51.100.66')
  assert.is(answer.status, 201, 'the same answer: nobody learns whether the address is pending')
  assert.equal(await answer.json(), { status: 'WAITING_FOR_DOI' })
  const [stored] = await subscribersOf(server.ctx)
  assert.equal(
    [
      stored.request.firstName,
      stored.evidence.consents,
      stored.tokenHash === hashToken(first.token),
    ],
    ['Eve', ['DNE'], false],
    'a new sign-up with its own token and evidence; the first is never rewritten',
  )
  const toEve = async () => (await mails(server)).filter((m) => m.to === 'ANNA@Example.com')
  assert.equal(await toEve(), [], 'no mail within the pause')
  assert.is((await confirm(server, first.token)).status, 410, 'the first link: replaced')
  clock.t += PAUSE_MS
  assert.is(await sendDueMails(server.ctx), 1, 'the held mail, once the pause ends')
  const [held] = await toEve()
  const [current] = await subscribersOf(server.ctx)
  assert.is(hashToken(held.token), current.tokenHash, "the stored sign-up's link")
  assert.is((await confirm(server, held.token)).status, 200)
  const [confirmed] = await subscribersOf(server.ctx)
  assert.equal(
    [confirmed.request.firstName, confirmed.evidence.consents],
    ['Eve', ['DNE']],
    'the link confirms the details and consents it was sent for',
  )
})

test('an erasure ends the pause: a sign-up after it is stored and mailed at once', async () => {
  const { server } = serverAt()
  await signUp(server, anna)
  const erased = await server.ctx.store.erase(
    'anna@example.com',
    new Date().toISOString(),
    mailboxPause(server.ctx, anna.email).key,
  )
  assert.is(erased, 1)
  assert.is((await signUp(server, anna)).status, 201)
  const [again] = await mails(server)
  const [stored] = await subscribersOf(server.ctx)
  assert.is(hashToken(again.token), stored.tokenHash, 'stored, and mailed again at once')
})

test('after the pause, new details mean a new token and a new mail; the old link is no longer valid', async () => {
  const { server, clock } = serverAt()
  await signUp(server, anna)
  const [first] = await mails(server)
  clock.t += PAUSE_MS
  assert.is((await signUp(server, eve, '198.51.100.66')).status, 201)
  const [second, ...more] = await mails(server)
  assert.equal(more, [], 'the outbox keeps no mail whose link no longer works')
  assert.ok(second, 'a new mail')
  assert.is(second.to, 'ANNA@Example.com')
  assert.is.not(second.token, first.token, 'with a new token')
  assert.is((await confirm(server, first.token)).status, 410, 'the old link: no longer valid')
  assert.is((await lookup(server, first.token)).status, 404)
  assert.equal(
    (await subscribersOf(server.ctx)).map((s) => [
      s.tokenHash,
      s.request.firstName,
      s.evidence.consents,
    ]),
    [[hashToken(second.token), 'Eve', ['DNE']]],
    'one pending sign-up: the new one, with its own evidence',
  )
})

test('after the pause, the same details again re-send the mail with a new link (the record keeps its evidence)', async () => {
  const { server, clock } = serverAt()
  await signUp(server, anna)
  const [first] = await mails(server)
  const [before] = structuredClone(await subscribersOf(server.ctx))
  clock.t += PAUSE_MS
  await signUp(server, anna)
  const [again] = await mails(server)
  assert.is.not(again?.token, first.token, "the server keeps only the old token's hash")
  assert.is((await confirm(server, first.token)).status, 410, 'the old link: no longer valid')
  const [after] = await subscribersOf(server.ctx)
  assert.equal([after.request, after.evidence], [before.request, before.evidence])
  assert.is((await confirm(server, again.token)).status, 200, 'the new link confirms')
})

// --- item 6: the re-mail pause is per mailbox ------------------------------------------------------

test('the pause is per mailbox: case and +tags of one mailbox get one mail; dots and other mailboxes are apart', async () => {
  const { server, clock } = serverAt()
  for (const email of ['x@example.com', 'x+1@example.com', 'X+2@EXAMPLE.com', 'x+news@example.com'])
    assert.is((await signUp(server, { email })).status, 201, email)
  assert.equal(
    (await mails(server)).map((m) => m.to),
    ['x@example.com'],
  )
  assert.is((await subscribersOf(server.ctx)).length, 4, 'each stored, its mail waiting')
  for (const email of ['x.y@example.com', 'xy@example.com', 'x@example.org'])
    await signUp(server, { email })
  assert.is((await mails(server)).length, 4, 'other mailboxes are mailed')
  clock.t += PAUSE_MS
  assert.is(await sendDueMails(server.ctx), 1, 'after the pause, one held mail for the mailbox')
  assert.equal((await mails(server)).at(-1)?.to, 'x+1@example.com')
  clock.t += PAUSE_MS
  assert.is(await sendDueMails(server.ctx), 1, 'and the next one a pause later')
})

// --- item 3: caps never drop evidence or live links; per-client limits --------------------------------

test('confirmed subscribers are never evicted; when the pending store is full, new sign-ups wait (503, Retry-After)', async () => {
  const { server, clock } = serverAt({ limits: { pendingSignUps: 3 } })
  const confirmedTokens: string[] = []
  for (let i = 0; i < 5; i++) {
    await signUp(server, { email: `fan${i}@example.com` }, `192.0.2.${i + 1}`)
    const token = (await mails(server)).at(-1)!.token
    assert.is((await confirm(server, token)).status, 200)
    confirmedTokens.push(token)
  }
  const pendingTokens: string[] = []
  for (let i = 0; i < 3; i++) {
    assert.is(
      (await signUp(server, { email: `p${i}@example.com` }, `192.0.2.${i + 20}`)).status,
      201,
    )
    pendingTokens.push((await mails(server)).at(-1)!.token)
  }
  const refused = await signUp(server, { email: 'late@example.com' }, '192.0.2.99')
  assert.is(refused.status, 503)
  assert.ok(Number(refused.headers.get('retry-after')) > 0, 'Retry-After in seconds')
  assert.is(
    (await subscribersOf(server.ctx)).filter((s) => s.status === 'SUBSCRIBED').length,
    5,
    'every confirmed subscriber, with its evidence',
  )
  for (const token of pendingTokens)
    assert.is((await lookup(server, token)).status, 200, 'every live link still works')
  clock.t += LINK_TTL_MS
  assert.is(
    (await signUp(server, { email: 'late@example.com' }, '192.0.2.99')).status,
    201,
    'expired links make room',
  )
  assert.is((await subscribersOf(server.ctx)).filter((s) => s.status === 'SUBSCRIBED').length, 5)
})

test('sign-ups are limited per client (429, Retry-After); other clients go on; the limit refills with time', async () => {
  const { server, clock } = serverAt()
  const statuses: number[] = []
  for (let i = 0; i < 200; i++)
    statuses.push((await signUp(server, { email: `bulk${i}@example.com` }, '203.0.113.5')).status)
  const first429 = statuses.indexOf(429)
  assert.ok(first429 > 0 && first429 <= 100, `limited after a burst (first 429 at ${first429})`)
  assert.ok(
    statuses.slice(first429).every((s) => s === 429),
    'and stays limited',
  )
  const limited = await signUp(server, { email: 'bulk-x@example.com' }, '203.0.113.5')
  assert.ok(Number(limited.headers.get('retry-after')) > 0, 'Retry-After in seconds')
  assert.is(
    (await signUp(server, { email: 'other@example.com' }, '203.0.113.6')).status,
    201,
    'another client',
  )
  assert.is((await signUp(server, { email: 'v6a@example.com' }, '2001:db8:1:2::1')).status, 201)
  clock.t += 60 * 60 * 1000
  assert.is(
    (await signUp(server, { email: 'later@example.com' }, '203.0.113.5')).status,
    201,
    'an hour later',
  )
})

test('an IPv6 client counts by its /64: changing the interface part does not escape the limit', async () => {
  const { server } = serverAt()
  const statuses: number[] = []
  for (let i = 0; i < 200; i++)
    statuses.push(
      (await signUp(server, { email: `v6-${i}@example.com` }, `2001:db8:5:6:${i.toString(16)}::1`))
        .status,
    )
  assert.ok(statuses.includes(429))
})

// --- issue 42, item 4: limits per network ---------------------------------------------------------

test('170 addresses of one /24 cannot close the sign-up for everyone: the network waits for its own links (429), others sign up', async () => {
  const { server, clock } = serverAt({ limits: { pendingSignUps: 1_000 } })
  let accepted = 0
  let refused: Response | undefined
  for (let host = 1; host <= 170 && !refused; host++)
    for (let i = 0; i < 60; i++) {
      const answer = await signUp(
        server,
        { email: `f${host}-${i}@example.com` },
        `203.0.113.${host}`,
      )
      if (answer.status === 201) accepted++
      else {
        refused = answer
        break
      }
    }
  assert.is(refused?.status, 429, 'the network is refused')
  assert.ok(accepted <= 200, `one network holds at most its share (${accepted})`)
  assert.ok(Number(refused?.headers.get('retry-after')) > 0, 'Retry-After in seconds')
  assert.is(
    (await signUp(server, { email: 'visitor@example.com' }, '198.51.100.7')).status,
    201,
    'a visitor from another network signs up',
  )
  clock.t += LINK_TTL_MS
  assert.is(
    (await signUp(server, { email: 'later@example.com' }, '203.0.113.250')).status,
    201,
    "the network's expired links make room for it again",
  )
})

test('an IPv6 network counts by its /48: other /56s and /64s of it share its pending share', async () => {
  const { server } = serverAt({ limits: { pendingPerNetwork: 5 } })
  const statuses: number[] = []
  for (let i = 1; i <= 8; i++)
    statuses.push(
      (await signUp(server, { email: `n${i}@example.com` }, `2001:db8:aa:${i.toString(16)}00::1`))
        .status,
    )
  assert.equal(statuses, [201, 201, 201, 201, 201, 429, 429, 429])
  assert.is((await signUp(server, { email: 'other@example.com' }, '2001:db8:bb::1')).status, 201)
})

test('an address on an internationalised domain (punycode) signs up', async () => {
  const { server } = serverAt()
  assert.is((await signUp(server, { email: 'a@xn--mller-kva.de' })).status, 201)
  assert.is((await mails(server)).at(-1)?.to, 'a@xn--mller-kva.de')
})

test.run()
