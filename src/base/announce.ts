/**
 * When a message reaches assistive technology: after the focus move that comes with it. A screen
 * reader stops speaking when the focus moves, and Chromium sends a frame's accessibility events
 * together, a live region's change before the focus change when both fall in one frame: the
 * message would be cut off. Given a frame to the focus move and one more to spare, the message
 * comes after it and is read once the focused element has been.
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
