import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { Notification, type NotificationType } from './notification'

const test = suite('Notification')
test.after.each(cleanup)

const ROLES: [NotificationType, string, string][] = [
  ['info', 'status', 'polite'],
  ['success', 'status', 'polite'],
  ['warning', 'status', 'polite'],
  ['error', 'alert', 'assertive'],
]
for (const [type, role, live] of ROLES) {
  test(`${type}: a ${role} live region (${live}) with the message`, () => {
    render(<Notification type={type}>Nachricht</Notification>)
    const region = screen.getByRole(role)
    assert.is(region.getAttribute('aria-live'), live)
    assert.is(region.textContent, 'Nachricht')
    assert.ok(region.querySelector(`.lf-notification--${type}`))
  })
}

test('live="off": the message shows in no live region (a focus move reads it); polite and assertive as asked', () => {
  render(
    <>
      <Notification type="error" live="off">
        Link ungültig
      </Notification>
      <Notification type="error" live="polite">
        Höflich
      </Notification>
    </>,
  )
  const quiet = screen.getByText('Link ungültig').closest('.lf-notification-region')!
  assert.is(quiet.getAttribute('role'), null)
  assert.is(quiet.getAttribute('aria-live'), 'off')
  assert.is(screen.getByRole('status').textContent, 'Höflich')
})

test('the live region exists, empty, before the text arrives, and the text arrives in that same element', () => {
  const view = render(<Notification type="success">{null}</Notification>)
  const region = screen.getByRole('status')
  assert.is(region.textContent, '')
  view.rerender(<Notification type="success">Danke für Ihre Anmeldung.</Notification>)
  assert.is(screen.getByRole('status'), region)
  assert.is(region.textContent, 'Danke für Ihre Anmeldung.')
})

test('not a banner: no close button', () => {
  render(<Notification type="info">Hinweis</Notification>)
  assert.is(screen.queryByRole('button'), null)
})

test('banner: the close button (keyboard too) hides the message; the region stays for the next one', async () => {
  const user = userEvent.setup({ document })
  const view = render(
    <Notification type="error" banner>
      Fehler
    </Notification>,
  )
  const close = screen.getByRole('button', { name: 'Hinweis schließen' })
  await user.tab()
  assert.is(document.activeElement, close)
  await user.keyboard('{Enter}')
  const region = screen.getByRole('alert')
  assert.is(region.textContent, '')
  view.rerender(
    <Notification type="error" banner>
      {''}
    </Notification>,
  )
  view.rerender(
    <Notification type="error" banner>
      Neuer Fehler
    </Notification>,
  )
  assert.is(screen.getByRole('alert'), region)
  assert.is(region.textContent, 'Neuer Fehler')
})

test('closing a banner moves the focus to the next control that takes it, not to the page top; onClose too', async () => {
  const user = userEvent.setup({ document })
  let closed = 0
  render(
    <>
      <Notification type="error" banner onClose={() => closed++}>
        Fehler
      </Notification>
      <Notification type="info">{null}</Notification>
      <button type="button" disabled>
        Gesperrt
      </button>
      <input aria-label="Versteckt" tabIndex={-1} />
      <input aria-label="E-Mail" />
    </>,
  )
  await user.tab()
  await user.keyboard('{Enter}')
  assert.is(closed, 1)
  assert.is(document.activeElement, screen.getByRole('textbox', { name: 'E-Mail' }))
})

test('banner with onClose: the caller decides', async () => {
  const user = userEvent.setup({ document })
  let closed = 0
  render(
    <Notification type="warning" banner onClose={() => closed++} closeLabel="Schließen">
      Achtung
    </Notification>,
  )
  await user.click(screen.getByRole('button', { name: 'Schließen' }))
  assert.is(closed, 1)
  assert.is(screen.getByRole('status').textContent, 'Achtung', 'stays until the caller removes it')
})

test('each close button is named by its action alone and described by the message it closes', () => {
  render(
    <>
      <Notification type="error" banner>
        Fehler A
      </Notification>
      <Notification type="info" banner title="Hinweis:">
        Text B
      </Notification>
    </>,
  )
  const [first, second] = screen
    .getAllByRole('button', { name: 'Hinweis schließen' })
    .map((c) => document.getElementById(c.getAttribute('aria-describedby')!)!.textContent)
  assert.is(first, 'Fehler A')
  assert.match(second!, /^Hinweis: ?Text B$/)
})

test('a title is part of the message', () => {
  render(
    <Notification type="info" title="Hinweis:">
      Text
    </Notification>,
  )
  assert.is(screen.getByRole('status').textContent, 'Hinweis: Text')
})

test.run()
