/**
 * The teaser group heading icons by name, for content that names its icon (the footer's
 * teaser `heading.iconName`). Only these ship with such content; the kit's other icons stay out.
 */
import { building, card, gift, headset, iconByName } from './icon-paths'

export const TEASER_ICON_PATHS: Readonly<Record<string, string>> = {
  payment: card,
  service: headset,
  gift,
  company: building,
}

/** The path of a teaser icon by name (any letter case), or undefined when there is none. */
export const teaserIconPath = (name: string): string | undefined =>
  iconByName(TEASER_ICON_PATHS, name)
