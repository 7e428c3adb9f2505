/**
 * When the footer counts as near: within three screens below the viewport, the visitor is on the
 * way there (whenNearViewportOrIdle in tasks.ts starts it then; src/mount.ts asks for the newsletter
 * picture at once when it is there as the footer's element is claimed).
 */
const SCREENS_BELOW = 3

/** The same band as an IntersectionObserver's rootMargin. */
export const NEAR_MARGIN = `0px 0px ${SCREENS_BELOW * 100}% 0px`

/** Whether `element` is in that band now. Reads the page's layout. */
export function isNearViewport(win: Window, element: Element): boolean {
  const { top, bottom } = element.getBoundingClientRect()
  return bottom >= 0 && top <= win.innerHeight * (1 + SCREENS_BELOW)
}
