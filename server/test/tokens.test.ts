/**
 * Subscriber tokens have one format, written once in src/contract/contract.ts (issue 26, item 8): the
 * server issues only that and accepts only that; anything else is refused before any lookup.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createContractServer } from '../handler.ts'
import { SUBSCRIBER_TOKEN_PATTERN } from '../../src/contract/contract.ts'

const test = suite('contract server: subscriber token format')
const NL = '/service/newsletter/api/internal'
const SUBSCRIBERS = `${NL}/newsletter-subscribers`
const JSON_HEADERS = { 'content-type': 'application/json' }

type Server = ReturnType<typeof createContractServer>

async function issuedToken(server: Server, email: string): Promise<string> {
  await server.fetch(SUBSCRIBERS, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email, consents: [], origin: 'footer' }),
  })
  const mails = (await (await server.fetch('/_mail/outbox.json')).json()) as { link: string }[]
  return new URL(mails[mails.length - 1].link).searchParams.get('subscriberToken')!
}

/** Not the format: wrong length, letters outside base64url, encoded path parts, padding. */
const MALFORMED = [
  '..',
  '%2E%2E',
  '..%2F..%2Fx',
  'x',
  'A'.repeat(21),
  'A'.repeat(23),
  'A'.repeat(21) + '=',
  'A'.repeat(21) + '+',
  'A'.repeat(21) + '%2F',
  'A'.repeat(21) + '%20',
  'A'.repeat(20) + '%C3%A9',
]

test('the server issues tokens of the shared format, 128 random bits each', async () => {
  const server = createContractServer()
  for (let i = 0; i < 20; i++) {
    const token = await issuedToken(server, `t${i}@example.com`)
    assert.ok(SUBSCRIBER_TOKEN_PATTERN.test(token), token)
    assert.is(Buffer.from(token, 'base64url').length, 16)
  }
})

test('a token not of that format answers 400 on every token route, before any lookup or body', async () => {
  const server = createContractServer()
  await issuedToken(server, 'anna@example.com')
  for (const token of MALFORMED) {
    for (const [method, path, body] of [
      ['GET', `${SUBSCRIBERS}/${token}`],
      ['PUT', `${SUBSCRIBERS}/${token}`, JSON.stringify({ firstName: 'Eve' })],
      ['PUT', `${SUBSCRIBERS}/${token}/doi`],
      ['PUT', `${NL.replace('internal', 'private')}/newsletter-subscribers/${token}/doi`],
    ] as [string, string, string?][]) {
      const answer = await server.fetch(path, { method, headers: JSON_HEADERS, body })
      // A path that leaves the token route (`..`) is no route at all: 404 without a lookup.
      const left = !new URL(path, 'http://x').pathname.includes('/newsletter-subscribers/')
      assert.is(answer.status, left ? 404 : 400, `${method} ${path}`)
      if (!left) assert.match(await answer.text(), /not a subscriber token/, `${method} ${path}`)
    }
  }
})

test('a well-formed token the server never issued is unknown (404, 410 for the confirmation)', async () => {
  const server = createContractServer()
  const stranger = 'A'.repeat(22)
  assert.is((await server.fetch(`${SUBSCRIBERS}/${stranger}`)).status, 404)
  assert.is((await server.fetch(`${SUBSCRIBERS}/${stranger}/doi`, { method: 'PUT' })).status, 410)
})

test.run()
