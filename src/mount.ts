/**
 * Entry of every locale bundle. Finds its own script tag and #footer, reads the embed
 * attributes, and renders into a shadow root (host CSS stays out, ours stays in).
 * Never throws into the host page: every problem is reported on the console instead.
 */
import { GLOBAL_KEY, type FooterGlobal as WidgetGlobal } from './contract/contract'
import { readEmbedConfig } from './config'
import { docsBeside, log } from './log'
import { watchPlatform } from './platform'
import { createStyleRoot } from './styles/style-root'
import { renderWidget } from './app/render'
import { startSessionMonitor } from './session'
import { loadPreview } from './preview/load'
import { run, runInTasks, whenNearViewportOrIdle } from './base/tasks'
import { createSlicedScheduler } from './base/start-plan'
import { createWidget } from './app/create-widget'
import { footerSections } from './footer'
import { ownScript } from './own-script'
import { fromDocument } from './dom'
import { followMountPoint, type Following } from './mount-point'
import { carryTyped } from './typed'
import { picturesBase, requestPicture, takeSubscriberToken } from './newsletter'
import { isNearViewport } from './base/near-viewport'
import { fileLoader } from './lazy-file'

/**
 * One footer in `host`, until the returned function ends it: then its timers are cleared, its
 * listeners and observers removed, its requests no longer sent, and the shadow root is emptied.
 */
function mount(
  win: Window,
  script: HTMLScriptElement | null,
  scriptUrl: string | null,
  host: HTMLElement,
  shadow: ShadowRoot,
): () => void {
  const doc = win.document
  // A server-rendered footer (docs/server-rendering.md) stays on screen while the widget renders
  // out of sight; once the widget has rendered its last step with legal links of its own, it
  // takes the server's place (no frame without a footer). Without legal links (the content call
  // failed) the server's footer stays, or, on a page without one, the page's own fallback inside
  // #footer shows again (docs/EMBEDDING.md "Without JavaScript").
  const served = [...shadow.childNodes]
  // The served footer itself (mount-point.ts claims a root whose last element it is).
  const servedFooter = shadow.lastElementChild
  const create = fromDocument(doc, 'createElement')
  // The integrator's fallback inside #footer (docs/EMBEDDING.md, "Without JavaScript") shows
  // through this slot until the footer's first render, in the same task, takes its place: on a
  // long page the footer may start seconds after the shadow root hides the host's own content.
  // Beside a server-rendered footer, which holds the links itself, it stays hidden.
  const fallback = create.call(doc, 'slot')
  if (!served.length) shadow.appendChild(fallback)
  const container = shadow.appendChild(create.call(doc, 'div'))
  // A style property, not the hidden attribute, which the base styles' `display` overrides.
  if (served.length) container.style.display = 'none'
  // What the visitor typed into the server's form, and the field they are in, survive the swap.
  const swap = () => {
    container.style.display = ''
    if (servedFooter) carryTyped(servedFooter, container, shadow.activeElement)
    for (const node of served) node.remove()
  }
  const done = (legalLinks: boolean) => {
    if (!legalLinks) served.length ? log.warn('W30') : shadow.appendChild(fallback)
    // Parts that add theirs a step at a time (the teaser groups) may not be through yet: the swap
    // waits for an idle moment, when no staged step is left, so the widget's footer is whole.
    else if (served.length && win.requestIdleCallback) win.requestIdleCallback(swap)
    else swap()
  }
  let ended: boolean | undefined
  /** What the end runs: each timer's clearing (a cleared or run timer's too: that is harmless), each part's stop. */
  const ends: (() => void)[] = []
  const timers = {
    setTimeout: (fn: () => void, ms: number) => {
      if (ended) return
      const id = win.setTimeout(fn, ms)
      ends.push(() => win.clearTimeout(id))
      return id
    },
    clearTimeout: (id: unknown) => win.clearTimeout(id as number),
  }
  // Startup in short tasks, none a long task (docs/performance.md, "Why 4x"): claiming #footer
  // reads the embed attributes; where the footer is in view, the next task asks for the newsletter
  // picture; then the widget's I/O; then the psdata request; then the first render (the footer's
  // landmark; the start plan, base/start-plan.ts, stages the rest); then the session monitor and
  // the preview loader.
  // First, before the address is read for anything else: the token leaves the address bar.
  const subscriberToken = takeSubscriberToken(win)
  const config = readEmbedConfig(script)
  const origin = win.location.origin
  const assetOrigin = scriptUrl ? new URL(scriptUrl).origin : origin
  // Where the footer is in view at load, the newsletter picture is often the page's largest paint:
  // its request does not wait for the start's tasks and the psdata round trip. A task of its own,
  // the next one: in the task that claims #footer, after the bundle's modules initialised, it
  // made that task a long one at 4x. A footer far below the fold asks for nothing while the page
  // loads (whenNearViewportOrIdle).
  timers.setTimeout(() => {
    try {
      // A server-rendered footer's picture is on its way already.
      if (
        !served.length &&
        !config.newsletterHidden &&
        footerSections({ config, document: doc }).newsletter &&
        isNearViewport(win, host)
      )
        requestPicture(win, picturesBase(assetOrigin))
    } catch {}
  }, 0)
  const steps = [
    () => {
      // After the end nothing is sent, and what asks waits for ever: no log, no retry.
      const fetchImpl: typeof fetch = (input, init) =>
        ended ? new Promise(() => {}) : win.fetch(input, init)
      const platform = watchPlatform(config.platform, win)
      ends.push(platform.stop)
      const widget = createWidget({
        config,
        locale: __LOCALE__,
        platform: platform.platform,
        device: platform.device,
        choosePlatform: platform.choose,
        origin,
        assetOrigin,
        pageAddress: win.location.href,
        subscriberToken,
        fetch: fetchImpl,
        timers,
        frame: (callback) => ended || win.requestAnimationFrame(callback),
        later: createSlicedScheduler(timers, () => win.performance.now()),
        document: doc,
        mountElement: host,
        onDone: done,
        load: fileLoader(win, scriptUrl, doc, config.nonce),
      })
      const styleRoot = createStyleRoot(shadow, config.nonce)
      // A landing page's file comes beside psdata, so the block waits for neither longer than needed.
      if (subscriberToken) widget.load('doi')
      steps.push(
        // The newsletter block shows once psdata has answered, but renders tasks from now (the
        // footer's frame comes in steps): ask first, in a task of its own (starting a request
        // costs 10-15 ms at 4x CPU slowdown). Without the newsletter (reduced footer), no request.
        () => {
          if (footerSections(widget).newsletter) void widget.psdata()
        },
        () => {
          ends.push(renderWidget(container, styleRoot, widget))
          fallback.remove()
        },
        () => {
          const stopMonitor = startSessionMonitor(widget)
          if (stopMonitor) ends.push(stopMonitor)
          loadPreview(shadow, styleRoot, widget)
        },
      )
    },
  ]
  // Beside a server-rendered footer the start waits for the page's load and an idle moment (the
  // container out of sight never nears the viewport): its tasks would delay the paint of the
  // server's picture, the page's largest.
  ends.push(
    whenNearViewportOrIdle(win, served.length ? container : host, () => runInTasks(steps, timers)),
  )
  return () => {
    ended = true
    for (const end of ends) end()
    // Not innerHTML: the source builds no HTML from strings (test/rules/csp-source.test.ts).
    shadow.textContent = ''
  }
}

/**
 * Starts the widget once per page. `script` is the widget's own tag and its `src`, captured while
 * the bundle is evaluated: currentScript is only set then (for defer, async and injected scripts
 * alike), and a later `<base href>` changes what `src` reads (src/own-script.ts). The bundle's
 * wrapper runs this module after the host page's next frame (build/product/build.ts DEFERRED_START).
 */
export function boot(win: Window, script: FooterScript): void {
  try {
    if (script) docsBeside(script[1])
    const globals = win as unknown as Record<string, WidgetGlobal | undefined>
    const first = globals[GLOBAL_KEY]
    // Only our own marker, a plain object, counts: host markup named like it (<a id="__lumoraFooter">) is an element.
    if (Object.prototype.toString.call(first) === '[object Object]') {
      log.warn('W8', `${first!.locale} came first`)
      return
    }
    let following: Following | undefined
    globals[GLOBAL_KEY] = {
      version: __VERSION__,
      locale: __LOCALE__,
      unmount: () => run(() => following?.unmount()),
      destroy: () =>
        run(() => {
          following?.destroy()
          delete globals[GLOBAL_KEY]
        }),
    }
    const url = script && ownScript(win, script[0], script[1])
    if (script && !url) log.warn('W9', script[1])
    const tag = url ? (script![0] as HTMLScriptElement) : null
    const start = () =>
      run(() => {
        if (globals[GLOBAL_KEY])
          following = followMountPoint(win, tag, (host, shadow) =>
            mount(win, tag, url, host, shadow),
          )
      })
    const doc = win.document
    if (fromDocument(doc, 'readyState') === 'loading')
      fromDocument(doc, 'addEventListener').call(doc, 'DOMContentLoaded', start, { once: true })
    else start()
  } catch (error) {
    log.error('E3', error)
  }
}

boot(window, __FOOTER_SCRIPT__)
