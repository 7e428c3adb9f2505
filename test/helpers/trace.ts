/**
 * Long tasks on a page's main thread from a Chromium trace, each attributed to its owner: the
 * widget, the test harness (Playwright) or the host page. Used by the benches of the mobile sign-up
 * (build/bench/sign-up.ts) and of the footer with 500 SEO links (build/bench/long-tasks.ts).
 *
 * Why a trace and not a PerformanceObserver('longtask'): the observer only gives durations, and
 * Playwright's own work in the page (compiling its injected script is a 33-55 ms task at 4x CPU
 * slowdown; its role queries force style and layout) lands on the same thread.
 *
 * How a task is attributed (one pass over the task's events, nested by time):
 * - Evidence: a script event (EvaluateScript, FunctionCall, v8.compile) by its url; any other event
 *   by the urls in its stack trace (dispatched events, scheduled work); a TimerFire,
 *   FireAnimationFrame or FireIdleCallback by the stack that installed it; a microtask run by the
 *   stacks of what it did (timers, requests, style invalidations it scheduled). The widget's urls
 *   are /static/footer. and /static/preview. (one frame of a stack is enough). Script without a
 *   url is code evaluated over CDP, i.e. Playwright's injected script (functions such as
 *   `listener`, `raf`, `isElementHiddenForAria`); so are events of type __playwright_* and whole
 *   DevTools protocol messages (blink.mojom.DevToolsSession). Any other url is the host's.
 *   Style, layout and paint are the widget's from its first script run after the evaluation
 *   (which only captures the script tag), whoever forced them (Playwright's stability checks and
 *   role queries force the frame's pending layout early; the host pages have no long tasks of
 *   their own); the host's before, such as its end-of-parsing layout in the evaluation's task.
 * - Time: each moment of the task belongs to the innermost event with evidence (events without
 *   evidence inherit it from their parent). What remains (the task's own overhead, microtask
 *   checkpoints, GC) is the widget's when the task holds any widget evidence, or none at all after
 *   the widget's script ran; otherwise it belongs to the owner the task does show evidence of.
 * - Verdict: a task over the limit is the widget's when it holds widget time and is still over
 *   the limit without the time proven to be Playwright's or the host's (Playwright's script
 *   compile does not count against us; everything we cannot prove foreign does).
 */
import type { CDPSession } from '@playwright/test'

export const LONG_TASK_MS = 50
/** The widget's scripts: the locale bundles and the lazily loaded staff preview. */
export const WIDGET_SCRIPT = /\/static\/(footer|preview)\./

type Owner = 'widget' | 'playwright' | 'host'

export interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  tdur?: number
  pid: number
  tid: number
  args?: {
    data?: {
      url?: string
      type?: string
      functionName?: string
      timerId?: number
      id?: number
      frame?: string
      stackTrace?: Frame[]
    }
    beginData?: { stackTrace?: Frame[] }
    chrome_mojo_event_info?: { mojo_interface_tag?: string }
  }
}
interface Frame {
  url?: string
  functionName?: string
  lineNumber?: number
  columnNumber?: number
}

export interface LongTask {
  /** Start, ms after the widget's script evaluation began (negative: before). */
  at: number
  /** Wall time (what the Long Tasks API measures). */
  ms: number
  /** Thread time: excludes moments the OS did not run the thread (machine load), includes CPU throttling. */
  cpuMs: number
  /**
   * The widget's share of the task in thread time: its wall-time share scaled by cpuMs / ms. What
   * the task costs on a core of its own; the sign-up bench reports by this (build/bench/sign-up.ts).
   */
  widgetCpuMs: number
  owner: Owner
  /** Wall time of the task by owner. */
  by: Record<Owner, number>
  /** The part of `by` given without evidence (task overhead, microtask checkpoints, GC, gaps). */
  unattributed: number
  /** The events of 3 ms or more inside the task, nested, with their owner. */
  breakdown: string
}

const TRACE_CATEGORIES = [
  'toplevel', // RunTask, and mojo messages with their interface (DevToolsSession = the harness's CDP commands)
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  // Not 'disabled-by-default-devtools.timeline.stack': collecting stacks makes the evaluation of our
  // bundle take 24-35 ms instead of 1-9 ms at 4x (and slows every script). Without it, timers,
  // animation frames and microtask runs are attributed by the script they call (FunctionCall url).
  'v8.execute', // RunMicrotasks
].join(',')

/** Starts a Chromium trace on the page's CDP session (stop it with stopTrace). */
export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReturnAsStream' })
}

/** Ends the trace and returns its events. */
export async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const done = new Promise<{ stream?: string }>((resolve) =>
    cdp.once('Tracing.tracingComplete', resolve),
  )
  await cdp.send('Tracing.end')
  const { stream } = await done
  if (!stream) throw new Error('The trace came back without a stream.')
  const chunks: string[] = []
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream })
    chunks.push(
      chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data,
    )
    if (chunk.eof) break
  }
  await cdp.send('IO.close', { handle: stream })
  const parsed = JSON.parse(chunks.join('')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  return Array.isArray(parsed) ? parsed : parsed.traceEvents
}

const SCRIPT_WITH_URL = new Set([
  'EvaluateScript',
  'FunctionCall',
  'v8.compile',
  'v8.evaluateModule',
])
const RENDERING = new Set([
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'PaintImage',
  'Layerize',
  'Commit',
  'UpdateLayer',
  'HitTest',
  'IntersectionObserverController::computeIntersections',
  'ScrollLayer',
  'Decode Image',
  'ImageDecodeTask',
])
/** Wrappers shown only by their content in a breakdown. */
const WRAPPERS = new Set([
  'ThreadControllerImpl::RunTask',
  'BlinkScheduler_PerformMicrotaskCheckpoint',
])

interface Node {
  e: TraceEvent
  end: number
  children: Node[]
  marks: TraceEvent[]
}

/**
 * The tasks over `limitMs` on the page's main thread (the thread that evaluated the widget's
 * script), each with its owner and a breakdown. Throws when the widget's script was not evaluated
 * within the trace (then there is no main thread to look at).
 */
export function longTasks(
  events: TraceEvent[],
  { limitMs = LONG_TASK_MS, widgetScript = WIDGET_SCRIPT } = {},
): LongTask[] {
  const evaluation = events.find(
    (e) => e.name === 'EvaluateScript' && widgetScript.test(e.args?.data?.url ?? ''),
  )
  if (!evaluation)
    throw new Error(`The widget's script (${widgetScript}) was not evaluated within the trace.`)
  const onMain = events
    .filter((e) => e.pid === evaluation.pid && e.tid === evaluation.tid)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const widgetStart = evaluation.ts
  // The bundle's evaluation only captures its tag (build/product/build.ts DEFERRED_START): the widget
  // changes the page from its first script run after that, so rendering before it is the host's
  // (e.g. the host's end-of-parsing layout in the same task as the evaluation).
  const evaluated = evaluation.ts + (evaluation.dur ?? 0)
  const firstRun = onMain.find(
    (e) =>
      e.ts >= evaluated &&
      SCRIPT_WITH_URL.has(e.name) &&
      widgetScript.test(e.args?.data?.url ?? ''),
  )
  const renderStart = firstRun?.ts ?? Infinity

  const urlOwner = (url: string | undefined): Owner =>
    url ? (widgetScript.test(url) ? 'widget' : 'host') : 'playwright'
  /** A stack's owner: the widget if any frame is the widget's, else the host if any frame has a url, else Playwright. */
  const stackOwner = (stack: Frame[] | undefined): Owner | undefined => {
    if (!stack?.length) return undefined
    const owners = stack.map((f) => urlOwner(f.url))
    return owners.includes('widget') ? 'widget' : owners.includes('host') ? 'host' : 'playwright'
  }
  // What installed each timer, animation frame and idle callback.
  const installers = new Map<string, Frame[] | undefined>()
  const INSTALL: Record<string, string> = {
    TimerInstall: 'timer',
    RequestAnimationFrame: 'raf',
    RequestIdleCallback: 'idle',
  }
  const FIRE: Record<string, string> = {
    TimerFire: 'timer',
    FireAnimationFrame: 'raf',
    FireIdleCallback: 'idle',
  }
  const key = (kind: string, e: TraceEvent) =>
    `${kind}:${e.args?.data?.frame}:${e.args?.data?.timerId ?? e.args?.data?.id}`
  for (const e of onMain)
    if (INSTALL[e.name]) installers.set(key(INSTALL[e.name], e), e.args?.data?.stackTrace)

  /** An event's own evidence of an owner (undefined: none). */
  const evidence = (e: TraceEvent): Owner | undefined => {
    const data = e.args?.data
    // Style, layout and paint of the page are the widget's once it runs, whoever forced them:
    // a layout forced early by Playwright's stability check or role query is the frame's pending
    // work (the widget's new DOM), which the frame would otherwise do right after.
    if (RENDERING.has(e.name)) return e.ts >= renderStart ? 'widget' : 'host'
    if (SCRIPT_WITH_URL.has(e.name)) return urlOwner(data?.url)
    if (FIRE[e.name]) {
      const owner = stackOwner(installers.get(key(FIRE[e.name], e)))
      if (owner) return owner
    }
    if (e.name === 'EventDispatch' && data?.type?.startsWith('__playwright')) return 'playwright'
    if (e.args?.chrome_mojo_event_info?.mojo_interface_tag === 'blink.mojom.DevToolsSession')
      return 'playwright'
    return stackOwner(data?.stackTrace ?? e.args?.beginData?.stackTrace)
  }
  const strongest = (owners: Iterable<Owner | undefined>): Owner | undefined => {
    const set = new Set(owners)
    return set.has('widget')
      ? 'widget'
      : set.has('host')
        ? 'host'
        : set.has('playwright')
          ? 'playwright'
          : undefined
  }

  const result: LongTask[] = []
  const tasks = onMain.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > limitMs * 1000,
  )
  for (const task of tasks) {
    const end = task.ts + task.dur!
    // Nest the task's events by time: complete events as nodes, instant events as marks of the innermost node.
    const root: Node = { e: task, end, children: [], marks: [] }
    const stack: Node[] = [root]
    for (const e of onMain) {
      if (e.ts < task.ts || e === task) continue
      if (e.ts > end) break
      while (stack.length > 1 && e.ts >= stack[stack.length - 1].end) stack.pop()
      const parent = stack[stack.length - 1]
      if (e.ph === 'X') {
        const node: Node = {
          e,
          end: Math.min(e.ts + (e.dur ?? 0), parent.end),
          children: [],
          marks: [],
        }
        parent.children.push(node)
        stack.push(node)
      } else if (e.ph === 'I' || e.ph === 'i') parent.marks.push(e)
    }
    // Evidence: the event's own, else that of the marks it holds (a microtask run by what it scheduled).
    const own = new Map<Node, Owner | undefined>()
    const collect = (n: Node) => {
      own.set(n, evidence(n.e) ?? strongest(n.marks.map(evidence)))
      n.children.forEach(collect)
    }
    collect(root)
    const inTask = new Set(own.values())
    const by: Record<Owner, number> = { widget: 0, playwright: 0, host: 0 }
    let unowned = 0
    const walk = (n: Node, inherited: Owner | undefined) => {
      const owner = own.get(n) ?? inherited
      const self = n.end - n.e.ts - n.children.reduce((sum, c) => sum + (c.end - c.e.ts), 0)
      if (owner) by[owner] += self
      else unowned += self
      for (const c of n.children) walk(c, owner)
    }
    walk(root, undefined)
    const afterStart = task.ts >= widgetStart
    // The evaluation's own task is the host's parser task: beyond the evaluation, what has no owner is the host's.
    const parsing = task.ts <= evaluation.ts && evaluation.ts < end
    const fallback: Owner = parsing
      ? 'host'
      : inTask.has('widget')
        ? 'widget'
        : inTask.has('playwright')
          ? 'playwright'
          : inTask.has('host')
            ? 'host'
            : afterStart
              ? 'widget'
              : 'host'
    by[fallback] += unowned
    for (const o of Object.keys(by) as Owner[]) by[o] /= 1000
    const ms = task.dur! / 1000
    const owner: Owner =
      by.widget > 0 && ms - by.playwright - by.host > limitMs
        ? 'widget'
        : by.playwright >= by.host
          ? 'playwright'
          : 'host'

    const label = (n: Node, inherited: Owner | undefined): string => {
      const d = n.e.args?.data
      const url = d?.url ? ` ${d.url.split('/').pop()}` : ''
      const fn = d?.functionName ? `:${d.functionName}` : ''
      const type = n.e.name === 'EventDispatch' && d?.type ? ` ${d.type}` : ''
      const mojo = n.e.args?.chrome_mojo_event_info?.mojo_interface_tag
      const o = own.get(n)
      const tag = o && o !== inherited ? ` [${o}]` : ''
      return `${n.e.name}${type}${url}${fn}${mojo ? ` (${mojo})` : ''}${tag} ${Math.round((n.end - n.e.ts) / 1000)}`
    }
    // Events of 3 ms or more, three levels deep; V8's interrupt checks left out, GC as one event.
    const describe = (n: Node, inherited: Owner | undefined, depth: number): string[] => {
      const owner = own.get(n) ?? inherited
      const big = n.children.filter((c) => c.end - c.e.ts >= 3000 && !c.e.name.startsWith('V8.'))
      return big
        .map((c) => {
          if (WRAPPERS.has(c.e.name)) return describe(c, owner, depth).join(', ')
          const inner = depth < 3 && !c.e.name.endsWith('GC') ? describe(c, owner, depth + 1) : []
          return inner.length ? `${label(c, owner)} > (${inner.join(', ')})` : label(c, owner)
        })
        .filter(Boolean)
    }
    // No event of 3 ms or more: name the largest few, so a task of mere overhead still says what it was.
    const smallest = (n: Node): string => {
      const all: Node[] = []
      const gather = (m: Node) => {
        for (const c of m.children) WRAPPERS.has(c.e.name) ? gather(c) : all.push(c)
      }
      gather(n)
      const top = all.sort((a, b) => b.end - b.e.ts - (a.end - a.e.ts)).slice(0, 3)
      return top.length
        ? `only small events: ${top.map((c) => label(c, undefined).replace(/ \d+$/, ` ${round((c.end - c.e.ts) / 1000)}`)).join(', ')}`
        : 'no inner event'
    }
    result.push({
      at: Math.round((task.ts - widgetStart) / 1000),
      ms: round(ms),
      cpuMs: round((task.tdur ?? task.dur!) / 1000),
      widgetCpuMs:
        owner === 'widget'
          ? round(
              (ms - by.playwright - by.host) * Math.min(1, (task.tdur ?? task.dur!) / task.dur!),
            )
          : 0,
      owner,
      by: { widget: round(by.widget), playwright: round(by.playwright), host: round(by.host) },
      unattributed: round(unowned / 1000),
      breakdown: describe(root, undefined, 1).join(', ') || smallest(root),
    })
  }
  return result
}

const round = (ms: number) => Math.round(ms * 10) / 10

/**
 * The widget's own main-thread time in a trace (thread time of all its tasks, as longTasks
 * attributes them) and, of it, the browser's style, layout and paint after the widget's first run:
 * the work the widget controls, without the network's and the host page's share of the wall time.
 * Both runtimes pay the same rendering for the same DOM.
 */
export function widgetWork(
  events: TraceEvent[],
  widgetScript = WIDGET_SCRIPT,
): { total: number; rendering: number } {
  const total = longTasks(events, { limitMs: 0, widgetScript }).reduce(
    (sum, t) => sum + t.widgetCpuMs,
    0,
  )
  const evaluation = events.find(
    (e) => e.name === 'EvaluateScript' && widgetScript.test(e.args?.data?.url ?? ''),
  )!
  const start = evaluation.ts + (evaluation.dur ?? 0)
  let end = 0
  let rendering = 0
  for (const e of events
    .filter((e) => e.pid === evaluation.pid && e.tid === evaluation.tid && e.ts >= start)
    .filter((e) => RENDERING.has(e.name) && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts)) {
    if (e.ts < end) continue // nested in one already counted
    end = e.ts + e.dur!
    rendering += (e.tdur ?? e.dur!) / 1000
  }
  return { total: round(total), rendering: round(rendering) }
}

/**
 * One line per task, e.g. "widget 58.4 ms (cpu 46.2) at +294 ms [widget 58.4, playwright 0, host 0;
 * unattributed 0.3]: TimerFire [widget] 46 > (FunctionCall footer.de-DE.js:$i 23, RunMicrotasks 24), ..."
 * (at: from the start of the widget's script evaluation; the breakdown lists events of 3 ms or more).
 */
export function formatTask(t: LongTask): string {
  const by = `widget ${t.by.widget}, playwright ${t.by.playwright}, host ${t.by.host}; unattributed ${t.unattributed}`
  return `${t.owner} ${t.ms} ms (cpu ${t.cpuMs}${t.owner === 'widget' ? `, widget cpu ${t.widgetCpuMs}` : ''}) at ${t.at >= 0 ? '+' : ''}${t.at} ms [${by}]: ${t.breakdown}`
}
