/**
 * Platform (SPEC §4 Footer): from the embed attribute, else the html element's `platform`
 * attribute, else the window width (under 768 phone, under 1280 tablet, else classic).
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-react'
import { fromDocument } from './dom'

export const PLATFORMS = ['MATCH', 'SMARTPHONE', 'TABLET', 'CLASSIC'] as const
export type Platform = (typeof PLATFORMS)[number]

/** Width assumed before the window can be measured (SPEC §4: initial width value 20000). */
export const INITIAL_WIDTH = 20000
const PHONE_MAX_WIDTH = 767
const TABLET_MAX_WIDTH = 1279

export function platformFromWidth(width: number = INITIAL_WIDTH): Platform {
  if (width < PHONE_MAX_WIDTH + 1) return 'SMARTPHONE'
  if (width < TABLET_MAX_WIDTH + 1) return 'TABLET'
  return 'CLASSIC'
}

/** Reads a platform name in any letter case; undefined when it is not one. */
export function parsePlatform(value: string | null | undefined): Platform | undefined {
  const upper = value?.trim().toUpperCase()
  return (PLATFORMS as readonly string[]).includes(upper ?? '') ? (upper as Platform) : undefined
}

export const isPhoneLike = (p: Platform): boolean => p === 'MATCH' || p === 'SMARTPHONE'
export const isTouchLike = (p: Platform): boolean => isPhoneLike(p) || p === 'TABLET'

export interface PlatformSource {
  /** The layout: the visitor's choice in this page view, else the embed attribute, else the html element's attribute, else the width. */
  platform: ReadonlySignal<Platform>
  /** The device class the width gives, whatever the page fixed: the view changer compares the two. */
  device: ReadonlySignal<Platform>
  /** Switches the layout for this page view (the view changer's default; nothing is stored). */
  choose(platform: Platform): void
  /** Stops following the width (the footer was unmounted). */
  stop(): void
}

/**
 * A signal of the current platform, until stopped. A fixed platform (attribute) changes
 * only by the visitor's choice; the device class follows two media queries, so it updates only
 * when a breakpoint is crossed (without matchMedia it is the width at the start).
 */
export function watchPlatform(fixed: Platform | undefined, win: Window): PlatformSource {
  const given =
    fixed ?? parsePlatform(fromDocument(win.document, 'documentElement').getAttribute('platform'))
  const chosen = signal<Platform | undefined>(undefined)
  // The queries' answers, not window.innerWidth: reading innerWidth while the host page's layout
  // is dirty forces a synchronous layout of the whole page inside our script's task.
  const queries = win.matchMedia
    ? [PHONE_MAX_WIDTH, TABLET_MAX_WIDTH].map((px) => win.matchMedia(`(max-width: ${px}px)`))
    : []
  const measure = (): Platform =>
    !queries.length
      ? platformFromWidth(win.innerWidth)
      : queries[0].matches
        ? 'SMARTPHONE'
        : queries[1].matches
          ? 'TABLET'
          : 'CLASSIC'
  const device = signal(measure())
  const update = () => {
    device.value = measure()
  }
  // addListener: iOS Safari 12/13 lack addEventListener on MediaQueryList.
  for (const q of queries) q.addListener(update)
  return {
    platform: computed(() => chosen.value ?? given ?? device.value),
    device,
    choose: (p) => {
      chosen.value = p
    },
    stop: () => {
      for (const q of queries) q.removeListener(update)
    },
  }
}
