/**
 * Analytics and DOM events of an accepted sign-up (SPEC §3 Analytics event, §4).
 * The spec sends them "always"; we send them for accepted sign-ups (and the honeypot branch,
 * which must look accepted to a bot) only: a sign_up event for a failed request is false data.
 */
import type { Widget } from '../base/widget-context'
import { emit } from '../base/emit'
import { fromDocument } from '../dom'

/** Fired on the mount element (bubbles, leaves the shadow root) for analytics listeners. */
export const SIGN_UP_EVENT = 'lumora:sign_up'
/** Fired on the mount element after an accepted sign-up. */
export const SUBMITTED_EVENT = 'lumora:newsletter-submitted'

/** The sign_up event: to window.dataLayer when the page has one, and as a DOM event. */
export function trackSignUp(widget: Widget, origin: string): void {
  const detail = {
    event: 'sign_up',
    name: 'sign_up',
    subject: 'newsletter',
    origin,
    type: 'ga4',
    emitter: 'newsletterservice',
  }
  const dataLayer = (
    fromDocument(widget.document, 'defaultView') as unknown as { dataLayer?: unknown[] } | null
  )?.dataLayer
  if (Array.isArray(dataLayer)) dataLayer.push(detail)
  emit(widget, SIGN_UP_EVENT, detail)
}
