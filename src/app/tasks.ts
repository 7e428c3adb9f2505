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
    if (!step) return
    try {
      step()
    } catch (error) {
      log.error('The footer could not be shown.', error)
      return
    }
    if (steps.length) timers.setTimeout(next, 0)
  }
  timers.setTimeout(next, 0)
}
