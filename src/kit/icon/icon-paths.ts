/**
 * The kit's one inline SVG set, 24x24 viewBox, drawn with `currentColor` fills. Paths are
 * simplified on purpose: every footer visitor downloads them. Each icon a component draws is its
 * own export, so a bundle carries only the icons its components import (`<Icon path={close} />`);
 * the social and app icons are one table (BRAND_ICONS), which the footer looks up by name through
 * brand-icons.ts; the whole set by name (ICON_PATHS) is for the gallery.
 */
export const chevronDown = 'M5.3 8.3 12 15l6.7-6.7 1.4 1.4L12 17.8 3.9 9.7z'
const chevronUp = 'M5.3 15.7 12 9l6.7 6.7 1.4-1.4L12 6.2 3.9 14.3z'
const chevronRight = 'M8.3 5.3 15 12l-6.7 6.7 1.4 1.4 8.1-8.1-8.1-8.1z'
const chevronLeft = 'M15.7 5.3 9 12l6.7 6.7-1.4 1.4L6.2 12l8.1-8.1z'
export const close =
  'M5.6 4.2 12 10.6l6.4-6.4 1.4 1.4-6.4 6.4 6.4 6.4-1.4 1.4-6.4-6.4-6.4 6.4-1.4-1.4 6.4-6.4-6.4-6.4z'
export const check = 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z'
export const info = 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z'
export const warning = 'M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z'
export const error = 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2zm0-4h-2V7h2z'
export const success =
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-2 15-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8z'
const mail = 'M2 4h20v16H2zm2 2v.5l8 5 8-5V6zm0 2.8V18h16V8.8l-8 5z'
const phone =
  'M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z'
export const external = 'M14 3h7v7h-2V6.4l-9.3 9.3-1.4-1.4L17.6 5H14zM5 5h6v2H5v12h12v-6h2v8H3V5z'
const search =
  'M10 3a7 7 0 1 1 0 14 7 7 0 1 1 0-14zm0 2a5 5 0 1 0 0 10 5 5 0 1 0 0-10zm4.6 11 1.4-1.4 5.8 5.8-1.4 1.4z'
const globe =
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-3a16 16 0 0 0-1.3-3.6A8 8 0 0 1 18.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8 8 0 0 1 0-4h3.4a16 16 0 0 0 0 4zm.8 2h3a16 16 0 0 0 1.3 3.6A8 8 0 0 1 5.1 16zm3-8h-3a8 8 0 0 1 4.3-3.6C8.8 5.5 8.4 6.7 8.1 8zM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zm2.3-6H9.7a14 14 0 0 1 0-4h4.6a14 14 0 0 1 0 4zm.3 5.6c.6-1.1 1-2.3 1.3-3.6h3a8 8 0 0 1-4.3 3.6zm1.7-5.6a16 16 0 0 0 0-4h3.4a8 8 0 0 1 0 4z'
const facebook =
  'M13.5 22v-8.2h2.8l.4-3.2h-3.2V8.6c0-.9.3-1.6 1.6-1.6h1.7V4.1a23 23 0 0 0-2.5-.1c-2.5 0-4.2 1.5-4.2 4.3v2.3H7.3v3.2h2.8V22z'
const twitter =
  'M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.3 4.7H5.5z'
const youtube =
  'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.7 15V9l5.8 3z'
const pinterest =
  'M12 2a10 10 0 0 0-3.6 19.3c-.1-.8-.2-2 0-2.9l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.4 1.8-2.4.8 0 1.2.6 1.2 1.4 0 .8-.5 2.1-.8 3.3-.2 1 .5 1.8 1.5 1.8 1.8 0 3.2-1.9 3.2-4.6 0-2.4-1.7-4.1-4.2-4.1-2.9 0-4.6 2.2-4.6 4.4 0 .9.3 1.8.8 2.3l.1.4-.3 1.2c0 .2-.2.3-.4.2-1.3-.6-2.1-2.5-2.1-4 0-3.3 2.4-6.3 6.9-6.3 3.6 0 6.4 2.6 6.4 6 0 3.6-2.3 6.5-5.4 6.5-1.1 0-2.1-.6-2.4-1.2l-.7 2.5c-.2.9-.9 2.1-1.3 2.8A10 10 0 1 0 12 2z'
const instagram =
  'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4zM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zM7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2zm0 1.8a3.7 3.7 0 0 0-3.7 3.7v9a3.7 3.7 0 0 0 3.7 3.7h9a3.7 3.7 0 0 0 3.7-3.7v-9a3.7 3.7 0 0 0-3.7-3.7z'
const linkedin =
  'M20.4 2H3.6C2.7 2 2 2.7 2 3.6v16.8c0 .9.7 1.6 1.6 1.6h16.8c.9 0 1.6-.7 1.6-1.6V3.6c0-.9-.7-1.6-1.6-1.6zM8 19H5V9.5h3zM6.5 8.2a1.7 1.7 0 1 1 0-3.5 1.7 1.7 0 0 1 0 3.5zM19 19h-3v-4.6c0-1.1 0-2.5-1.5-2.5S12.8 13 12.8 14.3V19h-3V9.5h2.8v1.3c.4-.8 1.4-1.5 2.9-1.5 3.1 0 3.6 2 3.6 4.6z'
const apple =
  'M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9a5 5 0 0 0-4.2 2.6c-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.5 1.3 0 1.7-.8 3.3-.8 1.5 0 1.9.8 3.3.8 1.4 0 2.2-1.3 3-2.5a10 10 0 0 0 1.4-2.8 4.3 4.3 0 0 1-2.3-4.1zM13.9 5a4.4 4.4 0 0 0 1-3.2 4.5 4.5 0 0 0-2.9 1.5 4.2 4.2 0 0 0-1 3.1A3.7 3.7 0 0 0 13.9 5z'
const android =
  'M17.5 9.4 19.3 6.3a.4.4 0 0 0-.7-.4l-1.8 3.1a11 11 0 0 0-9.6 0L5.4 5.9a.4.4 0 0 0-.7.4l1.8 3.1A10.3 10.3 0 0 0 1.5 17.5h21a10.3 10.3 0 0 0-5-8.1zM7 14.6a1 1 0 1 1 0-2 1 1 0 0 1 0 2zm10 0a1 1 0 1 1 0-2 1 1 0 0 1 0 2z'
const googlePlay =
  'M3.6 2.3c-.2.2-.3.6-.3 1v17.4c0 .4.1.8.3 1l9.8-9.7zM14.5 13.1 4.8 22.5c.4.1.8 0 1.3-.3l11.3-6.4zM17.4 8.2 6.1 1.8c-.5-.3-.9-.4-1.3-.3l9.7 9.4zM21 10.3l-2.5-1.4-3.1 3.1 3.1 3.1 2.5-1.4c.9-.5.9-2.9 0-3.4z'
export const card = 'M2 5h20v14H2zm2 2v1h16V7zm0 5v5h16v-5z'
export const headset =
  'M12 2a9 9 0 0 0-9 9v6a3 3 0 0 0 3 3h2v-8H5v-1a7 7 0 0 1 14 0v1h-3v8h3v1h-6v2h6a2 2 0 0 0 2-2V11a9 9 0 0 0-9-9z'
export const gift =
  'M3 8h18v4H3zm1 5h7v8H4zm9 0h7v8h-7zM12 8 8 4 6.5 5.5 9 8zm0 0 4-4 1.5 1.5L15 8z'
export const building =
  'M3 21V3h11v6h7v12zM6 6v2h5V6zm0 4v2h5v-2zm0 4v2h5v-2zm10-2v2h2v-2zm0 4v2h2v-2z'

/** The social-media and app-store icons by name, as content names them (brand-icons.ts adds aliases). */
export const BRAND_ICONS = {
  facebook,
  twitter,
  youtube,
  pinterest,
  instagram,
  linkedin,
  apple,
  android,
  'google-play': googlePlay,
} as const

/** The path of an icon by name (any letter case) in a table of them, or undefined when there is none. */
export function iconByName(
  table: Readonly<Record<string, string>>,
  name: string,
): string | undefined {
  const key = name.trim().toLowerCase()
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined
}

/** Every icon by name (the gallery's table; importing it ships the whole set). */
export const ICON_PATHS = {
  'chevron-down': chevronDown,
  'chevron-up': chevronUp,
  'chevron-right': chevronRight,
  'chevron-left': chevronLeft,
  close,
  check,
  info,
  warning,
  error,
  success,
  mail,
  phone,
  external,
  search,
  globe,
  ...BRAND_ICONS,
  card,
  headset,
  gift,
  building,
} as const

/** Name of an icon in the kit's set. */
export type IconName = keyof typeof ICON_PATHS
