/** The dialog pattern: focus in, trapped, Escape / close button / outside press close it, focus back to the opener, sizes. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, fireEvent, screen } from '@testing-library/preact'
import { useRef, useState } from 'react'
import { createTestWidget, renderInWidget } from '../../../test/helpers/widget'
import { Dialog, type DialogSize } from './dialog'

const test = suite('dialog')
test.after.each(cleanup)

function Harness({ size }: { size?: DialogSize }) {
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  return (
    <div>
      <button type="button" ref={opener} onClick={() => setOpen(!open)}>
        Open
      </button>
      <p>Outside text</p>
      <input aria-label="Elsewhere" />
      {open ? (
        <Dialog
          title="Settings"
          size={size}
          opener={opener}
          closeLabel="Close"
          onClose={() => setOpen(false)}
        >
          <input aria-label="First field" />
          <button type="button">Apply</button>
        </Dialog>
      ) : null}
    </div>
  )
}

/** The current test's widget, drained: its renders and effects (test/helpers/widget.tsx). */
let settle: () => Promise<void>
function setup(size?: DialogSize) {
  const { widget, drain } = createTestWidget()
  settle = drain
  renderInWidget(<Harness size={size} />, widget)
  const opener = screen.getByRole('button', { name: 'Open' })
  return { opener }
}

async function openDialog(opener: HTMLElement) {
  opener.focus()
  fireEvent.click(opener)
  await settle()
  return screen.getByRole('dialog', { name: 'Settings' })
}

test('opens as a labelled modal dialog and focus moves to its first form control', async () => {
  const { opener } = setup()
  const dialog = await openDialog(opener)
  assert.is(dialog.getAttribute('aria-modal'), 'true')
  await settle()
  assert.is(document.activeElement, screen.getByRole('textbox', { name: 'First field' }))
})

test('Escape closes it and focus returns to the opener', async () => {
  const { opener } = setup()
  await openDialog(opener)
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'First field' }), { key: 'Escape' })
  await settle()
  assert.is(screen.queryByRole('dialog'), null)
  assert.is(document.activeElement, opener)
})

test('the close button closes it and focus returns to the opener', async () => {
  const { opener } = setup()
  await openDialog(opener)
  fireEvent.click(screen.getByRole('button', { name: 'Close' }))
  await settle()
  assert.is(screen.queryByRole('dialog'), null)
  assert.is(document.activeElement, opener)
})

test('the opener toggles it: a press on the opener is not "outside"', async () => {
  const { opener } = setup()
  await openDialog(opener)
  fireEvent.mouseDown(opener)
  assert.ok(screen.queryByRole('dialog'), 'still open after mousedown on the opener')
  fireEvent.click(opener)
  await settle()
  assert.is(screen.queryByRole('dialog'), null)
})

test('a press outside closes it (mouse and touch); a press inside does not', async () => {
  for (const press of [fireEvent.mouseDown, fireEvent.touchStart]) {
    const { opener } = setup()
    await openDialog(opener)
    press(screen.getByRole('textbox', { name: 'First field' }))
    assert.ok(screen.queryByRole('dialog'), 'inside press keeps it open')
    press(screen.getByText('Outside text'))
    await settle()
    assert.is(screen.queryByRole('dialog'), null)
    cleanup()
  }
})

test('a press outside on nothing focusable closes it and the focus returns to the opener, not to the page top; a control pressed keeps the focus', async () => {
  const { opener } = setup()
  const elsewhere = screen.getByRole('textbox', { name: 'Elsewhere' })
  await openDialog(opener)
  fireEvent.mouseDown(screen.getByText('Outside text'))
  await settle()
  assert.is(screen.queryByRole('dialog'), null)
  assert.is(document.activeElement, opener)
  await openDialog(opener)
  fireEvent.mouseDown(elsewhere)
  // The press's own focus move, which the browser makes after mousedown.
  elsewhere.focus()
  await settle()
  assert.is(screen.queryByRole('dialog'), null)
  assert.is(document.activeElement, elsewhere)
})

test('while it is open, the rest of the widget is inert (aria-hidden where inert is unknown); on close it is back as it was', async () => {
  const footer = document.body.appendChild(document.createElement('div'))
  footer.innerHTML = '<h2>Footer</h2><a href="/x">Link</a><span aria-hidden="true">*</span>'
  const hiddenBefore = footer.querySelector('span')!
  const { opener } = setup()
  const outside = [
    opener,
    screen.getByText('Outside text'),
    screen.getByRole('textbox', { name: 'Elsewhere' }),
    footer,
  ]
  const dialog = await openDialog(opener)
  const shut = (el: Element) =>
    el.hasAttribute('inert') || el.getAttribute('aria-hidden') === 'true'
  for (const el of outside) assert.ok(shut(el), el.outerHTML.slice(0, 60))
  assert.not.ok(shut(dialog))
  for (let el = dialog.parentElement; el; el = el.parentElement)
    assert.not.ok(shut(el), `an ancestor of the dialog: ${el.tagName}`)
  // What a screen reader finds: the dialog alone.
  assert.equal(
    screen.getAllByRole('textbox').map((el) => el.getAttribute('aria-label')),
    ['First field'],
  )
  assert.is(screen.queryByRole('heading', { name: 'Footer' }), null)
  fireEvent.keyDown(dialog, { key: 'Escape' })
  await settle()
  for (const el of outside) assert.not.ok(shut(el), el.outerHTML.slice(0, 60))
  assert.is(hiddenBefore.getAttribute('aria-hidden'), 'true', 'what was hidden before stays hidden')
  assert.is(document.activeElement, opener)
  footer.remove()
})

test('Tab from the last element goes to the first, Shift+Tab from the first to the last', async () => {
  const { opener } = setup()
  const dialog = await openDialog(opener)
  const close = screen.getByRole('button', { name: 'Close' })
  const apply = screen.getByRole('button', { name: 'Apply' })
  apply.focus()
  const forward = fireEvent.keyDown(apply, { key: 'Tab' })
  assert.is(forward, false, 'default Tab prevented')
  assert.is(document.activeElement, close)
  const backward = fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })
  assert.is(backward, false)
  assert.is(document.activeElement, apply)
  // In the middle, Tab is left to the browser.
  const field = screen.getByRole('textbox', { name: 'First field' })
  field.focus()
  assert.is(fireEvent.keyDown(field, { key: 'Tab' }), true)
  // Focus on the dialog itself (e.g. after a click on its padding): Shift+Tab wraps to the last.
  dialog.focus()
  fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true })
  assert.is(document.activeElement, apply)
})

for (const [size, cls] of [
  [undefined, 'lf-dialog--m'],
  ['S', 'lf-dialog--s'],
  ['M', 'lf-dialog--m'],
  ['L', 'lf-dialog--l'],
] as const) {
  test(`size ${size ?? 'default'} is ${cls}`, async () => {
    const { opener } = setup(size)
    const dialog = await openDialog(opener)
    assert.ok(dialog.classList.contains(cls), dialog.className)
  })
}

test.run()
