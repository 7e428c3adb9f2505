/** Startup work split into short tasks (see src/mount.ts). */
import { log } from '../log'
import type { Timers } from '../api/client'

/**
 * Runs the steps one task each, in order (a step may append more). A step that throws is
 * logged and ends the run: later steps depend on earlier ones.
 */
export function runInTasks(steps: (() => void)[], timers: Pick<Timers, 'setTimeout'>): void {
  const next = () => {
    const step = steps.shift()
    if (step && run(step) && steps.length) timers.setTimeout(next, 0)
  }
  timers.setTimeout(next, 0)
}

/** Runs one step; a step that throws is logged (never thrown into the host page) and gives false. */
function run(step: () => void): boolean {
  try {
    step()
    return true
  } catch (error) {
    log.error('E2', error)
    return false
  }
}

/** Runs a step of staged work (see createSlicedScheduler). */
export type Later = (step: () => void) => void

/**
 * Staged work (the footer's frame, its content, the newsletter form) in time slices: a step runs
 * in the current task while the slice is younger than `sliceMs`, else in the next task. Steps in
 * a slice follow each other as microtasks, so the render a step caused (Preact renders in a
 * microtask) is done, and counted, before the next step asks for time. On a fast device most
 * stages share a few tasks; on a slow phone nearly every stage gets its own, none a long task
 * (docs/performance.md, "Why 4x").
 * A step that throws is logged; it does not stop the others.
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
