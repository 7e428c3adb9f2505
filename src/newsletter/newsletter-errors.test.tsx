/** Errors: when a field is checked, what a refused submit and a refused or failed sign-up show, and that every error text exists. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, fireEvent, screen } from '@testing-library/preact'
import { useLocale } from '../../test/helpers/widget'
import {
  answer,
  email,
  label,
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
import { captureConsole } from '../../test/helpers/console'

test.after.each(resetNewsletterTest)

test('validation on blur, not while typing; the message is linked and announced, stays on focus and while still wrong, clears once valid', async () => {
  await renderNewsletter('DE')
  const input = await email()
  input.focus()
  fireEvent.input(input, { target: { value: 'anna@' } })
  await settle()
  assert.is(screen.queryByText(text('errors.emailRegexErrorMessage')), null)
  input.blur()
  await settle()
  const message = screen
    .getAllByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')
    .find((el) => el.id)!
  assert.is(input.getAttribute('aria-invalid'), 'true')
  assert.ok(input.getAttribute('aria-describedby')!.split(' ').includes(message.id))
  assert.is(
    document.querySelector('form [role=status]')!.textContent,
    'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  )
  input.focus()
  await settle()
  assert.is(
    input.getAttribute('aria-invalid'),
    'true',
    'the error stays when the visitor comes back to correct it',
  )
  assert.ok(document.getElementById(message.id))
  fireEvent.input(input, { target: { value: 'anna@example' } })
  await settle()
  assert.is(input.getAttribute('aria-invalid'), 'true', 'still wrong, still described')
  fireEvent.input(input, { target: { value: 'anna@example.com' } })
  await settle()
  assert.is(input.getAttribute('aria-invalid'), null)
  assert.is(document.getElementById(message.id), null)
})

test('passing by: leaving an untouched field raises nothing; its required error comes with submit (HU)', async () => {
  await renderNewsletter('HU')
  const input = await email()
  input.focus()
  await settle()
  input.blur()
  for (const name of ['firstName', 'lastName']) {
    const field = screen.getByRole('textbox', { name: label(name) })
    field.focus()
    await settle()
    field.blur()
  }
  await settle()
  assert.is(document.querySelectorAll('[aria-invalid=true]').length, 0)
  assert.is(document.querySelector('form [role=status]')!.textContent, '')
  fireEvent.click(submit())
  await settle()
  assert.is(document.querySelectorAll('[aria-invalid=true]').length, 4)
  assert.is(document.activeElement, input, 'the first field to correct has the focus')
})

test('an empty required email says so on submit, and nothing is sent', async () => {
  const { requests } = await renderNewsletter('DE')
  await email()
  fireEvent.click(submit())
  await settle()
  assert.ok(screen.getAllByText(text('errors.emailRequiredErrorMessage')).length)
  assert.is(posts(requests).length, 0)
})

test('HU: salutation and names are required; TR: names and the newsletter consent, with a Turkish message', async () => {
  await renderNewsletter('HU')
  await email()
  // Submitting without ever focusing the email field reveals the fields with their errors.
  fireEvent.click(submit())
  await settle()
  assert.is(
    screen.getByRole('combobox', { name: label('salutation') }).getAttribute('aria-invalid'),
    'true',
  )
  for (const key of [
    'salutationRequiredErrorMessage',
    'firstNameRequiredErrorMessage',
    'lastNameRequiredErrorMessage',
  ]) {
    await settle()
    assert.ok(screen.getAllByText(text(`errors.${key}`)).length, key)
  }
  cleanup()
  await renderNewsletter('TR')
  ;(await email()).focus()
  await settle()
  fireEvent.click(submit())
  await settle()
  assert.ok(screen.getAllByText('Lütfen ticari elektronik ileti onayınızı verin.').length)
  const consent = screen.getAllByRole('checkbox')[0]
  assert.is(consent.getAttribute('aria-invalid'), 'true')
  fireEvent.click(consent)
  await settle()
  assert.is(consent.getAttribute('aria-invalid'), 'false')
})

test('names with a URL are refused on blur (AT)', async () => {
  await renderNewsletter('AT')
  ;(await email()).focus()
  await settle()
  await type(screen.getByRole('textbox', { name: label('firstName') }), 'www.spam.example')
  assert.ok(screen.getAllByText(text('errors.firstNameRegexErrorMessage')).length)
})

test('an email_invalid answer shows the email error; typed values stay; no events', async () => {
  windowAny.dataLayer = []
  const { events } = await renderNewsletter('AT', {
    wrap: answer(400, { type: 'urn:newsletter:email_invalid', status: 400 }),
  })
  const input = await email()
  await type(input, 'anna@example.com')
  await type(screen.getByRole('textbox', { name: label('firstName') }), 'Anna')
  fireEvent.click(submit())
  await settle()
  assert.is(input.getAttribute('aria-invalid'), 'true')
  assert.ok(screen.getAllByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.').length)
  assert.is((input as HTMLInputElement).value, 'anna@example.com')
  assert.is(
    (screen.getByRole('textbox', { name: label('firstName') }) as HTMLInputElement).value,
    'Anna',
  )
  assert.is((input as HTMLInputElement).disabled, false)
  assert.equal(events, [])
  assert.equal(windowAny.dataLayer, [])
})

test('a 500 shows the technical-error banner as an alert; values stay; one more click retries', async () => {
  let fail = true
  const wrap = (inner: typeof fetch) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = input instanceof Request ? input.method : init?.method
      if (method === 'POST' && fail) return new Response('{}', { status: 500 })
      return inner(input, init)
    }) as typeof fetch
  const { events } = await renderNewsletter('DE', { wrap })
  const input = await email()
  await type(input, 'anna@example.com')
  const { warnings } = await captureConsole(async () => {
    fireEvent.click(submit())
    await settle()
    screen.getByText(text('errorGeneric'))
  })
  assert.match(warnings.join('\n'), /\bW17\b/)
  await settle()
  const banner = screen.getByText(
    'Aus technischen Gründen ist die Newsletteranmeldung nicht möglich. Bitte versuchen Sie es später!',
  )
  assert.ok(banner.closest('[role=alert]'))
  assert.is((input as HTMLInputElement).value, 'anna@example.com')
  assert.equal(events, [])
  fail = false
  fireEvent.click(submit())
  await settle()
  screen.getByText(text('success', { email: 'anna@example.com' }))
})

test('the 15 s time-out shows the technical-error banner and keeps the values', async () => {
  const { clock } = await renderNewsletter('DE', {
    wrap: (inner) =>
      (async (input: RequestInfo | URL, init?: RequestInit) =>
        (input instanceof Request ? input.method : init?.method) === 'POST'
          ? new Promise<Response>(() => {})
          : inner(input, init)) as typeof fetch,
  })
  const input = await email()
  await type(input, 'anna@example.com')
  fireEvent.click(submit())
  await clock.advance(14_999)
  assert.is(screen.queryByText(text('errorGeneric')), null)
  const { warnings } = await captureConsole(async () => {
    await clock.advance(1)
    // The held request never answers: the widget's own time-out has given up on it.
    await settle({ except: signUp })
    screen.getByText(text('errorGeneric'))
  })
  assert.match(warnings.join('\n'), 'Request timed out')
  assert.is((input as HTMLInputElement).value, 'anna@example.com')
})

test('every error and banner text exists in every locale, and German uses the spec strings verbatim', async () => {
  await useLocale('de-DE')
  assert.is(
    text('errors.emailRegexErrorMessage'),
    'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  )
  assert.is(
    text('errorGeneric'),
    'Aus technischen Gründen ist die Newsletteranmeldung nicht möglich. Bitte versuchen Sie es später!',
  )
  assert.is(
    text('doiInvalid'),
    'Leider ist dieser Link nicht mehr gültig. Bitte melden Sie sich erneut zum Newsletter an.',
  )
  await useLocale('de-CH')
  for (const key of ['legal', 'newsletterConsent']) assert.not.ok(text(key).includes('ß'), key)
})

test.run()
