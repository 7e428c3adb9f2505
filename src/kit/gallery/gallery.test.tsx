/** The gallery's banners as a screen reader names their close buttons. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render } from '@testing-library/preact'
import { FeedbackSection } from './gallery-sections'

const test = suite('kit gallery')
test.after.each(cleanup)

/** The language an element is read in: its own lang or its nearest ancestor's. */
const langOf = (element: Element) => element.closest('[lang]')?.getAttribute('lang')

test('each close button is read in one language: its action (its name) and the message it closes (its description) (WCAG 3.1.2)', () => {
  const { container } = render(
    <div lang="en">
      <FeedbackSection locale="de-DE" />
    </div>,
  )
  const buttons = [...container.querySelectorAll('.lf-notification__close')]
  assert.ok(buttons.length >= 5)
  for (const button of buttons) {
    // The name is the button's own label (aria-label), the description the message (aria-describedby).
    const message = container.querySelector(`[id="${button.getAttribute('aria-describedby')}"]`)!
    // The message's words: the language of its text, where an inner element marks one.
    const languages = [langOf(button), langOf(message.querySelector('[lang]') ?? message)]
    assert.equal(new Set(languages).size, 1, `${button.getAttribute('aria-label')}: ${languages}`)
  }
})

test.run()
