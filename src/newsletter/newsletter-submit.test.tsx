/** An accepted sign-up: what the server receives, what the visitor sees and which events are sent; the busy state; the honeypot. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fireEvent, screen } from '@testing-library/preact'
import { TEST_ORIGIN } from '../../test/helpers/widget'
import {
  email,
  gate,
  label,
  NL,
  posts,
  renderNewsletter,
  resetNewsletterTest,
  settle,
  signUp,
  submit,
  text,
  type,
  windowAny,
} from '../../test/helpers/newsletter'
import { SIGN_UP_EVENT, SUBMITTED_EVENT } from './index'
import { trackSignUp } from './newsletter.analytics'
import type { Widget } from '../base/widget-context'

test.after.each(resetNewsletterTest)

test('DE: an accepted sign-up posts the spec body and headers, shows the success view with the address, focuses its heading described by the message, and sends the events', async () => {
  windowAny.dataLayer = []
  const scrolled: Element[] = []
  const proto = HTMLElement.prototype as unknown as { scrollIntoView: () => void }
  const original = proto.scrollIntoView
  proto.scrollIntoView = function (this: Element) {
    scrolled.push(this)
  }
  try {
    const { requests, events, server } = await renderNewsletter('DE')
    await type(await email(), 'user+tag@example.com')
    fireEvent.click(screen.getAllByRole('checkbox')[0])
    fireEvent.click(submit())
    await settle()
    const success = screen.getByText(text('success', { email: 'user+tag@example.com' }))
    const [post] = posts(requests)
    assert.is(post.url, `${NL}/internal/newsletter-subscribers`)
    assert.is(post.headers.get('content-type'), 'application/json')
    assert.is(post.headers.get('x-hunter-site'), 'DE')
    assert.is(post.headers.get('x-original-address'), `${TEST_ORIGIN}/de/`)
    assert.equal(await post.json(), {
      email: 'user+tag@example.com',
      salutation: null,
      firstName: null,
      lastName: null,
      consents: ['DNE'],
      origin: 'footer',
      originAddition: '/de/',
    })
    assert.is(screen.queryByRole('textbox', { name: label('email') }), null)
    // Its heading takes the focus and is described by the message: read once, on the focus move.
    const heading = screen.getByRole('heading', { name: text('successTitle') })
    await settle()
    assert.is(document.activeElement, heading)
    assert.is(heading.getAttribute('aria-describedby'), success.id)
    assert.equal(scrolled, [success.parentElement])
    const signUp = {
      event: 'sign_up',
      name: 'sign_up',
      subject: 'newsletter',
      origin: 'footer:/de/',
      type: 'ga4',
      emitter: 'newsletterservice',
    }
    assert.equal(windowAny.dataLayer, [signUp])
    assert.equal(
      events.map((e) => e.type),
      [SIGN_UP_EVENT, SUBMITTED_EVENT],
    )
    assert.equal(events[0].detail, signUp)
    const outbox = (await (await server.fetch('/_mail/outbox.json')).json()) as { to: string }[]
    assert.is(outbox[0].to, 'user+tag@example.com')
  } finally {
    proto.scrollIntoView = original
  }
})

test('AT: salutation and names are sent; a single-page app uses the private base path', async () => {
  const { requests } = await renderNewsletter('AT', { config: { spa: true } })
  const input = await email()
  await type(input, "o'brien@example.com")
  // A real choice fires input and change; the select listens to change (@testing-library/preact's fireEvent.change sends input).
  const salutation = screen.getByRole('combobox', {
    name: label('salutation'),
  }) as HTMLSelectElement
  salutation.value = 'MR'
  fireEvent(salutation, new Event('change', { bubbles: true }))
  await type(screen.getByRole('textbox', { name: label('firstName') }), 'Seán')
  await type(screen.getByRole('textbox', { name: label('lastName') }), 'O´Brien')
  fireEvent.click(submit())
  await settle()
  screen.getByText(text('successTitle'))
  const [post] = posts(requests)
  assert.is(post.url, `${NL}/private/newsletter-subscribers`)
  assert.equal(await post.json(), {
    email: "o'brien@example.com",
    salutation: 'MR',
    firstName: 'Seán',
    lastName: 'O´Brien',
    consents: [],
    origin: 'footer',
    originAddition: '/at/',
  })
})

test('while submitting, fields are disabled and a double click sends one request', async () => {
  const g = gate()
  const { requests } = await renderNewsletter('AT', { wrap: g.wrap })
  const input = await email()
  await type(input, 'anna@example.com')
  fireEvent.click(submit())
  fireEvent.click(submit())
  await settle({ except: signUp })
  assert.ok((input as HTMLInputElement).disabled)
  assert.ok(
    (screen.getByRole('textbox', { name: label('firstName') }) as HTMLInputElement).disabled,
  )
  assert.is(submit().getAttribute('aria-busy'), 'true')
  g.release()
  await settle()
  screen.getByText(text('successTitle'))
  assert.is(posts(requests).length, 1)
})

test('host markup <img name="defaultView"> does not drop the sign_up event from dataLayer', () => {
  windowAny.dataLayer = []
  // A named element on a real document is the document's own property (jsdom has no named
  // properties); only around the call, as the test library itself reads document.defaultView.
  Object.defineProperty(document, 'defaultView', {
    value: document.createElement('img'),
    configurable: true,
  })
  try {
    trackSignUp({ document, mountElement: document.body } as unknown as Widget, 'footer')
  } finally {
    delete (document as unknown as Record<string, unknown>).defaultView
  }
  assert.is(windowAny.dataLayer.length, 1)
})

test('honeypot filled: nothing is sent, the success view and the analytics event still come', async () => {
  windowAny.dataLayer = []
  const { requests, events } = await renderNewsletter('DE')
  await type(await email(), 'bot@example.com')
  const trap = document.querySelector('input[name=lf-website]') as HTMLInputElement
  assert.is(trap.tabIndex, -1)
  assert.is(trap.getAttribute('autocomplete'), 'off')
  assert.ok(trap.closest('[aria-hidden=true]'))
  fireEvent.input(trap, { target: { value: 'http://spam.example' } })
  fireEvent.click(submit())
  await settle()
  screen.getByText(text('success', { email: 'bot@example.com' }))
  assert.is(posts(requests).length, 0)
  assert.is(windowAny.dataLayer.length, 1)
  assert.equal(
    events.map((e) => e.type),
    [SIGN_UP_EVENT, SUBMITTED_EVENT],
  )
})

test.run()
