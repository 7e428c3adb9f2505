/**
 * What a visitor typed into a server-rendered footer's form (docs/server-rendering.md) before the
 * bundle took over: the widget's own form gets it the visitor's way, by the events typing and
 * ticking fire, so the newsletter model, its checks and the sign-up have it too.
 */

/**
 * A form's inputs by a key both renders share (they render the same components; ids differ):
 * the autocomplete token, which each text field has of its own, numbered where it repeats (the
 * checkboxes have none).
 */
function inputs(root: ParentNode): Record<string, HTMLInputElement> {
  const keyed: Record<string, HTMLInputElement> = {}
  for (const input of root.querySelectorAll<HTMLInputElement>('form input')) {
    let key = input.autocomplete
    while (keyed[key]) key += 1
    keyed[key] = input
  }
  return keyed
}

/**
 * Gives the widget's inputs in `container` (showing by now) what the visitor put into the served
 * footer's, and the focus to the widget's input for the served one that has it. A field the
 * widget locks (the known customer's data) keeps its own value. A checkbox's value and a text
 * field's `checked` are the same in both forms, so each input compares both.
 */
export function carryTyped(served: ParentNode, container: ParentNode, focused: Element | null) {
  const mine = inputs(container)
  const theirs = inputs(served)
  for (const key in theirs) {
    const from = theirs[key]!
    const to = mine[key]
    if (to && !to.disabled) {
      if (from.checked !== to.checked) to.click()
      if (from.value !== to.value) {
        // The prototype's setter: React takes an input event for a change only when the value
        // did not come through the element's own (tracked) property.
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(to), 'value')!.set!.call(
          to,
          from.value,
        )
        to.dispatchEvent(new Event('input', { bubbles: true }))
      }
      if (from === focused) to.focus()
    }
  }
}
