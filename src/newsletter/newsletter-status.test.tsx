/** Who sees the form and with what in it: the page's and the status' hiding, the status wait, a logged-in visitor's base data. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act, cleanup, fireEvent, screen } from '@testing-library/preact'
import type { SentRequest } from '../../test/helpers/widget'
import {
  email,
  label,
  type NewsletterOptions,
  posts,
  renderNewsletter,
  resetNewsletterTest,
  settle,
  submit,
  text,
} from '../../test/helpers/newsletter'
import type { PsData } from '../api/psdata'
import { STATUS_WAIT_MS } from '../contract/newsletter.constants'

test.after.each(resetNewsletterTest)

for (const [site, locks] of [
  ['AT', true],
  ['HU', true],
  ['TR', true],
  ['DE', false],
] as const) {
  test(`${site}: a logged-in visitor's base data prefills the form${locks ? ' and locks known fields' : ''}`, async () => {
    const { requests, loginToken } = await renderNewsletter(site, { loggedIn: true })
    await settle()
    const input = screen.getByDisplayValue('anna.schmidt@example.com') as HTMLInputElement
    const get = requests.find((r) => r.url.endsWith('/customers/base-data'))!
    assert.is(get.headers.get('x-logintoken'), loginToken)
    assert.is(input.disabled, locks)
    if (site !== 'DE') {
      const first = screen.getByRole('textbox', { name: label('firstName') }) as HTMLInputElement
      assert.is(first.value, 'Anna')
      assert.is(first.disabled, locks)
    }
  })
}

test('base data arriving after the visitor started typing keeps what it does not know, and the focus; its own fields lose their errors', async () => {
  document.cookie = 'LoginToken=tok123'
  let answer: (response: Response) => void = () => {}
  const wrap = (inner: typeof fetch) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.endsWith('/customers/base-data'))
        return new Promise<Response>((resolve) => (answer = resolve))
      return inner(input, init)
    }) as typeof fetch
  await renderNewsletter('AT', { wrap })
  const baseData = ({ url }: SentRequest) => url.endsWith('/customers/base-data')
  const field = await email({ except: baseData })
  act(() => field.focus())
  fireEvent.input(field, { target: { value: 'typed@' } })
  const first = screen.getByRole('textbox', { name: label('firstName') }) as HTMLInputElement
  first.focus()
  fireEvent.blur(field)
  // The base data is still held back.
  await settle({ except: baseData })
  assert.is(
    screen.getByRole('textbox', { name: label('email') }).getAttribute('aria-invalid'),
    'true',
  )
  fireEvent.input(first, { target: { value: 'Anni' } })
  // The account knows the email, not the name.
  answer(
    new Response(JSON.stringify({ email: 'anna@example.com' }), {
      headers: { 'content-type': 'application/json' },
    }),
  )
  await settle()
  screen.getByDisplayValue('anna@example.com')
  const name = screen.getByRole('textbox', { name: label('firstName') }) as HTMLInputElement
  assert.is(name.value, 'Anni', 'what the visitor typed stays')
  assert.is(name.disabled, false, 'only known fields are locked')
  const known = screen.getByRole('textbox', { name: label('email') }) as HTMLInputElement
  assert.is(known.disabled, true)
  assert.not.equal(
    known.getAttribute('aria-invalid'),
    'true',
    'the error on the typed email went with it',
  )
  assert.is(
    document.activeElement?.shadowRoot?.activeElement ?? document.activeElement,
    name,
    'the field being typed in keeps the focus',
  )
})

test('DNE already given: its checkbox is hidden and DNE is not sent again', async () => {
  document.cookie = 'LoginToken=tok123'
  const wrap = (inner: typeof fetch) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.endsWith('/customers/base-data'))
        return new Response(JSON.stringify({ email: 'anna@example.com', consents: ['DNE'] }), {
          headers: { 'content-type': 'application/json' },
        })
      return inner(input, init)
    }) as typeof fetch
  const { requests } = await renderNewsletter('DE', { wrap })
  await settle()
  screen.getByDisplayValue('anna@example.com')
  await email() // the whole form, checkboxes included had there been any
  assert.is(screen.queryAllByRole('checkbox').length, 0)
  fireEvent.click(submit())
  await settle()
  screen.getByText(text('successTitle'))
  assert.equal((await posts(requests)[0].json()).consents, [])
})

for (const [why, options] of [
  ['the page marks it hidden', { config: { newsletterHidden: true } }],
  ['the status is WAITING_FOR_DOI', { psdata: { newsletterStatus: 'WAITING_FOR_DOI' } }],
  ['the status is SUBSCRIBED', { psdata: { newsletterStatus: 'SUBSCRIBED' } }],
] as [string, NewsletterOptions][]) {
  test(`hidden when ${why}`, async () => {
    const { drain } = await renderNewsletter('DE', options)
    await drain()
    assert.is(document.querySelector('.lf-nl'), null)
    assert.is(screen.queryByRole('textbox'), null)
  })
}

test('shown for other statuses and when psdata fails', async () => {
  await renderNewsletter('DE', { psdata: { newsletterStatus: 'NONE' } })
  assert.ok(await email())
  cleanup()
  await renderNewsletter('DE', { psdata: null })
  assert.ok(await email())
})

test('a status that does not come keeps the form away for STATUS_WAIT_MS only; a late SUBSCRIBED then leaves it, and what was typed', async () => {
  let answer!: (data: PsData) => void
  const { clock } = await renderNewsletter('DE', {
    psdata: new Promise((resolve) => (answer = resolve)),
  })
  await settle()
  assert.is(
    screen.queryByRole('textbox'),
    null,
    'the form waits a while, so a subscriber sees none flash',
  )
  await act(() => clock.advance(STATUS_WAIT_MS - 1))
  await settle()
  assert.is(screen.queryByRole('textbox'), null)
  await act(() => clock.advance(1))
  const input = await email()
  fireEvent.input(input, { target: { value: 'anna@' } })
  answer({ newsletterStatus: 'SUBSCRIBED' })
  await settle()
  assert.is(
    screen.getByRole('textbox', { name: label('email') }),
    input,
    'the form stays: hiding it now would move the page and drop what was typed',
  )
  assert.is((input as HTMLInputElement).value, 'anna@')
})

test.run()
