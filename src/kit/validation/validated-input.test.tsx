import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { ValidatedInput } from './validated-input'
import { genericValidator } from './validator'
import { useLocale } from '../../../test/helpers/widget'

const test = suite('ValidatedInput')
test.after.each(cleanup)

/** A customer-number field whose validator accepts digits only. */
async function customerNumber() {
  await useLocale('de-DE')
  const user = userEvent.setup({ document })
  render(
    <ValidatedInput
      label="Kundennummer"
      name="customer"
      validator={genericValidator((v: string) => /^\d*$/.test(v))}
    />,
  )
  return { user, input: screen.getByRole('textbox', { name: 'Kundennummer' }) }
}

test('a validator answers on blur, not while typing; its message is linked', async () => {
  const { user, input } = await customerNumber()
  await user.click(input)
  await user.keyboard('12a')
  assert.is(screen.queryByText('Kundennummer ist ungültig.'), null, 'no message while typing')
  await user.tab()
  const message = screen.getByText('Kundennummer ist ungültig.')
  assert.is(input.getAttribute('aria-invalid'), 'true')
  assert.ok(input.getAttribute('aria-describedby')!.split(' ').includes(message.id))
})

test('the message stays through focus and while the value is still wrong, and clears once it is valid (docs/spec-readings.md)', async () => {
  const { user, input } = await customerNumber()
  await user.click(input)
  await user.keyboard('12a')
  await user.tab()
  await user.click(input)
  const message = screen.getByText('Kundennummer ist ungültig.')
  assert.is(input.getAttribute('aria-invalid'), 'true', 'still invalid on focus')
  assert.ok(
    input.getAttribute('aria-describedby')!.split(' ').includes(message.id),
    'a screen reader arriving at the field reads the error',
  )
  await user.keyboard('b')
  assert.ok(screen.getByText('Kundennummer ist ungültig.'), 'still wrong: the message stays')
  await user.keyboard('{Backspace}{Backspace}')
  assert.is(
    screen.queryByText('Kundennummer ist ungültig.'),
    null,
    'cleared once valid, before blur',
  )
  assert.is(input.getAttribute('aria-invalid'), null)
  await user.keyboard('x')
  assert.is(screen.queryByText('Kundennummer ist ungültig.'), null, 'no new message while typing')
})

test("a specific error wins over the validator's message", async () => {
  await useLocale('de-DE')
  const user = userEvent.setup({ document })
  render(
    <ValidatedInput
      label="Kundennummer"
      validator={genericValidator(() => false)}
      error="Bitte 8 Ziffern eingeben."
    />,
  )
  await user.click(screen.getByRole('textbox', { name: 'Kundennummer' }))
  await user.tab()
  assert.ok(screen.getByText('Bitte 8 Ziffern eingeben.'))
  assert.is(screen.queryByText('Kundennummer ist ungültig.'), null)
})

test.run()
