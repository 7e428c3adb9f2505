/**
 * A dialog after the WAI-ARIA dialog (modal) pattern: role="dialog", aria-modal, labelled by its
 * title; focus moves in when it opens (first form control, else first focusable), Tab and
 * Shift+Tab stay inside, Escape and the close button close it and return focus to the opener.
 * Modal for screen readers too: while it is open, the rest of the widget (the siblings of the
 * dialog and of each of its ancestors, up to the shadow root) is `inert`, or `aria-hidden` in
 * browsers that do not know inert (the focus trap keeps the keyboard in there). The host page is
 * not ours to change.
 * A press outside it (mouse or touch) closes it too. A press on a control leaves the focus there
 * (pulling it back would fight the click); a press on anything else would leave it on the page's
 * body, so once the press has moved it, the opener takes it. The opener itself is not "outside"
 * (where inert is unknown; elsewhere it is inert like the rest), so it can toggle the dialog.
 *
 * Not the native <dialog> (showModal needs Safari 15.4 and Firefox 98, newer than our targets) and
 * not an overlay: it opens in the flow under its opener (see dialog.css for why). Rendered only
 * while open; the owner decides by mounting it.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { useStyles } from '../../styles/style-root'
import { useWidget } from '../../base/widget-context'
import { focusIsFree, fromDocument } from '../../dom'
import { CloseButton } from '../../kit'
import css from './dialog.css'

export type DialogSize = 'S' | 'M' | 'L'

export interface DialogProps {
  title: string
  /** Width: S 320 px, M 480 px, L 640 px (never wider than the viewport). Default M. */
  size?: DialogSize
  /** The element that opened the dialog; focus returns to it. */
  opener: RefObject<HTMLElement | null>
  onClose: () => void
  /** Accessible name of the close button. */
  closeLabel: string
  children: ReactNode
}

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'

export function Dialog({ title, size = 'M', opener, onClose, closeLabel, children }: DialogProps) {
  useStyles(css)
  const { document: doc, timers } = useWidget()
  const ref = useRef<HTMLDivElement>(null)
  const titleId = `lf-dialog-${useId().replace(/:/g, '')}`
  const close = useRef(onClose)
  close.current = onClose

  /** Gives the rest of the widget back; until then the opener, inert too, cannot take the focus. */
  const release = useRef(() => {})

  useEffect(() => {
    const dialog = ref.current!
    const shut = 'inert' in HTMLElement.prototype ? 'inert' : 'aria-hidden'
    const outside: Element[] = []
    // Up to the shadow root (or the body, never past it); by name: host markup can shadow doc.body.
    for (let el: Node = dialog; el.parentNode && el.nodeName !== 'BODY'; el = el.parentNode)
      for (const sibling of [...(el.parentNode as ParentNode).children])
        if (sibling !== el && !sibling.hasAttribute(shut)) outside.push(sibling)
    for (const el of outside) el.setAttribute(shut, 'true')
    release.current = () => {
      for (const el of outside) el.removeAttribute(shut)
    }
    ;(
      dialog.querySelector<HTMLElement>('input,select,textarea') ??
      dialog.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog
    ).focus()
    const onPress = (event: Event) => {
      const path = event.composedPath()
      if (!path.includes(dialog) && !(opener.current && path.includes(opener.current))) {
        close.current()
        timers.setTimeout(() => {
          if (focusIsFree(doc)) {
            release.current()
            opener.current?.focus()
          }
        }, 0)
      }
    }
    // Host markup can shadow the document's methods by name (src/dom.ts).
    const listen = fromDocument(doc, 'addEventListener')
    const unlisten = fromDocument(doc, 'removeEventListener')
    listen.call(doc, 'mousedown', onPress, true)
    listen.call(doc, 'touchstart', onPress, { capture: true, passive: true })
    return () => {
      release.current()
      unlisten.call(doc, 'mousedown', onPress, true)
      unlisten.call(doc, 'touchstart', onPress, true)
    }
  }, [])

  const closeAndReturn = () => {
    release.current()
    opener.current?.focus()
    onClose()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' || event.key === 'Esc') {
      event.stopPropagation()
      closeAndReturn()
      return
    }
    if (event.key !== 'Tab') return
    const dialog = ref.current!
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const active = (dialog.getRootNode() as Document | ShadowRoot).activeElement
    const first = items[0]
    const last = items[items.length - 1]
    if (event.shiftKey ? active === first || active === dialog : active === last) {
      event.preventDefault()
      ;(event.shiftKey ? last : first)?.focus()
    }
  }

  return (
    <div
      ref={ref}
      className={`lf-dialog lf-dialog--${size.toLowerCase()}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="lf-dialog__header">
        <h2 id={titleId} className="lf-dialog__title">
          {title}
        </h2>
        <CloseButton className="lf-dialog__close" label={closeLabel} onClick={closeAndReturn} />
      </div>
      {children}
    </div>
  )
}
