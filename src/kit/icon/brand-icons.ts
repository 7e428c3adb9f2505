/**
 * The social-media and app-store icons by name, for content that names its icon (the footer's
 * `iconName`). Only these nine ship with such content; the kit's other icons stay out.
 */
import { BRAND_ICONS, iconByName } from './icon-paths'

export const BRAND_ICON_PATHS: Readonly<Record<string, string>> = {
  ...BRAND_ICONS,
  // Aliases, so content can use the store names it knows.
  ios: BRAND_ICONS.apple,
  'app-store': BRAND_ICONS.apple,
  'apple-app-store': BRAND_ICONS.apple,
  'play-store': BRAND_ICONS['google-play'],
  x: BRAND_ICONS.twitter,
}

/** The path of a brand icon by name (any letter case), or undefined when there is none. */
export const brandIconPath = (name: string): string | undefined =>
  iconByName(BRAND_ICON_PATHS, name)
