/** A controllable clock and timer set for tests of time-based behaviour (time-outs, polling, renewals). */
import type { Timers } from '../../src/api/client'

export interface FakeClock extends Timers {
  now(): number
  /** Moves time forward, running due timers in order. */
  advance(ms: number): Promise<void>
  pending(): number
  /** Timers due now (a zero delay is due at once). */
  due(): number
}

/**
 * `runZeroDelays`: a timer of 0 ms also runs by itself on a real task, as "in the next task" does
 * in a browser (the widget renders in steps that way); timers with a delay wait for advance().
 */
export function fakeClock(
  start = Date.UTC(2026, 10, 21, 9, 0, 0),
  { runZeroDelays = false } = {},
): FakeClock {
  let now = start
  let nextId = 1
  const timers = new Map<number, { at: number; fn: () => void }>()
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve))
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = nextId++
      timers.set(id, { at: now + Math.max(0, ms), fn })
      if (runZeroDelays && ms <= 0) {
        setTimeout(() => {
          if (!timers.delete(id)) return
          fn()
        }, 0)
      }
      return id
    },
    clearTimeout(id) {
      timers.delete(id as number)
    },
    async advance(ms) {
      const until = now + ms
      await flush()
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        timers.delete(due[0])
        now = due[1].at
        due[1].fn()
        await flush()
      }
      now = until
      await flush()
    },
    pending: () => timers.size,
    due: () => [...timers.values()].filter((t) => t.at <= now).length,
  }
}
