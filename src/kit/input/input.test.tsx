import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { Input } from './input'

const test = suite('Input')
test.after.each(cleanup)

test('the label names the input; typing reports each value', async () => {
  const user = userEvent.setup({ document })
  const values: string[] = []
  render(<Input label="Vorname" name="firstName" onValueChange={(v) => values.push(v)} />)
  const input = screen.getByRole('textbox', { name: 'Vorname' })
  await user.click(input)
  await user.keyboard('Ann')
  assert.equal(values, ['A', 'An', 'Ann'])
  assert.is((input as HTMLInputElement).value, 'Ann')
})

test('controlled value follows the state', async () => {
  const user = userEvent.setup({ document })
  function Upper() {
    const [v, setV] = useState('')
    return <Input label="Code" value={v} onValueChange={(x) => setV(x.toUpperCase())} />
  }
  render(<Upper />)
  await user.type(screen.getByRole('textbox', { name: 'Code' }), 'ab')
  assert.is((screen.getByRole('textbox', { name: 'Code' }) as HTMLInputElement).value, 'AB')
})

test('required: native required (so aria-required), asterisk on the placeholder, not in the accessible name', () => {
  render(<Input label="E-Mail-Adresse" placeholder="E-Mail-Adresse" required type="email" />)
  const input = screen.getByRole('textbox', { name: 'E-Mail-Adresse' }) as HTMLInputElement
  assert.ok(input.required)
  assert.is(input.placeholder, 'E-Mail-Adresse *')
})

test('optional: no asterisk, not required', () => {
  render(<Input label="Name" placeholder="Name" />)
  const input = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement
  assert.not.ok(input.required)
  assert.is(input.placeholder, 'Name')
})

test('error: aria-invalid, and the error text is the description', () => {
  render(<Input label="E-Mail" error="Bitte geben Sie eine gültige E-Mail-Adresse ein." />)
  const input = screen.getByRole('textbox', { name: 'E-Mail' })
  assert.is(input.getAttribute('aria-invalid'), 'true')
  const ids = input.getAttribute('aria-describedby')!.split(' ')
  assert.is(
    document.getElementById(ids[ids.length - 1])!.textContent,
    'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  )
  assert.ok(input.closest('.lf-field--error'))
})

test('valid and default: no aria-invalid, no description; valid shows its state', () => {
  render(
    <>
      <Input label="A" state="valid" />
      <Input label="B" />
    </>,
  )
  const a = screen.getByRole('textbox', { name: 'A' })
  const b = screen.getByRole('textbox', { name: 'B' })
  assert.is(a.getAttribute('aria-invalid'), null)
  assert.is(a.getAttribute('aria-describedby'), null)
  assert.ok(a.closest('.lf-field--valid'))
  assert.ok(b.closest('.lf-field--default'))
})

test("hint and error are both described, hint first; a caller describedby is kept, after the field's own", () => {
  render(<Input label="X" hint="Wie im Ausweis" error="Falsch" aria-describedby="extern" />)
  const input = screen.getByRole('textbox', { name: 'X' })
  const ids = input.getAttribute('aria-describedby')!.split(' ')
  assert.is(ids[2], 'extern')
  assert.equal(
    ids.slice(0, 2).map((id) => document.getElementById(id)!.textContent),
    ['Wie im Ausweis', 'Falsch'],
  )
})

for (const [type, token] of [
  ['email', 'email'],
  ['text', 'given-name'],
  ['text', 'family-name'],
  ['tel', 'tel'],
  ['password', 'new-password'],
] as const) {
  test(`autocomplete "${token}" passes through on type ${type}`, () => {
    const { container } = render(<Input label="F" type={type} autoComplete={token} />)
    const input = container.querySelector('input')!
    assert.is(input.getAttribute('autocomplete'), token)
    assert.is(input.getAttribute('type'), type)
  })
}

test('email and tel fields default to the matching autocomplete token', () => {
  const { container } = render(
    <>
      <Input label="E-Mail" type="email" />
      <Input label="Telefon" type="tel" />
      <Input label="Name" />
    </>,
  )
  assert.equal(
    [...container.querySelectorAll('input')].map((i) => i.getAttribute('autocomplete')),
    ['email', 'tel', null],
  )
})

test('Tab moves focus into and out of the field; blur and focus handlers run', async () => {
  const user = userEvent.setup({ document })
  const events: string[] = []
  render(
    <>
      <Input label="Eins" onFocus={() => events.push('focus')} onBlur={() => events.push('blur')} />
      <Input label="Zwei" />
    </>,
  )
  await user.tab()
  assert.is(document.activeElement, screen.getByRole('textbox', { name: 'Eins' }))
  await user.tab()
  assert.is(document.activeElement, screen.getByRole('textbox', { name: 'Zwei' }))
  assert.equal(events, ['focus', 'blur'])
})

test('hideLabel: the label still names the field but is visually hidden', () => {
  render(<Input label="E-Mail-Adresse" hideLabel placeholder="E-Mail-Adresse" required />)
  const input = screen.getByRole('textbox', { name: 'E-Mail-Adresse' }) as HTMLInputElement
  assert.ok(input.labels![0].className.includes('lf-visually-hidden'))
  assert.is(input.placeholder, 'E-Mail-Adresse *')
})

test('disabled cannot be typed in', async () => {
  const user = userEvent.setup({ document })
  render(<Input label="Gesperrt" disabled defaultValue="x" />)
  await user.type(screen.getByRole('textbox', { name: 'Gesperrt' }), 'abc')
  assert.is((screen.getByRole('textbox', { name: 'Gesperrt' }) as HTMLInputElement).value, 'x')
})

test.run()
