import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { ValidatedInput } from './validated-input'
import { genericValidator } from './validator'
import { useLocale } from '../../../test/helpers/widget'

const test = suite('ValidatedInput')
test.after.each(cleanup)

test('a validator answers on blur, not while typing; its message is linked and clears on focus', async () => {
  await useLocale('de-DE')
  const user = userEvent.setup({ document })
  render(
    <ValidatedInput
      label="Kundennummer"
      name="customer"
      validator={genericValidator((v: string) => /^\d*$/.test(v))}
    />,
  )
  const input = screen.getByRole('textbox', { name: 'Kundennummer' })
  await user.click(input)
  await user.keyboard('12a')
  assert.is(screen.queryByText('Kundennummer ist ungültig.'), null, 'no message while typing')
  await user.tab()
  const message = screen.getByText('Kundennummer ist ungültig.')
  assert.is(input.getAttribute('aria-invalid'), 'true')
  assert.ok(input.getAttribute('aria-describedby')!.split(' ').includes(message.id))
  await user.click(input)
  assert.is(screen.queryByText('Kundennummer ist ungültig.'), null, 'cleared on focus')
  assert.is(input.getAttribute('aria-invalid'), null)
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
