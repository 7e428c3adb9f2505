/** Whether an element has focus, also inside a shadow root (where document.activeElement is the host). */
export function hasFocus(el: Element): boolean {
  return (el.getRootNode() as Document | ShadowRoot).activeElement === el
}
