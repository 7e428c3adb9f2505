/**
 * The double opt-in landing (a page opened from the confirmation mail, ?subscriberToken=...): the
 * token leaves the address bar at once, nothing is confirmed until the visitor asks for it (mail
 * scanners that run scripts must not confirm for the recipient), and the page address sent along
 * carries origin and path only.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, fireEvent, screen } from '@testing-library/preact'
import { JSDOM } from 'jsdom'
import { createContractServer } from '../../server/handler'
import { recordingWidget, renderInWidget, TEST_ORIGIN, useLocale } from '../../test/helpers/widget'
import { NL, text } from '../../test/helpers/newsletter'
import { SITES, SITE_LOCALE } from '../contract/sites'
import { NewsletterBlock } from './index'
import { takeSubscriberToken } from './doi-landing.token'
import { recordAnnouncements } from '../../test/helpers/announcements'
import { loadFromSource } from '../../test/helpers/widget'

test.after.each(cleanup)

/** A token of the format the server issues (src/contract/contract.ts). */
const TOKEN = 'Zm9vYmFyLWJhei1xdXV4LQ'

async function signedUpToken(server: ReturnType<typeof createContractServer>) {
  await server.fetch(`${NL}/internal/newsletter-subscribers`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-Hunter-Site': 'DE',
      'X-Original-Address': `${TEST_ORIGIN}/de/`,
    },
    body: JSON.stringify({ email: 'anna@example.com', consents: [], origin: 'footer' }),
  })
  const [mail] = (await (await server.fetch('/_mail/outbox.json')).json()) as { link: string }[]
  return new URL(mail.link).searchParams.get('subscriberToken')!
}

/** The current test's widget, drained: its staged steps, renders, effects and answers (test/helpers/widget.tsx). */
let settle: () => Promise<void>

async function landing(token: string, server = createContractServer({ origin: TEST_ORIGIN })) {
  const { widget, requests, drain } = await recordingWidget('DE', server)
  settle = drain
  widget.subscriberToken = token
  widget.psdata = async () => ({ newsletterStatus: 'WAITING_FOR_DOI' })
  renderInWidget(<NewsletterBlock />, widget)
  await settle()
  return { requests, confirm: screen.getByRole('button', { name: text('doiConfirm') }) }
}

test('takeSubscriberToken: reads the token and removes it from the address, keeping every other parameter and the fragment as written', () => {
  const { window } = new JSDOM('', {
    url: `https://shop.test/de/?utm_source=mail&subscriberToken=${TOKEN}&q=a%20b+c&e=%E2%82%AC#top`,
  })
  const token = takeSubscriberToken(window as unknown as Window)
  assert.is(token, TOKEN)
  assert.is(window.location.href, 'https://shop.test/de/?utm_source=mail&q=a%20b+c&e=%E2%82%AC#top')
  window.close()
})

test('takeSubscriberToken: an encoded name counts too; the only parameter leaves no "?"; without a token the history is untouched', () => {
  const encoded = new JSDOM('', { url: `https://shop.test/de/?subscriber%54oken=${TOKEN}&x=1` })
    .window
  assert.is(takeSubscriberToken(encoded as unknown as Window), TOKEN)
  assert.is(encoded.location.href, 'https://shop.test/de/?x=1')
  encoded.close()
  const { window } = new JSDOM('', { url: `https://shop.test/de/?subscriberToken=${TOKEN}` })
  assert.is(takeSubscriberToken(window as unknown as Window), TOKEN)
  assert.is(window.location.href, 'https://shop.test/de/')
  const other = new JSDOM('', { url: 'https://shop.test/de/?q=1' }).window
  let replaced = 0
  other.history.replaceState = () => void replaced++
  assert.is(takeSubscriberToken(other as unknown as Window), null)
  assert.is(replaced, 0)
  window.close()
  other.close()
})

test('takeSubscriberToken: under a <base href> on a CDN the token still leaves the address bar', () => {
  const { window } = new JSDOM('<base href="https://cdn.example/assets/">', {
    url: `https://shop.test/de/page?subscriberToken=${TOKEN}&x=1#f`,
  })
  assert.is(takeSubscriberToken(window as unknown as Window), TOKEN)
  assert.is(window.location.href, 'https://shop.test/de/page?x=1#f')
  window.close()
})

test('takeSubscriberToken: anything but the format the server issues is no token (no request can follow), and it leaves the address too', () => {
  for (const bad of [
    '..',
    '%2E%2E',
    '../../../login/api/v1/login?',
    `${TOKEN}/../x`,
    `${TOKEN}A`,
    TOKEN.slice(1),
    `${TOKEN.slice(1)}=`,
    `${TOKEN.slice(1)}+`,
    `${TOKEN.slice(1)}%2F`,
    '',
  ]) {
    const { window } = new JSDOM('', {
      url: `https://shop.test/de/?subscriberToken=${bad}&x=1#f`,
    })
    assert.is(takeSubscriberToken(window as unknown as Window), null, bad)
    assert.is(window.location.href, 'https://shop.test/de/?x=1#f', bad)
    window.close()
  }
})

test('nothing is confirmed on load: a clear confirm button is the only way, and it confirms once', async () => {
  const server = createContractServer({ origin: TEST_ORIGIN })
  const token = await signedUpToken(server)
  const { requests, confirm } = await landing(token, server)
  await settle()
  assert.equal(
    requests.filter((r) => r.method === 'PUT'),
    [],
    'no confirmation before the visitor asks for it',
  )
  assert.ok(screen.getByText(text('doiPrompt')))
  assert.is(
    screen.queryByRole('textbox'),
    null,
    'the landing asks one thing: the form comes back if the link is refused',
  )
  confirm.focus()
  fireEvent.click(confirm)
  await settle()
  const confirmed = screen.getByText(text('confirmed'))
  assert.ok(confirmed.closest('.lf-notification--success'))
  assert.is(
    document.activeElement,
    screen.getByRole('heading', { name: text('title') }),
    "the pressed button is gone: the focus goes on from the block's heading, not the page's top",
  )
  const puts = requests.filter((r) => r.method === 'PUT')
  assert.is(puts.length, 1)
  assert.is(puts[0].url, `${NL}/internal/newsletter-subscribers/${token}/doi`)
  assert.is(puts[0].headers.get('x-hunter-site'), 'DE')
  assert.is(screen.queryByRole('button', { name: text('doiConfirm') }), null)
})

for (const name of ['activeElement', 'body'])
  test(`host markup <img name="${name}">: the focus still goes on from the block's heading`, async () => {
    const server = createContractServer({ origin: TEST_ORIGIN })
    const token = await signedUpToken(server)
    const { confirm } = await landing(token, server)
    confirm.focus()
    // A named element on a real document is the document's own property (jsdom has none).
    Object.defineProperty(document, name, {
      value: document.createElement('img'),
      configurable: true,
    })
    try {
      fireEvent.click(confirm)
      await settle()
    } finally {
      delete (document as unknown as Record<string, unknown>)[name]
    }
    assert.is(document.activeElement, screen.getByRole('heading', { name: text('title') }))
  })

/** What the press of the confirm button lets the visitor hear, the confirm button focused. */
async function heardAfterConfirm(confirm: HTMLElement) {
  confirm.focus()
  const heard = recordAnnouncements()
  fireEvent.click(confirm)
  await settle()
  heard.stop()
  return heard
}

// A screen reader stops what it is saying when the focus moves, and Chromium sends a live region's
// change before a focus move that falls in the same update: the message goes with the move.
for (const [message, what, token] of [
  ['confirmed', 'the confirmation', 'signed up'],
  ['doiInvalid', 'the invalid-link banner', 'unknown-token'],
] as const)
  test(`${what} is heard with the focus move to the heading, as its description, and from no live region: nothing to cut off`, async () => {
    const server = createContractServer({ origin: TEST_ORIGIN })
    const { confirm } = await landing(
      token === 'signed up' ? await signedUpToken(server) : token,
      server,
    )
    const heard = await heardAfterConfirm(confirm)
    // Once, with the move to the heading ("Wird geladen" before it is the button's, at the press).
    assert.is(heard.count(text(message)), 1, heard.said.join(' | '))
    const move = heard.said.find((s) => s.includes(text(message)))!
    assert.ok(move.startsWith(text('title')), move)
  })

test('a visitor who moved on while the confirmation was under way keeps the focus where they put it', async () => {
  const server = createContractServer({ origin: TEST_ORIGIN })
  const { confirm } = await landing(await signedUpToken(server), server)
  confirm.focus()
  fireEvent.click(confirm)
  const elsewhere = document.body.appendChild(document.createElement('button'))
  elsewhere.focus()
  const heard = recordAnnouncements()
  await settle()
  heard.stop()
  screen.getByText(text('confirmed'))
  assert.is(document.activeElement, elsewhere)
  // No focus move carries the message: its live region reads it.
  assert.is(heard.count(text('confirmed')), 1, heard.said.join(' | '))
  elsewhere.remove()
})

test('a used or unknown token: after the confirm button, the invalid-link banner shows above the form', async () => {
  const { confirm } = await landing('unknown-token')
  confirm.focus()
  fireEvent.click(confirm)
  await settle()
  const banner = screen.getByText(
    'Leider ist dieser Link nicht mehr gültig. Bitte melden Sie sich erneut zum Newsletter an.',
  )
  assert.ok(banner.closest('.lf-notification--error'))
  assert.is(
    document.activeElement,
    screen.getByRole('heading', { name: text('title') }),
    'the focus stays in the block, ahead of the banner and the form (focusing the form would clear the banner)',
  )
  await settle()
  const input = screen.getByRole('textbox', { name: /^E-Mail/ })
  assert.ok(banner.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING)
  input.focus()
  await settle()
  assert.is(screen.queryByText(text('doiInvalid')), null)
})

test('closing the invalid-link banner takes the focus on to the e-mail field, not to the page top', async () => {
  const { confirm } = await landing('unknown-token')
  confirm.focus()
  fireEvent.click(confirm)
  await settle()
  const close = screen.getByRole('button', { name: /schließen/ })
  close.focus()
  fireEvent.click(close)
  await settle()
  assert.is(screen.queryByText(text('doiInvalid')), null)
  assert.is(document.activeElement, screen.getByRole('textbox', { name: /^E-Mail/ }))
})

test('X-Original-Address carries origin and path only: no query (tokens, e-mail addresses), no fragment', async () => {
  const server = createContractServer({ origin: TEST_ORIGIN })
  const { widget, requests, drain } = await recordingWidget('DE', server)
  settle = drain
  widget.pageAddress = `${TEST_ORIGIN}/de/angebote/?email=anna%40example.com&session=s3cr3t#frag`
  widget.psdata = async () => ({ newsletterStatus: 'NONE' })
  renderInWidget(<NewsletterBlock />, widget)
  await settle()
  fireEvent.change(screen.getByRole('textbox', { name: /^E-Mail/ }), {
    target: { value: 'anna@example.com' },
  })
  await settle()
  fireEvent.click(screen.getByRole('button', { name: text('submit') }))
  await settle()
  screen.getByText(text('successTitle'))
  const post = requests.find((r) => r.method === 'POST')!
  assert.is(post.headers.get('x-original-address'), `${TEST_ORIGIN}/de/angebote/`)
})

test("the landing's file comes with the token only; until it is there the block shows nothing, then the prompt: never the form first", async () => {
  const server = createContractServer({ origin: TEST_ORIGIN })
  const { widget, drain } = await recordingWidget('DE', server)
  const loads: string[] = []
  let arrive = () => {}
  widget.load = (name) => {
    loads.push(name)
    return new Promise((resolve) => (arrive = () => resolve(loadFromSource(name))))
  }
  widget.subscriberToken = TOKEN
  widget.psdata = async () => ({ newsletterStatus: 'WAITING_FOR_DOI' })
  const view = renderInWidget(<NewsletterBlock />, widget)
  await drain()
  assert.equal(loads, ['doi'])
  assert.is(view.container.textContent, '', 'no block while the file is on its way')
  arrive()
  await drain()
  assert.ok(screen.getByRole('button', { name: text('doiConfirm') }))
  assert.is(screen.queryByRole('textbox'), null)
  cleanup()
  const { widget: other, drain: drainOther } = await recordingWidget('DE', server)
  other.load = (name) => {
    loads.push(name)
    return loadFromSource(name)
  }
  renderInWidget(<NewsletterBlock />, other)
  await drainOther()
  assert.equal(loads, ['doi'], 'a page without a token loads no landing')
  assert.ok(screen.getByRole('textbox', { name: /^E-Mail/ }))
})

test('a landing file that does not load: the form with the technical banner', async () => {
  const { widget, drain } = await recordingWidget(
    'DE',
    createContractServer({ origin: TEST_ORIGIN }),
  )
  widget.load = () => Promise.reject(new Error('blocked'))
  widget.subscriberToken = TOKEN
  widget.psdata = async () => null
  renderInWidget(<NewsletterBlock />, widget)
  await drain()
  assert.ok(screen.getByText(text('errorGeneric')).closest('[role=alert]'))
  assert.ok(screen.getByRole('textbox', { name: /^E-Mail/ }))
})

test('the confirm texts exist in every locale', async () => {
  for (const site of SITES) {
    await useLocale(SITE_LOCALE[site])
    for (const key of ['doiPrompt', 'doiConfirm'])
      assert.ok(text(key) && text(key) !== `newsletter.${key}`, `${site} ${key}`)
  }
})

test.run()
