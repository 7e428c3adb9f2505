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

test('a refused submit is heard once per error: the field that takes the focus reads its own, the alert the others (HU)', async () => {
  await renderNewsletter('HU')
  await email()
  submit().focus()
  const heard = recordAnnouncements()
  fireEvent.click(submit())
  await settle()
  for (const key of ['email', 'salutation', 'lastName', 'firstName'])
    assert.is(heard.count(text(`errors.${key}RequiredErrorMessage`)), 1, `${key}: ${heard.said}`)
  // The alert with the other fields' errors comes two frames after the focus move to the e-mail
  // field: in the same frame, Chromium sends the alert first and the focus speech cuts it off.
  const focus = heard.said.findIndex((s) => s.includes(text('errors.emailRequiredErrorMessage')))
  const others = heard.said.findIndex((s) =>
    s.includes(text('errors.lastNameRequiredErrorMessage')),
  )
  assert.ok(focus >= 0 && others > focus, heard.said.join(' | '))
  assert.ok(heard.frames[others]! - heard.frames[focus]! >= 2, heard.frames.join(' '))
  // A second refusal is heard again, once.
  submit().focus()
  fireEvent.click(submit())
  await settle()
  assert.is(heard.count(text('errors.emailRequiredErrorMessage')), 2, heard.said.join(' | '))
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
