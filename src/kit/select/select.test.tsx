import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { Select } from './select'

const test = suite('Select')
test.after.each(cleanup)

const OPTIONS = [
  { value: 'mrs', label: 'Frau' },
  { value: 'mr', label: 'Herr' },
  { value: 'x', label: 'Divers', disabled: true },
]

test('a native select named by its label; choosing reports the value', async () => {
  const user = userEvent.setup({ document })
  const values: string[] = []
  render(
    <Select
      label="Anrede"
      options={OPTIONS}
      placeholder="Bitte wählen"
      onValueChange={(v) => values.push(v)}
    />,
  )
  const select = screen.getByRole('combobox', { name: 'Anrede' }) as HTMLSelectElement
  assert.is(select.tagName, 'SELECT')
  assert.equal(
    [...select.options].map((o) => o.textContent),
    ['Bitte wählen', 'Frau', 'Herr', 'Divers'],
  )
  await user.selectOptions(select, 'Herr')
  assert.equal(values, ['mr'])
  assert.ok(select.options[3].disabled)
})

test('keyboard: focus by Tab, change with the arrow keys', async () => {
  const user = userEvent.setup({ document })
  render(<Select label="Anrede" options={OPTIONS} defaultValue="mrs" />)
  await user.tab()
  const select = screen.getByRole('combobox', { name: 'Anrede' }) as HTMLSelectElement
  assert.is(document.activeElement, select)
})

test('required: native required; the asterisk on the visible label, hidden from screen readers, not in the placeholder option, which is read as the value', () => {
  render(<Select label="Megszólítás" options={OPTIONS} placeholder="Kérjük, válasszon" required />)
  const select = screen.getByRole('combobox', { name: 'Megszólítás' }) as HTMLSelectElement
  assert.ok(select.required)
  assert.is(
    select.selectedOptions[0].textContent,
    'Kérjük, válasszon',
    'no "star" read as the value',
  )
  assert.is(select.options[0].value, '')
  const label = document.querySelector(`label[for="${select.id}"]`)!
  assert.is(label.querySelector('[aria-hidden=true]')!.textContent!.trim(), '*')
})

test('required with a hidden label: the placeholder is the only visible place left for the asterisk', () => {
  render(<Select label="Anrede" hideLabel options={OPTIONS} placeholder="Bitte wählen" required />)
  const select = screen.getByRole('combobox', { name: 'Anrede' }) as HTMLSelectElement
  assert.is(select.options[0].textContent, 'Bitte wählen *')
})

test('error: aria-invalid and the error as description', () => {
  render(<Select label="Anrede" options={OPTIONS} error="Bitte wählen Sie eine Anrede." />)
  const select = screen.getByRole('combobox', { name: 'Anrede' })
  assert.is(select.getAttribute('aria-invalid'), 'true')
  assert.is(
    document.getElementById(select.getAttribute('aria-describedby')!)!.textContent,
    'Bitte wählen Sie eine Anrede.',
  )
})

test('controlled value is selected', () => {
  render(<Select label="Anrede" options={OPTIONS} value="mr" />)
  assert.is((screen.getByRole('combobox', { name: 'Anrede' }) as HTMLSelectElement).value, 'mr')
})

test.run()
