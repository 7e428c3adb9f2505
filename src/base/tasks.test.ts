/** runInTasks (base/tasks.ts, used by mount.ts): startup split into one task per step, so no step joins another's task; and the start plan's sliced scheduler (base/start-plan.ts). */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { fakeClock } from '../../test/helpers/fake-timers'
import { captureConsole } from '../../test/helpers/console'
import { IDLE_START_MS, LOAD_WAIT_MS, runInTasks, whenNearViewportOrIdle } from './tasks'
import { createSlicedScheduler } from './start-plan'

const test = suite('startup tasks')

/** A fake clock that notes in which timer task each step ran. */
function tasks() {
  const clock = fakeClock()
  let task = 0
  const timers = {
    setTimeout(fn: () => void, ms: number) {
      return clock.setTimeout(() => {
        task++
        fn()
      }, ms)
    },
  }
  return { clock, timers, current: () => task }
}

test("nothing runs in the caller's task; each step runs in a task of its own, in order", async () => {
  const { clock, timers, current } = tasks()
  const ran: string[] = []
  runInTasks(
    [
      () => ran.push(`a@${current()}`),
      () => ran.push(`b@${current()}`),
      () => ran.push(`c@${current()}`),
    ],
    timers,
  )
  assert.equal(ran, [], 'not during evaluation')
  await clock.advance(0)
  assert.equal(ran, ['a@1', 'b@2', 'c@3'])
  assert.is(clock.pending(), 0)
})

test('a step may append steps; they run after it, each in its own task', async () => {
  const { clock, timers, current } = tasks()
  const ran: string[] = []
  const steps = [
    () => {
      ran.push(`setup@${current()}`)
      steps.push(
        () => ran.push(`render@${current()}`),
        () => ran.push(`monitor@${current()}`),
      )
    },
  ]
  runInTasks(steps, timers)
  await clock.advance(0)
  assert.equal(ran, ['setup@1', 'render@2', 'monitor@3'])
})

test('a step that throws is logged, nothing escapes, and the steps after it do not run', async () => {
  const { clock, timers } = tasks()
  const ran: string[] = []
  const { errors } = await captureConsole(async () => {
    runInTasks(
      [
        () => ran.push('a'),
        () => {
          throw new Error('boom')
        },
        () => ran.push('c'),
      ],
      timers,
    )
    await clock.advance(0)
  })
  assert.equal(ran, ['a'])
  assert.match(errors[0], /\bE2\b/)
  assert.is(clock.pending(), 0)
})

/** A scheduler on a fake clock whose time moves only when a step says it took time. */
function sliced(sliceMs = 5) {
  const t = tasks()
  let now = 1000
  const later = createSlicedScheduler(t.timers, () => now, sliceMs)
  return { ...t, later, spend: (ms: number) => (now += ms) }
}

test('sliced: staged steps share a task while the slice lasts, then continue in the next task', async () => {
  const { clock, later, spend, current } = sliced(5)
  const ran: string[] = []
  const step = (name: string, ms: number, next?: () => void) => () => {
    ran.push(`${name}@${current()}`)
    spend(ms)
    next?.()
  }
  later(
    step('a', 2, () => later(step('b', 2, () => later(step('c', 2, () => later(step('d', 1))))))),
  )
  assert.equal(ran, [], "never in the caller's task")
  await clock.advance(0)
  // a and b fit in the 5 ms slice (4 ms spent when c asks); c starts after 4 ms, so it still runs there; d asks after 6 ms: next task.
  const task = (name: string) => Number(ran.find((r) => r.startsWith(`${name}@`))!.split('@')[1])
  assert.equal(
    ran.map((r) => r.split('@')[0]),
    ['a', 'b', 'c', 'd'],
  )
  assert.ok(task('a') === task('b') && task('b') === task('c'), ran.join(' '))
  assert.ok(task('d') > task('c'), ran.join(' '))
})

test("sliced: the time a step's render takes (a microtask after the step) counts before the next step", async () => {
  const { clock, later, spend, current } = sliced(5)
  const ran: string[] = []
  later(() => {
    ran.push(`a@${current()}`)
    // What a signal change does: the render is queued as a microtask and takes 8 ms.
    void Promise.resolve().then(() => spend(8))
    later(() => ran.push(`b@${current()}`))
  })
  await clock.advance(0)
  const [a, b] = ran.map((r) => Number(r.split('@')[1]))
  assert.ok(b > a, ran.join(' '))
})

test('sliced: a step that throws is logged and does not stop the others', async () => {
  const { clock, later } = sliced(5)
  const ran: string[] = []
  const { errors } = await captureConsole(async () => {
    later(() => {
      later(() => {
        throw new Error('boom')
      })
      later(() => ran.push('after'))
    })
    await clock.advance(0)
  })
  assert.equal(ran, ['after'])
  assert.match(errors[0], /\bE2\b/)
})

/** A window whose IntersectionObserver the test drives: `report(true)` says the element came near. */
function observedWindow() {
  const observers: {
    callback: (entries: { isIntersecting: boolean }[]) => void
    options?: IntersectionObserverInit
    watched: Element[]
    off: boolean
  }[] = []
  class FakeObserver {
    record: (typeof observers)[number]
    constructor(
      callback: (entries: { isIntersecting: boolean }[]) => void,
      options?: IntersectionObserverInit,
    ) {
      this.record = { callback, options, watched: [], off: false }
      observers.push(this.record)
    }
    observe(element: Element) {
      this.record.watched.push(element)
    }
    disconnect() {
      this.record.off = true
    }
  }
  // The page is still loading; `load()` ends it, `idle()` runs the idle callbacks asked for.
  let onLoad: (() => void)[] = []
  const idleCallbacks: { callback: () => void; timeout?: number }[] = []
  // The bounded wait for the load event; `waited()` runs it.
  const timeouts = new Map<number, { callback: () => void; ms: number }>()
  const win = {
    IntersectionObserver: FakeObserver,
    document: { readyState: 'loading' },
    addEventListener: (type: string, listener: () => void) =>
      type === 'load' && onLoad.push(listener),
    removeEventListener: (type: string, listener: () => void) => {
      if (type === 'load') onLoad = onLoad.filter((l) => l !== listener)
    },
    setTimeout: (callback: () => void, ms: number) => {
      timeouts.set(timeouts.size + 1, { callback, ms })
      return timeouts.size
    },
    clearTimeout: (id: number) => timeouts.delete(id),
    requestIdleCallback: (callback: () => void, options?: IdleRequestOptions) =>
      idleCallbacks.push({ callback, timeout: options?.timeout }),
  } as unknown as Window
  const report = (isIntersecting: boolean) => {
    for (const o of observers) if (!o.off) o.callback([{ isIntersecting }])
  }
  const load = () => {
    ;(win.document as { readyState: string }).readyState = 'complete'
    for (const listener of onLoad.splice(0)) listener()
  }
  const idle = () => {
    for (const { callback } of idleCallbacks.splice(0)) callback()
  }
  const waited = () => {
    const due = [...timeouts.values()]
    timeouts.clear()
    for (const { callback } of due) callback()
    return due.map((t) => t.ms)
  }
  return { win, observers, report, load, idle, idleCallbacks, waited }
}

test('near the viewport: a footer far below the fold starts when it comes within three screens, once', () => {
  const { win, observers, report, load, idle } = observedWindow()
  const element = {} as Element
  let started = 0
  whenNearViewportOrIdle(win, element, () => started++)
  assert.is(started, 0)
  assert.equal(observers[0].watched, [element])
  assert.is(observers[0].options?.rootMargin, '0px 0px 300% 0px')
  report(false) // the observer's first report: not near yet
  assert.is(started, 0)
  report(true)
  report(true)
  assert.is(started, 1)
  assert.ok(observers[0].off)
  load()
  idle()
  assert.is(started, 1, 'not again in idle time')
})

test('idle: a footer off screen starts once the page has loaded and the browser is idle, once', () => {
  const { win, observers, report, load, idle, idleCallbacks } = observedWindow()
  let started = 0
  whenNearViewportOrIdle(win, {} as Element, () => started++)
  idle()
  assert.is(started, 0, 'not while the page loads')
  load()
  assert.is(started, 0, 'not in the load event')
  assert.is(idleCallbacks[0].timeout, IDLE_START_MS)
  idle()
  assert.is(started, 1)
  assert.ok(observers[0].off)
  report(true)
  assert.is(started, 1, 'not again when it nears')
})

test("idle: a slow resource that holds the page's load holds the start LOAD_WAIT_MS at most, once", () => {
  const { win, load, idle, idleCallbacks, waited } = observedWindow()
  let started = 0
  whenNearViewportOrIdle(win, {} as Element, () => started++)
  assert.equal(waited(), [LOAD_WAIT_MS], 'the bounded wait, the one timer')
  assert.is(started, 0, 'not in the timer itself')
  assert.is(idleCallbacks.length, 1)
  idle()
  assert.is(started, 1, 'before the load event')
  load()
  idle()
  assert.is(idleCallbacks.length, 0, 'the load event asks for nothing more')
  assert.is(started, 1)
})

test('idle: a load before the bounded wait ends that wait', () => {
  const { win, load, idle, waited } = observedWindow()
  let started = 0
  whenNearViewportOrIdle(win, {} as Element, () => started++)
  load()
  assert.equal(waited(), [], 'the wait was cleared')
  idle()
  assert.is(started, 1)
})

test('near the viewport: without IntersectionObserver (Safari 12.0) it starts at once', () => {
  let started = 0
  whenNearViewportOrIdle({} as Window, {} as Element, () => started++)
  assert.is(started, 1)
})

test.run()
