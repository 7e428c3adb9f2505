/**
 * Design tokens shared by code and styles. Breakpoints are SPEC §9's upper bounds
 * (xs up to 374 px ... 4xl up to 1919 px). CSS cannot read these constants, so style
 * files write `(max-width: N px)` or `(min-width: N+1 px)` with these values (as below() and
 * above() produce); test/rules/tokens.test.ts fails on any other width in a media query.
 */
export const BREAKPOINTS = {
  xs: 374,
  s: 667,
  m: 767,
  l: 979,
  xl: 1023,
  xxl: 1279,
  '3xl': 1439,
  '4xl': 1919,
} as const

export type Breakpoint = keyof typeof BREAKPOINTS

/** Media query for "wider than breakpoint b", e.g. above('m') -> (min-width: 768px). */
export function above(b: Breakpoint): string {
  return `(min-width: ${BREAKPOINTS[b] + 1}px)`
}

/** Media query for "at most breakpoint b", e.g. below('m') -> (max-width: 767px) (phones). */
export function below(b: Breakpoint): string {
  return `(max-width: ${BREAKPOINTS[b]}px)`
}
