/**
 * The readings of SPEC.md the project keeps on purpose (docs/spec-readings.md), one test each
 * where no other test already pins it down: the base-data merge and the reduced footer's teaser
 * groups are tested in newsletter-status.test.tsx and footer.test.tsx. When errors clear is
 * tested here for the sign-up and the kit side by side, as both follow one rule.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact'
import { createTestWidget, renderInWidget, useLocale } from '../helpers/widget'
import { NewsletterBlock } from '../../src/newsletter'
import { genericValidator, ValidatedInput } from '../../src/kit'
import { renderFooter, resetFooterTest } from '../../src/footer/footer.test-utils'

test.after.each(() => {
  cleanup()
  resetFooterTest()
  document.body.innerHTML = ''
})

async function newsletter(site: 'HU' | 'DE') {
  await useLocale(site === 'HU' ? 'hu-HU' : 'de-DE')
  const { widget, drain } = createTestWidget({ config: { site } })
  document.body.appendChild(widget.mountElement)
  renderInWidget(<NewsletterBlock />, widget)
  await drain()
  return { fields: screen.getAllByRole('textbox'), drain }
}

test('required fields: the asterisk is on the visible label, the fields have no placeholder', async () => {
  const { fields, drain } = await newsletter('HU')
  fields[0].focus()
  await drain()
  const first = screen.getByRole('textbox', { name: /Keresztnév|Utónév/ })
  assert.ok((first as HTMLInputElement).required)
  assert.is(first.getAttribute('placeholder'), null)
  const label = document.querySelector(`label[for="${first.id}"]`)!
  assert.match(label.textContent!, /\*$/)
  assert.is(
    label.querySelector('[aria-hidden=true]')!.textContent!.trim(),
    '*',
    'the asterisk is not read as part of the name',
  )
})

test('honeypot: a text field (not email) that autofill and password managers leave alone', async () => {
  await newsletter('DE')
  const input = document.querySelector('input[name=lf-website]') as HTMLInputElement
  assert.is(input.type, 'text')
  assert.is(input.getAttribute('autocomplete'), 'off')
  assert.is(input.getAttribute('data-1p-ignore'), '')
  assert.is(input.getAttribute('data-lpignore'), 'true')
  assert.not.match(input.name, /mail/i)
})

test('country flags: empty alt, the country name beside them names the link', async () => {
  await renderFooter({ platform: 'CLASSIC' })
  const switcher = screen.getByRole('navigation', { name: /Land|Länder|Country/i })
  const links = within(switcher).getAllByRole('link')
  assert.ok(links.length >= 9)
  for (const link of links) {
    const img = link.querySelector('img')
    if (!img) continue
    assert.is(img.getAttribute('alt'), '')
    assert.ok(link.textContent!.trim().length > 1)
  }
  assert.ok(within(switcher).getByRole('link', { name: /Deutschland/ }))
})

/** A field the visitor fixes: wrong value, leave, come back (the error stays), right value (it clears). */
async function fixField(
  input: HTMLElement,
  wrong: string,
  right: string,
  settle: () => Promise<unknown>,
) {
  const step = async (action: () => void) => {
    action()
    await settle()
    return input.getAttribute('aria-invalid')
  }
  const describedBy = () => input.getAttribute('aria-describedby') ?? ''
  await step(() => input.focus())
  const typing = await step(() => fireEvent.input(input, { target: { value: wrong } }))
  const left = await step(() => input.blur())
  const message = describedBy()
  const focused = await step(() => input.focus())
  const focusedDescribedBy = describedBy()
  const fixed = await step(() => fireEvent.input(input, { target: { value: right } }))
  return { typing, left, focused, sameMessage: focusedDescribedBy === message, fixed }
}

const FIXED = { typing: null, left: 'true', focused: 'true', sameMessage: true, fixed: null }

test('errors clear when the value is valid, not on focus: the sign-up and the kit alike', async () => {
  const { drain } = await newsletter('DE')
  const email = screen.getByRole('textbox', { name: /E-Mail/ })
  assert.equal(await fixField(email, 'anna@', 'anna@example.com', drain), FIXED, 'sign-up')
  cleanup()
  render(
    <ValidatedInput label="Kundennummer" validator={genericValidator((v) => /^\d*$/.test(v))} />,
  )
  const kit = screen.getByRole('textbox', { name: 'Kundennummer' })
  assert.equal(await fixField(kit, '12a', '12', async () => {}), FIXED, 'kit')
})

test.run()
