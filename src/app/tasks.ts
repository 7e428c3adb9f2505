/** Startup work split into short tasks (see src/mount.ts; the staged work after it: start-plan.ts). */
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
export function run(step: () => void): boolean {
  try {
    step()
    return true
  } catch (error) {
    log.error('E2', error)
    return false
  }
}

/**
 * Runs `start` once `element` is within three screens below the viewport: far below the fold
 * (a long article) the footer costs the host page nothing while it loads
 * (build/bench/lighthouse.ts), and its requests and render are done before the visitor reaches
 * it; on a shop page whose footer follows a screen or two of content it starts at once, as the
 * page's own parts do. Where the browser has no IntersectionObserver (Safari 12.0), at once.
 * Returns what stops waiting.
 */
export function whenNearViewport(win: Window, element: Element, start: () => void): () => void {
  const Observer = (win as Window & typeof globalThis).IntersectionObserver
  if (!Observer) {
    start()
    return () => {}
  }
  const observer = new Observer(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      start()
    },
    { rootMargin: '0px 0px 300% 0px' },
  )
  observer.observe(element)
  return () => observer.disconnect()
}
