/** What a screen reader hears: each text once, from the focus move or from a live region (docs/ACCESSIBILITY.md). */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fireEvent } from '@testing-library/preact'
import {
  email,
  renderNewsletter,
  resetNewsletterTest,
  settle,
  submit,
  text,
  type,
} from '../../test/helpers/newsletter'
import { recordAnnouncements } from '../../test/helpers/announcements'

test.after.each(resetNewsletterTest)

/** The error texts of the invalid fields, in the order they appear. */
const invalidInOrder = () =>
  [...document.querySelectorAll('[aria-invalid=true]')].map(
    (field) => document.getElementById(`${field.id}-error`)!.textContent!,
  )

test("a refused submit is heard whole with its focus move: the first field to correct reads its own error, then the others in the form's order, and no live region reads any of them (HU)", async () => {
  await renderNewsletter('HU')
  await email()
  submit().focus()
  const heard = recordAnnouncements()
  fireEvent.click(submit())
  await settle()
  const errors = invalidInOrder()
  assert.is(errors.length, 4)
  // A live region's text sent with the focus move is cut off by it (Chromium sends it first):
  // one utterance, the focus move's, carries them all.
  assert.is(heard.said.length, 1, heard.said.join(' | '))
  const spoken = heard.said[0]!
  assert.ok(spoken.startsWith(text('email')), spoken)
  const at = errors.map((error) => spoken.indexOf(error))
  assert.ok(
    at.every((i, n) => i > 0 && (n === 0 || i > at[n - 1]!)),
    spoken,
  )
  // The others go with that focus move alone: back in the field later, it reads its own error.
  const field = document.activeElement as HTMLElement
  submit().focus()
  await settle()
  field.focus()
  await settle()
  assert.ok(!heard.said.at(-1)!.includes(errors[1]!), heard.said.at(-1))
  assert.ok(heard.said.at(-1)!.includes(errors[0]!), heard.said.at(-1))
  // A second refusal is heard again, whole, once.
  submit().focus()
  const before = heard.said.length
  fireEvent.click(submit())
  await settle()
  assert.equal(heard.said.slice(before), [spoken], heard.said.join(' | '))
  heard.stop()
})

test('a refused submit from the field that stays focused (Enter in it) is heard once, from the alert (DE)', async () => {
  await renderNewsletter('DE')
  const input = await email()
  input.focus()
  await settle()
  const heard = recordAnnouncements()
  fireEvent.submit(input.closest('form')!)
  await settle()
  assert.is(document.activeElement, input)
  assert.is(heard.count(text('errors.emailRequiredErrorMessage')), 1, heard.said.join(' | '))
  heard.stop()
})

test('an accepted sign-up is heard once: its title and its message (DE)', async () => {
  await renderNewsletter('DE')
  await type(await email(), 'anna@example.com')
  submit().focus()
  const heard = recordAnnouncements()
  fireEvent.click(submit())
  await settle()
  assert.is(heard.count(text('successTitle')), 1, heard.said.join(' | '))
  assert.is(heard.count(text('success', { email: 'anna@example.com' })), 1, heard.said.join(' | '))
  heard.stop()
})

test.run()
