import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { Checkbox } from './checkbox'
import { TextLink } from '../text-link/text-link'

const test = suite('Checkbox')
test.after.each(cleanup)

test('Space and clicking the label toggle it', async () => {
  const user = userEvent.setup({ document })
  const values: boolean[] = []
  render(<Checkbox label="Newsletter abonnieren" onCheckedChange={(v) => values.push(v)} />)
  const box = screen.getByRole('checkbox', { name: 'Newsletter abonnieren' }) as HTMLInputElement
  await user.tab()
  assert.is(document.activeElement, box)
  await user.keyboard(' ')
  assert.ok(box.checked)
  await user.click(screen.getByText('Newsletter abonnieren'))
  assert.not.ok(box.checked)
  assert.equal(values, [true, false])
})

test('a label with links: the links are their own targets and following one does not tick the box', async () => {
  const user = userEvent.setup({ document })
  render(
    <Checkbox
      label={
        <>
          Ich akzeptiere die{' '}
          <TextLink href="https://shop.test/agb" onClick={(e) => e.preventDefault()}>
            AGB
          </TextLink>{' '}
          und die{' '}
          <TextLink href="/datenschutz" onClick={(e) => e.preventDefault()}>
            Datenschutzerklärung
          </TextLink>
          .
        </>
      }
    />,
  )
  const box = screen.getByRole('checkbox', {
    name: 'Ich akzeptiere die AGB und die Datenschutzerklärung.',
  }) as HTMLInputElement
  const link = screen.getByRole('link', { name: 'AGB' })
  await user.tab()
  await user.tab()
  assert.is(document.activeElement, link, 'Tab reaches the link inside the label')
  await user.click(link)
  assert.not.ok(box.checked)
})

test('required with error: required, aria-invalid, error described, asterisk', () => {
  render(<Checkbox label="Einwilligung" required error="Bitte stimmen Sie zu." />)
  const box = screen.getByRole('checkbox', { name: 'Einwilligung' }) as HTMLInputElement
  assert.ok(box.required)
  assert.is(box.getAttribute('aria-invalid'), 'true')
  assert.is(
    document.getElementById(box.getAttribute('aria-describedby')!)!.textContent,
    'Bitte stimmen Sie zu.',
  )
  assert.ok(box.labels![0].textContent!.endsWith('*'))
})

test('disabled cannot be toggled; controlled checked is shown', async () => {
  const user = userEvent.setup({ document })
  render(
    <>
      <Checkbox label="Aus" disabled />
      <Checkbox label="An" checked onCheckedChange={() => {}} />
    </>,
  )
  await user.click(screen.getByRole('checkbox', { name: 'Aus' }))
  assert.not.ok((screen.getByRole('checkbox', { name: 'Aus' }) as HTMLInputElement).checked)
  assert.ok((screen.getByRole('checkbox', { name: 'An' }) as HTMLInputElement).checked)
})

test.run()
