import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { Button, BUTTON_SIZES, BUTTON_VARIANTS } from './button'

const test = suite('Button')
test.after.each(cleanup)

/** Renders a button inside a form; the returned list collects the form's submits. */
function renderInForm(button: ReactNode): unknown[] {
  const submitted: unknown[] = []
  render(
    <form
      onSubmit={(e) => {
        e.preventDefault()
        submitted.push(e)
      }}
    >
      {button}
    </form>,
  )
  return submitted
}

test('is a native button of type "button" that runs onClick by mouse, Enter and Space', async () => {
  const user = userEvent.setup({ document })
  let clicks = 0
  const submitted = renderInForm(<Button onClick={() => clicks++}>Senden</Button>)
  const button = screen.getByRole('button', { name: 'Senden' })
  assert.is(button.getAttribute('type'), 'button')
  await user.click(button)
  await user.keyboard('{Enter}')
  await user.keyboard(' ')
  assert.is(clicks, 3)
  assert.is(submitted.length, 0, 'a plain button never submits its form')
})

test('loading: focusable, aria-disabled and aria-busy, says it is loading, ignores clicks and keys', async () => {
  const user = userEvent.setup({ document })
  let clicks = 0
  const submitted = renderInForm(
    <Button type="submit" state="loading" onClick={() => clicks++}>
      Anmelden
    </Button>,
  )
  const button = screen.getByRole('button', { name: 'Anmelden Wird geladen' })
  assert.is(button.getAttribute('aria-disabled'), 'true')
  assert.is(button.getAttribute('aria-busy'), 'true')
  assert.not.ok(
    (button as HTMLButtonElement).disabled,
    'stays focusable, so focus is not lost while loading',
  )
  await user.click(button)
  button.focus()
  await user.keyboard('{Enter}')
  await user.keyboard(' ')
  assert.is(clicks, 0)
  assert.is(submitted.length, 0, 'a loading submit button does not submit')
})

test('state none after loading clicks again', async () => {
  const user = userEvent.setup({ document })
  let clicks = 0
  const view = render(
    <Button state="loading" onClick={() => clicks++}>
      OK
    </Button>,
  )
  view.rerender(
    <Button state="none" onClick={() => clicks++}>
      OK
    </Button>,
  )
  const button = screen.getByRole('button', { name: 'OK' })
  assert.is(button.getAttribute('aria-busy'), null)
  await user.click(button)
  assert.is(clicks, 1)
})

test('a button that can load has a live region from the start that announces when loading begins', () => {
  const view = render(<Button state="none">Anmelden</Button>)
  const region = view.container.querySelector('[aria-live="polite"]')!
  assert.ok(region, 'exists before loading')
  assert.is(region.textContent, '')
  view.rerender(<Button state="loading">Anmelden</Button>)
  assert.is(view.container.querySelector('[aria-live="polite"]'), region)
  assert.is(region.textContent, 'Wird geladen')
  view.rerender(<Button state="none">Anmelden</Button>)
  assert.is(region.textContent, '')
})

test('a button without a state has no live region', () => {
  const { container } = render(<Button>OK</Button>)
  assert.is(container.querySelector('[aria-live]'), null)
})

test('a custom loading text can replace the default', () => {
  render(
    <Button state="loading" loadingLabel="Bitte warten">
      OK
    </Button>,
  )
  assert.ok(screen.getByRole('button', { name: 'OK Bitte warten' }))
})

for (const variant of BUTTON_VARIANTS) {
  for (const size of BUTTON_SIZES) {
    test(`variant ${variant}, size ${size} gets its classes`, () => {
      render(
        <Button variant={variant} size={size}>
          X
        </Button>,
      )
      const cls = screen.getByRole('button', { name: 'X' }).className
      assert.ok(cls.includes(`lf-button--${variant} `) && cls.includes(`lf-button--${size}`), cls)
    })
  }
}

test('disabled: native disabled, no clicks', async () => {
  const user = userEvent.setup({ document })
  let clicks = 0
  render(
    <Button disabled onClick={() => clicks++}>
      Nein
    </Button>,
  )
  await user.click(screen.getByRole('button', { name: 'Nein' }))
  assert.is(clicks, 0)
})

test.run()
