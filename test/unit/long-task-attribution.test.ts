/**
 * The long-task attribution (test/helpers/trace.ts) on small synthetic traces shaped like
 * Chromium's: which tasks over 50 ms are the widget's, Playwright's or the host's.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { longTasks, widgetWork, type TraceEvent } from '../helpers/trace.ts'

const FOOTER = 'http://127.0.0.1:8391/static/footer.de-DE.0123456789.js'
const PAGE = 'http://127.0.0.1:8391/_hosts/clean.html'
const frame = (url: string, functionName = 'f') => ({ url, functionName })
/** A complete event on the main thread; times in ms. */
const x = (
  name: string,
  start: number,
  ms: number,
  args: TraceEvent['args'] = {},
  tdur?: number,
): TraceEvent => ({
  name,
  ph: 'X',
  ts: start * 1000,
  dur: ms * 1000,
  tdur: tdur === undefined ? undefined : tdur * 1000,
  pid: 1,
  tid: 1,
  args,
})
const mark = (name: string, at: number, args: TraceEvent['args']): TraceEvent => ({
  name,
  ph: 'I',
  ts: at * 1000,
  pid: 1,
  tid: 1,
  args,
})
/**
 * The widget's script evaluated at 1000 ms (a short task): the trace's reference point. It only
 * installs a timer, whose run at 1010 ms is the widget's first change to the page.
 */
const evaluation = () => [
  x('RunTask', 1000, 5),
  x('EvaluateScript', 1000.5, 4, { data: { url: FOOTER } }),
  mark('TimerInstall', 1003, { data: { frame: 'F', timerId: 1, stackTrace: [frame(FOOTER)] } }),
  x('RunTask', 1010, 5),
  x('TimerFire', 1010, 5, { data: { frame: 'F', timerId: 1 } }),
  x('FunctionCall', 1010.1, 4, { data: { url: FOOTER } }),
]
const owners = (events: TraceEvent[]) => longTasks(events).map((t) => `${t.owner} ${t.ms}`)

test("the widget's timer task and its microtasks are the widget's; short tasks are left out", () => {
  const events = [
    ...evaluation(),
    x('RunTask', 2000, 60),
    x('TimerFire', 2000, 59, { data: { frame: 'F', timerId: 1 } }),
    x('FunctionCall', 2000.1, 30, { data: { url: FOOTER } }),
    x('RunMicrotasks', 2031, 28),
    x('RunTask', 3000, 40),
    x('TimerFire', 3000, 40, { data: { frame: 'F', timerId: 1 } }),
  ]
  assert.equal(owners(events), ['widget 60'])
  const [task] = longTasks(events)
  assert.equal(task.at, 1000)
  assert.equal(task.by, { widget: 60, playwright: 0, host: 0 })
  assert.match(
    task.breakdown,
    /TimerFire \[widget\] 59 > \(FunctionCall footer\.de-DE\.0123456789\.js 30, RunMicrotasks 28\)/,
  )
})

test("the evaluation's task is the host's parser task: its end-of-parsing layout and events are not ours", () => {
  const events = [
    // The parser's task: our evaluation (4 ms, it only installs a timer), then DOMContentLoaded and the host's first layout.
    x('RunTask', 1000, 70),
    x('EvaluateScript', 1000.5, 4, { data: { url: FOOTER } }),
    mark('TimerInstall', 1003, { data: { frame: 'F', timerId: 1, stackTrace: [frame(FOOTER)] } }),
    x('EventDispatch', 1010, 10, { data: { type: 'DOMContentLoaded' } }),
    x('Layout', 1025, 40),
    // Once our code has run, a layout is ours.
    x('RunTask', 1100, 5),
    x('TimerFire', 1100, 5, { data: { frame: 'F', timerId: 1 } }),
    x('FunctionCall', 1100.1, 4, { data: { url: FOOTER } }),
    x('RunTask', 1200, 60),
    x('UpdateLayoutTree', 1200, 20),
    x('Layout', 1220, 40),
  ]
  const [parsing, frameTask] = longTasks(events)
  assert.is(parsing.owner, 'host')
  assert.is(parsing.by.widget, 4)
  assert.is(frameTask.owner, 'widget')
})

test('Playwright: compiling its injected script over CDP, its timers and animation frames, its own events', () => {
  const events = [
    ...evaluation(),
    // A CDP command: the whole DevTools message, with the injected script's evaluation (no url).
    x('RunTask', 2000, 55),
    x('Receive mojo message', 2000, 54, {
      chrome_mojo_event_info: { mojo_interface_tag: 'blink.mojom.DevToolsSession' },
    }),
    x('EvaluateScript', 2001, 50, {}),
    // A timer and an animation frame installed by the injected script (frames without a url).
    mark('TimerInstall', 2100, {
      data: { frame: 'F', timerId: 7, stackTrace: [frame('', 'poll')] },
    }),
    x('RunTask', 2200, 52),
    x('TimerFire', 2200, 52, { data: { frame: 'F', timerId: 7 } }),
    mark('RequestAnimationFrame', 2300, {
      data: { frame: 'F', id: 3, stackTrace: [frame('', '_checkElementIsStable')] },
    }),
    x('RunTask', 2400, 51),
    x('FireAnimationFrame', 2400, 51, { data: { frame: 'F', id: 3 } }),
    x('RunTask', 2500, 53),
    x('EventDispatch', 2500, 53, { data: { type: '__playwright_mark_target__' } }),
  ]
  assert.equal(owners(events), ['playwright 55', 'playwright 52', 'playwright 51', 'playwright 53'])
})

test('layout that Playwright forces inside its own task counts for the widget, its script time does not', () => {
  const devtools = { chrome_mojo_event_info: { mojo_interface_tag: 'blink.mojom.DevToolsSession' } }
  const forced = { beginData: { stackTrace: [frame('', 'isElementHiddenForAria')] } }
  const events = [
    ...evaluation(),
    // 70 ms of Playwright with a 10 ms forced layout: 10 ms are ours, the task is not.
    x('RunTask', 2000, 70),
    x('Receive mojo message', 2000, 70, devtools),
    x('Layout', 2010, 10, forced),
    // 80 ms of which 45 ms are a forced style recalc and layout of our pending DOM: ours.
    x('RunTask', 3000, 80),
    x('Receive mojo message', 3000, 80, devtools),
    x('UpdateLayoutTree', 3005, 20, forced),
    x('Layout', 3030, 35, forced),
  ]
  const tasks = longTasks(events)
  assert.equal(
    tasks.map((t) => `${t.owner} ${t.by.widget}`),
    ['playwright 10', 'widget 55'],
  )
})

test('a handler of ours next to a Playwright listener in one input task: only the listener is subtracted', () => {
  const events = [
    ...evaluation(),
    x('RunTask', 2000, 62),
    x('EventDispatch', 2000, 4, { data: { type: 'mouseup' } }),
    x('FunctionCall', 2000.5, 3, { data: { url: '', functionName: 'listener' } }),
    x('EventDispatch', 2005, 50, { data: { type: 'click' } }),
    x('FunctionCall', 2005.5, 20, { data: { url: FOOTER } }),
    x('RunMicrotasks', 2026, 29),
    x('Layout', 2056, 6),
  ]
  const [task] = longTasks(events)
  assert.is(task.owner, 'widget')
  assert.is(task.by.playwright, 3)
  assert.is(task.by.widget, 59)
})

test("a microtask run is the widget's by what it scheduled; with no evidence at all it counts for the widget after its start", () => {
  const events = [
    ...evaluation(),
    x('RunTask', 2000, 55),
    x('RunMicrotasks', 2000, 55),
    mark('ScheduleStyleRecalculation', 2010, { data: { stackTrace: [frame(FOOTER, 'adopt')] } }),
    x('RunTask', 3000, 56),
    x('RunMicrotasks', 3000, 56),
    x('RunTask', 500, 57),
    x('Layout', 500, 50),
  ]
  const tasks = longTasks(events)
  // In time order: the host's rendering before the widget's start (its 7 ms of task overhead
  // follow the evidence), the microtask run with our stack, the one without any evidence.
  assert.equal(
    tasks.map((t) => `${t.owner} ${t.unattributed}`),
    ['host 7', 'widget 0', 'widget 56'],
  )
})

test("a host script's task is the host's; host script in a task with ours is subtracted like Playwright's", () => {
  const events = [
    ...evaluation(),
    x('RunTask', 2000, 60),
    x('FunctionCall', 2000, 60, { data: { url: PAGE } }),
    x('RunTask', 3000, 70),
    x('FunctionCall', 3000, 30, { data: { url: PAGE } }),
    x('FunctionCall', 3030, 40, { data: { url: FOOTER } }),
  ]
  assert.equal(owners(events), ['host 60', 'host 70'])
})

test("the widget's cpu share: a task stretched by machine load is long in wall time, short in thread time", () => {
  const events = [
    ...evaluation(),
    // 72 ms wall, but the OS ran our thread for 10.7 ms of it.
    x('RunTask', 2000, 72, {}, 10.7),
    x('TimerFire', 2000, 72, { data: { frame: 'F', timerId: 1 } }),
    x('FunctionCall', 2000.1, 71, { data: { url: FOOTER } }),
    // 60 ms wall and 58 ms thread time: long either way.
    x('RunTask', 3000, 60, {}, 58),
    x('TimerFire', 3000, 60, { data: { frame: 'F', timerId: 1 } }),
    x('FunctionCall', 3000.1, 59, { data: { url: FOOTER } }),
  ]
  assert.equal(
    longTasks(events).map((t) => [t.owner, t.widgetCpuMs]),
    [
      ['widget', 10.7],
      ['widget', 58],
    ],
  )
})

test("cpu time is the task's thread time; no evaluation of the widget's script means no main thread", () => {
  const events = [
    ...evaluation(),
    x('RunTask', 2000, 60, {}, 20),
    x('FunctionCall', 2000, 60, { data: { url: FOOTER } }),
  ]
  assert.is(longTasks(events)[0].cpuMs, 20)
  assert.throws(() => longTasks([x('RunTask', 2000, 60)]), /not evaluated/)
})

test("widgetWork: the thread time of the widget's tasks, and of it style, layout and paint after its first run", () => {
  const events = [
    // The host's end-of-parsing layout comes before the widget's first run: not ours.
    x('RunTask', 900, 30),
    x('Layout', 905, 20, {}, 20),
    ...evaluation(),
    // A widget task: 6 ms of script, then style and layout (the layout nested in nothing else).
    x('RunTask', 2000, 20),
    x('TimerFire', 2000, 20, { data: { frame: 'F', timerId: 1 } }),
    x('FunctionCall', 2000.1, 6, { data: { url: FOOTER } }),
    x('UpdateLayoutTree', 2010, 4, {}, 4),
    x('Layout', 2014, 5, {}, 5),
    // The host's own script later: not ours.
    x('RunTask', 3000, 10),
    x('FunctionCall', 3000.1, 9, { data: { url: PAGE } }),
  ]
  const work = widgetWork(events)
  assert.is(work.rendering, 9)
  // The evaluation itself (4: the rest of its task is the host's parser task), the first run (5)
  // and the widget task (20).
  assert.is(work.total, 29)
})

test.run()
