/** The contract server's double opt-in: evidence, token strength and lifetime, localised mails without advertising. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createContractServer } from '../handler.ts'
import { consentText } from '../core/consent-texts.ts'
import { subscribersOf } from '../core/routes/newsletter-store.ts'
import type { Mail } from '../core/routes/newsletter-outbox.ts'
import { MAIL_TEXTS } from '../core/routes/newsletter-mail.ts'
import { SITES, SITE_LOCALE } from '../../src/contract/sites.ts'

const NL = '/service/newsletter/api/internal'
const body = {
  email: 'user+tag@example.com',
  consents: ['DNE'],
  origin: 'footer',
  originAddition: '/de/',
}

function serverAt(now: { t: number }) {
  return createContractServer({ now: () => new Date(now.t) })
}

const post = (server: ReturnType<typeof createContractServer>, data: unknown, site = 'DE') =>
  server.fetch(`${NL}/newsletter-subscribers`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-Hunter-Site': site,
      'X-Original-Address': `https://shop.test/${site.toLowerCase()}/`,
    },
    body: JSON.stringify(data),
  })

const outbox = async (server: ReturnType<typeof createContractServer>) =>
  (await (await server.fetch('/_mail/outbox.json')).json()) as Mail[]

test('a sign-up stores its evidence: UTC time, site, locale, page, consents, consent text version', async () => {
  const server = serverAt({ t: Date.UTC(2026, 10, 21, 8) })
  assert.is((await post(server, body, 'HU')).status, 201)
  const [s] = await subscribersOf(server.ctx)
  assert.equal(s.evidence, {
    receivedAt: '2026-11-21T08:00:00.000Z',
    site: 'HU',
    locale: 'hu-HU',
    pageAddress: 'https://shop.test/hu/',
    consents: ['DNE'],
    consentTextVersion: consentText('hu-HU').version,
    client: null,
  })
  assert.is(s.status, 'WAITING_FOR_DOI')
})

test('the token carries at least 128 random bits and differs per sign-up', async () => {
  const server = createContractServer()
  await post(server, body)
  await post(server, { ...body, email: 'other@example.com' })
  const [a, b] = (await outbox(server)).map(
    (m) => new URL(m.link).searchParams.get('subscriberToken')!,
  )
  assert.ok(Buffer.from(a, 'base64url').length >= 16)
  assert.is.not(a, b)
})

test('a token expires after 48 hours', async () => {
  const now = { t: Date.UTC(2026, 10, 21, 8) }
  const server = serverAt(now)
  await post(server, body)
  const [mail] = await outbox(server)
  const token = new URL(mail.link).searchParams.get('subscriberToken')
  now.t += 48 * 3600 * 1000
  assert.is(
    (await server.fetch(`${NL}/newsletter-subscribers/${token}/doi`, { method: 'PUT' })).status,
    410,
  )
})

test('names with a URL or domain are refused', async () => {
  const server = createContractServer()
  assert.is((await post(server, { ...body, firstName: 'www.spam.example' })).status, 400)
  assert.is((await post(server, { ...body, lastName: 'O´Brien-Müller' })).status, 201)
})

for (const site of SITES) {
  test(`${site}: the confirmation mail is in ${SITE_LOCALE[site]}, links to the market page and advertises nothing`, async () => {
    const server = createContractServer()
    await post(server, body, site)
    const [mail] = await outbox(server)
    assert.is(mail.subject, MAIL_TEXTS[SITE_LOCALE[site]].subject)
    assert.is(new URL(mail.link).pathname, `/${site.toLowerCase()}/`)
    assert.not.match(
      `${mail.subject} ${mail.body} ${mail.ignore}`,
      /%|\b(voucher|gutschein|bon|kupon|poukaz|rabat|indirim|kedvezmény|sleva|zľava)/i,
    )
    const page = await (await server.fetch('/_mail/')).text()
    assert.ok(page.includes(mail.action) && page.includes(mail.link.replace(/&/g, '&amp;')))
  })
}

test.run()
