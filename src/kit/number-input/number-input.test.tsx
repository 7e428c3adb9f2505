import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { NumberInput } from './number-input'
import { cleanNumber } from './number-format'

const test = suite('NumberInput')
test.after.each(cleanup)

const CASES: [string, Parameters<typeof cleanNumber>[1], string][] = [
  ['12a3', { decimals: 0, separator: ',' }, '123'],
  ['1,5', { decimals: 0, separator: ',' }, '15'],
  ['1,55', { decimals: 2, separator: ',' }, '1,55'],
  ['1.555', { decimals: 2, separator: ',' }, '1,55'],
  ['1,2,3', { decimals: 2, separator: ',' }, '1,23'],
  ['1,5', { decimals: 1, separator: '.' }, '1.5'],
  ['-3 e5', { decimals: 0, separator: ',' }, '35'],
  ['123456', { decimals: 0, separator: ',', maxLength: 4 }, '1234'],
  [',5', { decimals: 1, separator: ',' }, ',5'],
]
for (const [raw, rules, out] of CASES)
  test(`cleanNumber(${JSON.stringify(raw)}, ${JSON.stringify(rules)}) = ${out}`, () =>
    assert.is(cleanNumber(raw, rules), out))

function setup(props: Partial<Parameters<typeof NumberInput>[0]> = {}) {
  const user = userEvent.setup({ document })
  const values: string[] = []
  render(<NumberInput label="Menge" onValueChange={(v) => values.push(v)} {...props} />)
  return { user, values, input: screen.getByRole('textbox', { name: 'Menge' }) as HTMLInputElement }
}

test('digits only: letters, signs and separators are refused', async () => {
  const { user, input, values } = setup()
  await user.click(input)
  await user.keyboard('1a-2e,3')
  assert.is(input.value, '123')
  assert.equal(values, ['1', '12', '123'])
  assert.is(input.getAttribute('inputmode'), 'numeric')
})

test('an optional decimal part: one separator, limited digits; "." is shown as ","', async () => {
  const { user, input } = setup({ decimals: 2 })
  await user.click(input)
  await user.keyboard('12.345,6')
  assert.is(input.value, '12,34')
  assert.is(input.getAttribute('inputmode'), 'decimal')
})

test('respects the maximum length', async () => {
  const { user, input } = setup({ maxLength: 3 })
  await user.click(input)
  await user.keyboard('98765')
  assert.is(input.value, '987')
})

test('navigation keys work: arrows, Home, End, Backspace, Delete, Tab', async () => {
  const { user, input } = setup()
  await user.click(input)
  await user.keyboard('1234')
  await user.keyboard('{ArrowLeft}{ArrowLeft}{Backspace}')
  assert.is(input.value, '134')
  await user.keyboard('{Home}{Delete}')
  assert.is(input.value, '34')
  await user.keyboard('{End}9')
  assert.is(input.value, '349')
  await user.tab()
  assert.is.not(document.activeElement, input)
})

test('paste is cleaned', async () => {
  const { user, input } = setup({ decimals: 2 })
  await user.click(input)
  await user.paste('EUR 1.234,5')
  assert.is(input.value, '1,23')
})

test.run()
