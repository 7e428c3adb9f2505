import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { IbanInput } from './iban-input'
import { useLocale } from '../../../test/helpers/widget'

const test = suite('IbanInput')
test.after.each(cleanup)

function setup(props: { maxLength?: number; defaultValue?: string } = {}) {
  const user = userEvent.setup({ document })
  const values: string[] = []
  render(
    <IbanInput
      label="IBAN"
      required
      placeholder="IBAN"
      onValueChange={(v) => values.push(v)}
      {...props}
    />,
  )
  const input = screen.getByRole('textbox', { name: 'IBAN' }) as HTMLInputElement
  return { user, values, input }
}

test('typing upper-cases, drops what does not fit, and groups in fours', async () => {
  const { user, values, input } = setup()
  await user.click(input)
  await user.keyboard('de8x93704-0044 0532013000')
  assert.is(input.value, 'DE89 3704 0044 0532 0130 00')
  assert.is(
    values[values.length - 1],
    'DE89370400440532013000',
    'the value handed on has no spaces',
  )
})

test('a keystroke that does not fit is refused: value and caret stay', async () => {
  const { user, values, input } = setup()
  await user.click(input)
  await user.keyboard('DE1')
  const before = values.length
  await user.keyboard('A')
  assert.is(input.value, 'DE1')
  assert.is(values.length, before)
  assert.is(input.selectionStart, 3)
})

test('the first two characters must be letters', async () => {
  const { user, input } = setup()
  await user.click(input)
  await user.keyboard('12DE34')
  assert.is(input.value, 'DE34')
})

test('paste strips only what is not a letter or digit', async () => {
  const { user, input } = setup()
  await user.click(input)
  await user.paste(' at61-1904.3002 3457 3201 ')
  assert.is(input.value, 'AT61 1904 3002 3457 3201')
})

test('pasting "NL91 ABNA 0417 1643 00" keeps its letters', async () => {
  const { user, values, input } = setup()
  await user.click(input)
  await user.paste('NL91 ABNA 0417 1643 00')
  assert.is(input.value, 'NL91 ABNA 0417 1643 00')
  assert.is(values[values.length - 1], 'NL91ABNA0417164300')
})

test('typing an IBAN with letters after the check digits (GB, NL) keeps them', async () => {
  const { user, input } = setup()
  await user.click(input)
  await user.keyboard('gb29nwbk60161331926819')
  assert.is(input.value, 'GB29 NWBK 6016 1331 9268 19')
})

test('typing more after a pasted IBAN keeps the pasted letters', async () => {
  const { user, input } = setup()
  await user.click(input)
  await user.paste('NL91 ABNA 0417 1643 0')
  await user.keyboard('0')
  assert.is(input.value, 'NL91 ABNA 0417 1643 00')
})

test('typing in the middle keeps the caret after the typed digit', async () => {
  const { user, input } = setup({ defaultValue: 'DE89370400440532013000' })
  await user.click(input)
  input.setSelectionRange(7, 7)
  await user.keyboard('1')
  assert.is(input.value, 'DE89 3710 4004 4053 2013 000')
  assert.is(input.selectionStart, 8)
})

test('Backspace after a group space deletes the digit before it; ArrowLeft/Home/End move freely', async () => {
  const { user, input } = setup({ defaultValue: 'DE893704' })
  await user.click(input)
  await user.keyboard('{End}')
  assert.is(input.selectionStart, 9)
  await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}')
  assert.is(input.selectionStart, 5)
  await user.keyboard('{Backspace}')
  assert.is(input.value, 'DE83 704')
  assert.is(input.selectionStart, 3)
  await user.keyboard('{Home}')
  assert.is(input.selectionStart, 0)
})

test('respects the maximum length (without spaces)', async () => {
  const { user, input } = setup({ maxLength: 8 })
  await user.click(input)
  await user.keyboard('DE123456789')
  assert.is(input.value, 'DE12 3456')
})

test('controlled: a new value from outside is shown grouped', () => {
  function Outer() {
    const [v, setV] = useState('DE12')
    return (
      <>
        <IbanInput label="IBAN" value={v} onValueChange={setV} />
        <button type="button" onClick={() => setV('AT611904300234573201')}>
          set
        </button>
      </>
    )
  }
  render(<Outer />)
  screen.getByRole('button', { name: 'set' }).click()
  return Promise.resolve().then(() => {
    assert.is(
      (screen.getByRole('textbox', { name: 'IBAN' }) as HTMLInputElement).value,
      'AT61 1904 3002 3457 3201',
    )
  })
})

test('is a labelled, required text field with an asterisk on its placeholder', () => {
  const { input } = setup()
  assert.ok(input.required)
  assert.is(input.placeholder, 'IBAN *')
  assert.is(input.getAttribute('autocomplete'), 'off')
})

test('an IBAN whose check digits do not match gets the generic message on blur', async () => {
  await useLocale('de-DE')
  const { user, input } = setup()
  await user.click(input)
  await user.keyboard('DE89370400440532013001')
  await user.tab()
  assert.ok(screen.getByText('IBAN ist ungültig.'))
  assert.is(input.getAttribute('aria-invalid'), 'true')
  await user.click(input)
  await user.keyboard('{Backspace}0')
  await user.tab()
  assert.is(screen.queryByText('IBAN ist ungültig.'), null, 'a valid IBAN has no message')
})

test.run()
