import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { Radio, RadioGroup } from './radio'

// user-event's arrow-key radio walk uses CSS.escape, which jsdom lacks.
const win = window as unknown as { CSS?: { escape?: (s: string) => string } }
win.CSS ??= {}
win.CSS.escape ??= (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`)

const test = suite('RadioGroup')
test.after.each(cleanup)

const OPTIONS = [
  { value: 'mrs', label: 'Frau' },
  { value: 'mr', label: 'Herr' },
  { value: 'd', label: 'Divers' },
]

function Controlled(props: { onChange?: (v: string) => void; error?: string }) {
  const [v, setV] = useState('')
  return (
    <RadioGroup
      label="Anrede"
      name="salutation"
      options={OPTIONS}
      value={v}
      onValueChange={(x) => {
        setV(x)
        props.onChange?.(x)
      }}
      required
      error={props.error}
    />
  )
}

test('a fieldset named by its legend; each radio named by its label', () => {
  render(<Controlled />)
  const group = screen.getByRole('group', { name: 'Anrede' })
  assert.is(group.tagName, 'FIELDSET')
  assert.equal(
    screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).labels![0].textContent),
    ['Frau', 'Herr', 'Divers'],
  )
})

test('clicking a label selects its radio', async () => {
  const user = userEvent.setup({ document })
  const values: string[] = []
  render(<Controlled onChange={(v) => values.push(v)} />)
  await user.click(screen.getByText('Herr'))
  assert.ok((screen.getByRole('radio', { name: 'Herr' }) as HTMLInputElement).checked)
  assert.equal(values, ['mr'])
})

test('keyboard: Tab enters the group, Space selects, arrow keys move the selection', async () => {
  const user = userEvent.setup({ document })
  const values: string[] = []
  render(<Controlled onChange={(v) => values.push(v)} />)
  await user.tab()
  assert.is(document.activeElement, screen.getByRole('radio', { name: 'Frau' }))
  await user.keyboard(' ')
  await user.keyboard('{ArrowDown}')
  assert.is(document.activeElement, screen.getByRole('radio', { name: 'Herr' }))
  assert.ok((screen.getByRole('radio', { name: 'Herr' }) as HTMLInputElement).checked)
  await user.keyboard('{ArrowDown}{ArrowDown}')
  assert.ok(
    (screen.getByRole('radio', { name: 'Frau' }) as HTMLInputElement).checked,
    'wraps around',
  )
  assert.equal(values, ['mrs', 'mr', 'd', 'mrs'])
})

test('required and error: required radios, aria-invalid, error described on the group', () => {
  render(<Controlled error="Bitte wählen Sie eine Anrede." />)
  for (const radio of screen.getAllByRole('radio')) {
    assert.ok((radio as HTMLInputElement).required)
    assert.is(radio.getAttribute('aria-invalid'), 'true')
  }
  const group = screen.getByRole('group')
  assert.is(
    document.getElementById(group.getAttribute('aria-describedby')!)!.textContent,
    'Bitte wählen Sie eine Anrede.',
  )
})

test('disabled group and disabled option', () => {
  render(
    <>
      <RadioGroup label="A" name="a" disabled options={OPTIONS} />
      <RadioGroup label="B" name="b" options={[{ value: '1', label: 'Eins', disabled: true }]} />
    </>,
  )
  assert.ok(screen.getAllByRole('radio').every((r) => (r as HTMLInputElement).disabled))
})

test('a single Radio reports its value when checked', async () => {
  const user = userEvent.setup({ document })
  const values: string[] = []
  render(<Radio name="x" value="yes" label="Ja" onCheckedChange={(v) => values.push(v)} />)
  await user.click(screen.getByRole('radio', { name: 'Ja' }))
  assert.equal(values, ['yes'])
})

test.run()
