/**
 * The footer's start-up plan, one home for the order in which it appears: the scheduler that
 * runs staged work in time slices, the named steps in page order, and `reached(step)`, which
 * views read. The footer model (src/footer/footer.model.ts) walks the steps; each step adds a
 * part below those already shown, so nothing shown is pushed down (zero layout shift), and each
 * is a short task on a slow phone (docs/performance.md, "Why 4x").
 */
import { signal } from '@preact/signals-react'
import type { Timers } from '../api/client'
import { run } from './tasks'

/**
 * In page order: the landmark alone (`frame`), the newsletter block, then (once the block has the
 * height it keeps) the payment and delivery logos, the teaser groups, the SEO links, the icon
 * groups, the bottom group's frame, and its content (`done`): its images load only once near
 * the screen, not while the SEO links push them down.
 */
export enum Step {
  frame,
  newsletter,
  logos,
  teasers,
  seo,
  icons,
  bottom,
  done,
}

/**
 * SEO links a step adds, and the links a rendered chunk holds (seo-links.tsx): the frame that
 * lays out a step's links is the longest of the start and grows with the step
 * (build/bench/long-tasks.ts measures it).
 */
export const SEO_LINKS_PER_STEP = 50

/** Runs a step of staged work (see createSlicedScheduler). */
export type Later = (step: () => void) => void

export interface StartPlan {
  /** Runs a step of staged work: in this task while its time slice lasts, else the next. */
  later: Later
  /** Whether the footer has come as far as `step` (a signal read: a view re-renders as it moves on). */
  reached(step: Step): boolean
  /** Moves the footer on to `step` (never back: a part once shown stays). */
  reach(step: Step): void
  /** Tells that the newsletter block has the height it keeps (hidden, its form complete, or a view in its place). */
  settleNewsletter(): void
  /** Resolves once the newsletter block has settled: what lies below it waits for that. */
  newsletterSettled: Promise<void>
}

/** A plan at `from`: a server's render (src/app/server-render.tsx) starts where the browser's ends. */
export function createStartPlan(later: Later, from = Step.frame): StartPlan {
  const at = signal(from)
  let settleNewsletter!: () => void
  const newsletterSettled = new Promise<void>((resolve) => (settleNewsletter = resolve))
  return {
    later,
    reached: (step) => at.value >= step,
    reach(step) {
      at.value = Math.max(at.value, step)
    },
    settleNewsletter,
    newsletterSettled,
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
