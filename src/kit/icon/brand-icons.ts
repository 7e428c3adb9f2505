/**
 * The social-media and app-store icons by name, for content that names its icon (the footer's
 * `iconName`). Only these nine ship with such content; the kit's other icons stay out.
 */
import {
  android,
  apple,
  facebook,
  googlePlay,
  instagram,
  linkedin,
  pinterest,
  twitter,
  youtube,
} from './icon-paths'

export const BRAND_ICON_PATHS: Readonly<Record<string, string>> = {
  facebook,
  twitter,
  youtube,
  pinterest,
  instagram,
  linkedin,
  apple,
  android,
  'google-play': googlePlay,
  // Aliases, so content can use the store names it knows.
  ios: apple,
  'app-store': apple,
  'apple-app-store': apple,
  'play-store': googlePlay,
  x: twitter,
}

/** The path of a brand icon by name (any letter case), or undefined when there is none. */
export function brandIconPath(name: string): string | undefined {
  const key = name.trim().toLowerCase()
  return Object.prototype.hasOwnProperty.call(BRAND_ICON_PATHS, key)
    ? BRAND_ICON_PATHS[key]
    : undefined
}
