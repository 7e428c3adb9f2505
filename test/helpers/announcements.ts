/**
 * What a screen reader says, recorded in jsdom: each change of a live region's text (the whole
 * region, as role=alert, role=status and aria-atomic regions are read) and each focus move (the
 * focused element's name and description). A region inserted together with its text is not
 * counted: screen readers announce changes of a region they already know.
 * `count(text)` tells how often a text was heard: once is the goal (docs/ACCESSIBILITY.md).
 * `frames[i]` is the frame (test/helpers/widget.tsx framesSoFar) in which `said[i]` was heard.
 */
import { framesSoFar } from './widget'

/** A live region: aria-live="off" is none, whatever its role (Notification's `live="off"`). */
const LIVE =
  '[role=alert]:not([aria-live=off]),[role=status]:not([aria-live=off]),[aria-live]:not([aria-live=off])'

const byIds = (element: Element, attribute: string) =>
  (element.getAttribute(attribute) ?? '')
    .split(/\s+/)
    .map((id) => (id ? (element.ownerDocument.getElementById(id)?.textContent ?? '') : ''))
    .join(' ')

/** The text of what describes `element` (its aria-describedby), as a screen reader reads it after the name. */
export const describedText = (element: Element) =>
  byIds(element, 'aria-describedby').replace(/\s+/g, ' ').trim()

/** The focused element's name (aria-label, labelledby, its labels or its text) and description. */
function spokenOnFocus(element: Element): string {
  const labels = (element as HTMLInputElement).labels
  const name =
    element.getAttribute('aria-label') ??
    (element.hasAttribute('aria-labelledby')
      ? byIds(element, 'aria-labelledby')
      : labels?.length
        ? [...labels].map((l) => l.textContent).join(' ')
        : element.textContent)
  return `${name} ${byIds(element, 'aria-describedby')}`.replace(/\s+/g, ' ').trim()
}

export function recordAnnouncements(root: Document = document) {
  const said: string[] = []
  const frames: number[] = []
  const hear = (text: string) => {
    said.push(text)
    frames.push(framesSoFar())
  }
  const observer = new MutationObserver((records) => {
    const changed = new Set<Element>()
    for (const record of records) {
      const target =
        record.target.nodeType === 1 ? (record.target as Element) : record.target.parentElement
      const region = target?.closest(LIVE)
      if (region) changed.add(region)
    }
    for (const region of changed) {
      const text = (region.textContent ?? '').replace(/\s+/g, ' ').trim()
      if (text) hear(text)
    }
  })
  observer.observe(root, { childList: true, subtree: true, characterData: true })
  const onFocus = (event: Event) => hear(spokenOnFocus(event.target as Element))
  root.addEventListener('focusin', onFocus, true)
  return {
    said,
    frames,
    /** How many announcements contain the text (whitespace collapsed). */
    count: (text: string) => said.filter((s) => s.includes(text.replace(/\s+/g, ' '))).length,
    stop() {
      observer.disconnect()
      root.removeEventListener('focusin', onFocus, true)
    },
  }
}
