import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { ExpansionPanel } from './expansion-panel'

const test = suite('ExpansionPanel')
test.after.each(cleanup)

test('collapsed: a button in a heading, aria-expanded false, controlling a hidden panel', () => {
  render(<ExpansionPanel title="Versand">Lieferung in 2 Tagen</ExpansionPanel>)
  const button = screen.getByRole('button', { name: 'Versand' })
  assert.is(button.getAttribute('aria-expanded'), 'false')
  assert.is(button.parentElement!.tagName, 'H3')
  const panel = document.getElementById(button.getAttribute('aria-controls')!)!
  assert.ok(panel.hidden)
  assert.is(panel.textContent, 'Lieferung in 2 Tagen')
})

test('Enter, Space and click toggle; the panel is a region named by the button', async () => {
  const user = userEvent.setup({ document })
  const toggles: boolean[] = []
  render(
    <ExpansionPanel title="Versand" onToggle={(e) => toggles.push(e)}>
      Lieferung
    </ExpansionPanel>,
  )
  const button = screen.getByRole('button', { name: 'Versand' })
  await user.tab()
  await user.keyboard('{Enter}')
  assert.is(button.getAttribute('aria-expanded'), 'true')
  assert.ok(screen.getByRole('region', { name: 'Versand' }))
  await user.keyboard(' ')
  assert.is(button.getAttribute('aria-expanded'), 'false')
  await user.click(button)
  assert.equal(toggles, [true, false, true])
})

test('defaultExpanded, headingLevel and controlled expanded', () => {
  const view = render(
    <ExpansionPanel title="A" defaultExpanded headingLevel={2}>
      x
    </ExpansionPanel>,
  )
  const a = screen.getByRole('button', { name: 'A' })
  assert.is(a.getAttribute('aria-expanded'), 'true')
  assert.is(a.parentElement!.tagName, 'H2')
  view.rerender(
    <ExpansionPanel title="A" expanded={false}>
      x
    </ExpansionPanel>,
  )
  assert.is(screen.getByRole('button', { name: 'A' }).getAttribute('aria-expanded'), 'false')
})

test('headingLevel 0 renders no heading', () => {
  render(
    <ExpansionPanel title="B" headingLevel={0}>
      x
    </ExpansionPanel>,
  )
  assert.is(screen.queryByRole('heading'), null)
})

test.run()
