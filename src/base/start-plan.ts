/**
 * A start plan, one home for the order in which a widget appears: the scheduler that runs staged
 * work in time slices, and the steps reached so far, which views read. What the steps are is the
 * footer's (src/footer/footer-plan.ts); its model walks them. Each step is a short task on a slow
 * phone (docs/performance.md, "Why 4x").
 */
import { signal } from '@preact/signals-react'
import type { Timers } from '../api/client'
import { run } from './tasks'

/** Runs a step of staged work (see createSlicedScheduler). */
export type Later = (step: () => void) => void

export interface StartPlan {
  /** Runs a step of staged work: in this task while its time slice lasts, else the next. */
  later: Later
  /** Whether the widget has come as far as `step` (a signal read: a view re-renders as it moves on). */
  reached(step: number): boolean
  /** Moves the widget on to `step` (never back: a part once shown stays). */
  reach(step: number): void
}

/** A plan at `from`: a server's render (src/app/server-render.tsx) starts where the browser's ends. */
export function createStartPlan(later: Later, from = 0): StartPlan {
  const at = signal(from)
  return {
    later,
    reached: (step) => at.value >= step,
    reach(step) {
      at.value = Math.max(at.value, step)
    },
  }
}

/**
 * Staged work in time slices: a step runs in the current task while the slice is younger than
 * `sliceMs`, else in the next task. Steps in a slice follow each other as microtasks, so the
 * render a step caused (Preact renders in a microtask) is done, and counted, before the next step
 * asks for time. On a fast device most steps share a few tasks; on a slow phone nearly every step
 * gets its own, none a long task. A step that throws is logged; it does not stop the others.
 */
export function createSlicedScheduler(
  timers: Pick<Timers, 'setTimeout'>,
  now: () => number,
  sliceMs = 5,
): Later {
  let sliceStart = -Infinity
  const nextTask = (step: () => void) =>
    timers.setTimeout(() => {
      sliceStart = now()
      // The slice ends with its task: a later task (a fetch answer, an input) starts none.
      timers.setTimeout(() => (sliceStart = -Infinity), 0)
      run(step)
    }, 0)
  // The time is asked when the step is due, after the microtasks queued before it (renders).
  return (step) =>
    void Promise.resolve().then(() =>
      now() - sliceStart < sliceMs ? void run(step) : nextTask(step),
    )
}
