/**
 * The session feature's door for the main bundle: starts the login-token monitor on desktop
 * (SPEC §4: skipped on smartphone and tablet). The platform is read once at start: a device
 * class does not change while a page lives, and a desktop window made narrow is still a desktop.
 *
 * The monitor ships in the logged-in visitor's file (src/login.lazy.ts, src/lazy-file.ts), loaded
 * once a LoginToken cookie exists: until then this door reads the cookie every TOKEN_POLL_MS, the
 * monitor's own wait for a token (session-monitor.ts WAITING), so a visitor who never logs in
 * never loads it.
 */
import { isTouchLike } from '../platform'
import { readCookie } from '../cookies'
import { LOGIN_TOKEN_COOKIE } from '../contract/contract'
import type { Widget } from '../base/widget-context'
import type { SessionMonitor } from './session-monitor'
import { TOKEN_POLL_MS } from './timing'

type LoginFile = typeof import('../login.lazy')

/** Starts the monitor where it runs; the returned function ends it (or its wait), null where it does not run. */
export function startSessionMonitor(
  widget: Widget,
  now: () => number = () => Date.now(),
): (() => void) | null {
  if (isTouchLike(widget.platform.value)) return null
  let stopped: boolean | undefined
  let monitor: SessionMonitor | undefined
  let poll: unknown
  const wait = () => {
    if (!readCookie(widget.document, LOGIN_TOKEN_COOKIE)) {
      poll = widget.timers.setTimeout(wait, TOKEN_POLL_MS)
      return
    }
    // A file that did not load is logged by the loader; the page goes on without the monitor.
    widget.load<LoginFile>('login').then(
      ({ createSessionMonitor }) => {
        // The widget has the monitor's document, fetch, timers and origin.
        if (!stopped) monitor = createSessionMonitor({ ...widget, now })
      },
      () => {},
    )
  }
  wait()
  return () => {
    stopped = true
    widget.timers.clearTimeout(poll)
    monitor?.stop()
  }
}
