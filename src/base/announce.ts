/**
 * When a left field's error reaches assistive technology: after the focus move to the next field.
 * A screen reader stops speaking when the focus moves, and Chromium sends a live region's change
 * before a focus change of the same batch: given a frame to the move and one more to spare, the
 * message comes after it. A message that comes with a focus move of the widget's own goes with
 * that move instead, as the focused element's description (docs/ACCESSIBILITY.md).
 */
import { useEffect, useState } from 'react'
import { useWidget } from './widget-context'

/** How many frames after a change a live region's text follows it. */
const MESSAGE_FRAMES = 3

/** `value` as a live region shows it: MESSAGE_FRAMES frames after it changed. */
export function useAfterFocusMove<T>(value: T): T {
  const { frame } = useWidget()
  const [shown, show] = useState(() => value)
  useEffect(() => {
    let current = true
    let left = MESSAGE_FRAMES
    const next = () => (--left ? frame(next) : current && show(() => value))
    frame(next)
    return () => {
      current = false
    }
  }, [value])
  return shown
}
