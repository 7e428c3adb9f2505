import type { Widget } from './widget-context'

/** Dispatches a widget event on the mount element (bubbling, composed): every feature's events to the page. */
export function emit(widget: Widget, type: string, detail: unknown): void {
  widget.mountElement.dispatchEvent(
    new CustomEvent(type, { detail, bubbles: true, composed: true }),
  )
}
