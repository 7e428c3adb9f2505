/** Typing as a visitor does it: focus the field, enter the value, leave it (validation runs on blur, SPEC §4). */
import { fireEvent } from '@testing-library/preact'

/** `wait` lets re-renders happen between the steps (each test file knows what its renders need). */
export async function typeAndLeave(
  input: HTMLElement,
  value: string,
  wait: () => Promise<unknown>,
): Promise<void> {
  input.focus()
  await wait()
  fireEvent.input(input, { target: { value } })
  await wait()
  input.blur()
  await wait()
}
