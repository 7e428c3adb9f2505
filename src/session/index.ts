/**
 * The session feature's door for the main bundle: starts the login-token monitor on desktop
 * (SPEC §4: skipped on smartphone and tablet). The platform is read once at start: a device
 * class does not change while a page lives, and a desktop window made narrow is still a desktop.
 */
import { isTouchLike } from '../platform'
import type { Widget } from '../base/widget-context'
import { createSessionMonitor, type SessionMonitor } from './session-monitor'

export function startSessionMonitor(
  widget: Widget,
  now: () => number = () => Date.now(),
): SessionMonitor | null {
  if (isTouchLike(widget.platform.value)) return null
  // The widget has the monitor's document, fetch, timers and origin.
  return createSessionMonitor({ ...widget, now })
}
