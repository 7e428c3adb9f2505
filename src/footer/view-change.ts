/**
 * The view changer's contract with the host (docs/EMBEDDING.md "View changer"): the event the
 * widget dispatches on #footer, shared by the widget, the demo host and the tests.
 */
import type { Platform } from '../platform'

/** Bubbling, cancellable, composed; dispatched on #footer when the visitor asks for another view. */
export const VIEW_CHANGE_EVENT = 'lumora:view-change'

export interface ViewChangeDetail {
  /** The view the visitor asked for. */
  view: 'desktop' | 'mobile'
  /** The platform that view means here: CLASSIC for desktop, else the device's class (SMARTPHONE or TABLET). */
  platform: Platform
}
