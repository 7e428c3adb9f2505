/** Startup work split into short tasks (see src/mount.ts; the staged work after it: start-plan.ts). */
import { log } from '../log'
import { fromDocument } from '../dom'
import type { Timers } from '../api/client'
import { NEAR_MARGIN } from './near-viewport'

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
 * Runs `start` once, at the first of two moments. When `element` comes within three screens below
 * the viewport: the visitor is on the way there (a shop page whose footer follows a screen or two
 * of content starts at once, as the page's own parts do). Otherwise, once the page has loaded (or
 * LOAD_WAIT_MS after the start, which follows DOMContentLoaded, where a slow resource holds the
 * load) and the browser is idle (IDLE_START_MS at the latest): a long article's own content, its
 * largest paint and its scripts come first and the footer costs its loading nothing, yet a
 * screen-reader user who jumps to the footer landmark and a crawler that does not scroll find it
 * whole within a few seconds (docs/performance.md, "Present where it is not seen"). Where the browser has no
 * IntersectionObserver (Safari 12.0), at once. Returns what stops waiting.
 */
export function whenNearViewportOrIdle(
  win: Window,
  element: Element,
  start: () => void,
): () => void {
  const Observer = (win as Window & typeof globalThis).IntersectionObserver
  if (!Observer) {
    start()
    return () => {}
  }
  let started = false
  const once = () => {
    if (started) return
    started = true
    observer.disconnect()
    start()
  }
  const observer = new Observer((entries) => entries.some((e) => e.isIntersecting) && once(), {
    rootMargin: NEAR_MARGIN,
  })
  observer.observe(element)
  let cancelIdle = () => {}
  let loadWait: number | undefined
  const whenIdle = () => {
    win.removeEventListener('load', whenIdle)
    win.clearTimeout(loadWait)
    if (win.requestIdleCallback) {
      const id = win.requestIdleCallback(once, { timeout: IDLE_START_MS })
      cancelIdle = () => win.cancelIdleCallback(id)
    } else {
      const id = win.setTimeout(once, 0)
      cancelIdle = () => win.clearTimeout(id)
    }
  }
  if (fromDocument(win.document, 'readyState') === 'complete') whenIdle()
  else {
    win.addEventListener('load', whenIdle)
    loadWait = win.setTimeout(whenIdle, LOAD_WAIT_MS)
  }
  return () => {
    started = true
    observer.disconnect()
    win.removeEventListener('load', whenIdle)
    win.clearTimeout(loadWait)
    cancelIdle()
  }
}

/**
 * How long after DOMContentLoaded a footer off screen waits for the page's load at most: a slow
 * third-party resource (an ad, a tracking pixel) can hold the load event for many seconds, and a
 * screen-reader user or a crawler must not wait that long for the footer.
 */
export const LOAD_WAIT_MS = 3000

/** How long after the page's load a footer off screen waits for an idle moment at most. */
export const IDLE_START_MS = 2000
