/**
 * Entry of every locale bundle. Finds its own script tag and #footer, reads the embed
 * attributes, and renders into a shadow root (host CSS stays out, ours stays in).
 * Never throws into the host page: every problem is reported on the console instead.
 */
import { GLOBAL_KEY, type FooterGlobal as WidgetGlobal } from './contract'
import { readEmbedConfig } from './config'
import { log } from './log'
import { watchPlatform } from './platform'
import { createStyleRoot } from './styles/style-root'
import { createPsDataLoader } from './api/psdata'
import { renderWidget } from './app/render'
import { startSessionMonitor } from './session'
import { loadPreview } from './preview/load'
import type { Widget } from './app/widget-context'
import { createSlicedScheduler, runInTasks, whenNearViewport } from './app/tasks'
import { footerSections } from './footer'
import { ownScript } from './own-script'
import { takeSubscriberToken } from './newsletter'

export const MOUNT_ID = 'footer'

function mount(win: Window, script: HTMLScriptElement | null): void {
  const doc = win.document
  const host = doc.getElementById(MOUNT_ID)
  if (!host) {
    log.error(
      `No element with id="${MOUNT_ID}" on this page, so the footer was not shown. Add <div id="${MOUNT_ID}"></div> where it belongs.`,
    )
    return
  }
  if (host.shadowRoot) {
    log.warn(`#${MOUNT_ID} already has content rendered into it; not mounting a second footer.`)
    return
  }
  const shadow = host.attachShadow({ mode: 'open' })
  const container = doc.createElement('div')
  shadow.appendChild(container)
  const timers = {
    setTimeout: (fn: () => void, ms: number) => win.setTimeout(fn, ms),
    clearTimeout: (id: unknown) => win.clearTimeout(id as number),
  }
  // Startup in short tasks (build/bench/long-tasks.ts: none over 50 ms at 4x CPU slowdown): the
  // script's evaluation only claims #footer; then the embed attributes and the widget's I/O; then
  // the psdata request; then the first render (the footer's landmark; the footer model stages
  // the rest); then the session monitor and the preview loader.
  const steps = [
    () => {
      const config = readEmbedConfig(script)
      // First, before the address is read for anything else: the token leaves the address bar.
      const subscriberToken = takeSubscriberToken(win)
      const origin = win.location.origin
      const fetchImpl: typeof fetch = (input, init) => win.fetch(input, init)
      const platform = watchPlatform(config.platform, win)
      const widget: Widget = {
        config,
        locale: __LOCALE__,
        platform: platform.platform,
        device: platform.device,
        choosePlatform: platform.choose,
        origin,
        assetOrigin: script ? new URL(script.src).origin : origin,
        pageAddress: win.location.href,
        subscriberToken,
        fetch: fetchImpl,
        timers,
        later: createSlicedScheduler(timers, () => win.performance.now()),
        document: doc,
        mountElement: host,
        psdata: createPsDataLoader(origin, { fetch: fetchImpl, timers }),
      }
      const styleRoot = createStyleRoot(shadow, config.nonce)
      steps.push(
        // The newsletter block shows once psdata has answered, but renders tasks from now (the
        // footer's frame comes in steps): ask first, in a task of its own (starting a request
        // costs 10-15 ms at 4x CPU slowdown). Without the newsletter (reduced footer), no request.
        () => {
          if (footerSections(widget).newsletter) void widget.psdata()
        },
        () => renderWidget(container, styleRoot, widget),
        () => {
          startSessionMonitor(widget)
          loadPreview(win, script, shadow, styleRoot, widget)
        },
      )
    },
  ]
  whenNearViewport(win, host, () => runInTasks(steps, timers))
}

/**
 * Starts the widget once per page. `script` is the widget's own tag, captured while the bundle
 * is evaluated: currentScript is only set then (for defer, async and injected scripts alike).
 * The bundle's wrapper runs this module after the host page's next frame (build/product/build.ts DEFERRED_START).
 */
export function boot(win: Window, script: Element | null): void {
  try {
    const globals = win as unknown as Record<string, WidgetGlobal | undefined>
    const first = globals[GLOBAL_KEY]
    // Only our own marker, a plain object, counts: host markup named like it (<a id="__lumoraFooter">) is an element.
    if (Object.prototype.toString.call(first) === '[object Object]') {
      log.warn(
        `The footer script is included more than once (${first!.locale} came first); this copy does nothing.`,
      )
      return
    }
    globals[GLOBAL_KEY] = { version: __VERSION__, locale: __LOCALE__ }
    const own = ownScript(win, script)
    if (script && !own) log.warn('Attributes ignored: not the own script tag.')
    const start = () => {
      try {
        mount(win, own)
      } catch (error) {
        log.error('The footer could not be shown.', error)
      }
    }
    if (win.document.readyState === 'loading')
      win.document.addEventListener('DOMContentLoaded', start, { once: true })
    else start()
  } catch (error) {
    log.error('The footer could not start.', error)
  }
}

boot(window, __FOOTER_SCRIPT__)
