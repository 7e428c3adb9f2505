/** The footer's start-up steps, which its model walks along the widget's start plan (base/start-plan.ts). */

/**
 * In page order: the landmark alone (`frame`), the newsletter block, then (once the block has the
 * height it keeps) the payment and delivery logos, the teaser groups, the SEO links, the icon
 * groups, the bottom group's frame, and its content (`done`): its images load only once near
 * the screen, not while the SEO links push them down. Each step adds a part below those already
 * shown, so nothing shown is pushed down (zero layout shift).
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
