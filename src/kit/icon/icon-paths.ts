/**
 * The kit's one inline SVG set, 24x24 viewBox, drawn with `currentColor` fills. Paths are
 * simplified on purpose: every footer visitor downloads them. Each icon a component draws is its
 * own export, so a bundle carries only the icons its components import (`<Icon path={close} />`);
 * the social and app icons are one table (BRAND_ICONS), which the footer looks up by name through
 * brand-icons.ts; the whole set by name (ICON_PATHS) is for the gallery.
 * Each subpath starts with an absolute M and goes on in relative commands, which recur across icons
 * and compress well; an absolute command stays where an edge must land exactly on an earlier point.
 */
export const chevronDown = 'M5.3 8.3l6.7 6.7 6.7-6.7 1.4 1.4-8.1 8.1-8.1-8.1z'
const chevronUp = 'M5.3 15.7l6.7-6.7 6.7 6.7 1.4-1.4-8.1-8.1-8.1 8.1z'
const chevronRight = 'M8.3 5.3l6.7 6.7-6.7 6.7 1.4 1.4 8.1-8.1-8.1-8.1z'
const chevronLeft = 'M15.7 5.3l-6.7 6.7 6.7 6.7-1.4 1.4-8.1-8.1 8.1-8.1z'
export const close =
  'M5.6 4.2l6.4 6.4 6.4-6.4 1.4 1.4-6.4 6.4 6.4 6.4-1.4 1.4-6.4-6.4-6.4 6.4-1.4-1.4 6.4-6.4-6.4-6.4z'
export const check = 'M9 16.2l-4.2-4.2-1.4 1.4 5.6 5.6 12-12-1.4-1.4z'
export const info = 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM13 17h-2v-6h2zM13 9h-2v-2h2z'
export const warning = 'M1 21h22l-11-19zM13 18h-2v-2h2zM13 14h-2v-4h2z'
export const error = 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM13 17h-2v-2h2zM13 13h-2v-6h2z'
export const success =
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM10 17l-5-5 1.4-1.4 3.6 3.6 7.6-7.6 1.4 1.4z'
const mail = 'M2 4h20v16h-20zM4 6v.5l8 5 8-5v-.5zM4 8.8v9.2h16v-9.2l-8 5z'
const phone =
  'M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1v3.4c0 .6-.4 1-1 1a17 17 0 0 1-17-17c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z'
export const external =
  'M14 3h7v7h-2v-3.6l-9.3 9.3-1.4-1.4 9.3-9.3h-3.6zM5 5h6v2h-6v12h12v-6h2v8h-16v-16z'
const search =
  'M10 3a7 7 0 1 1 0 14 7 7 0 1 1 0-14zM10 5a5 5 0 1 0 0 10 5 5 0 1 0 0-10zM14.6 16l1.4-1.4 5.8 5.8-1.4 1.4z'
const globe =
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM18.9 8h-3a16 16 0 0 0-1.3-3.6 8 8 0 0 1 4.3 3.6zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8 8 0 0 1 0-4h3.4a16 16 0 0 0 0 4zM5.1 16h3a16 16 0 0 0 1.3 3.6 8 8 0 0 1-4.3-3.6zM8.1 8h-3a8 8 0 0 1 4.3-3.6c-.6 1.1-1 2.3-1.3 3.6zM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zM14.3 14h-4.6a14 14 0 0 1 0-4h4.6a14 14 0 0 1 0 4zM14.6 19.6c.6-1.1 1-2.3 1.3-3.6h3a8 8 0 0 1-4.3 3.6zM16.3 14a16 16 0 0 0 0-4h3.4a8 8 0 0 1 0 4z'
const facebook =
  'M13.5 22v-8.2h2.8l.4-3.2h-3.2v-2c0-.9.3-1.6 1.6-1.6h1.7v-2.9a23 23 0 0 0-2.5-.1c-2.5 0-4.2 1.5-4.2 4.3v2.3h-2.8v3.2h2.8v8.2z'
const twitter =
  'M17.8 3h3.1l-6.8 7.7 7.9 10.3h-6.2l-4.9-6.3-5.6 6.3h-3.1l7.2-8.3-7.6-9.7h6.4l4.4 5.8zM16.7 19.2h1.7l-11.1-14.5h-1.8z'
const youtube =
  'M23 7.2a3 3 0 0 0-2.1-2.1c-1.9-.5-8.9-.5-8.9-.5s-7 0-8.9.5a3 3 0 0 0-2.1 2.1 31 31 0 0 0-.5 4.8 31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.7 15v-6l5.8 3z'
const pinterest =
  'M12 2a10 10 0 0 0-3.6 19.3c-.1-.8-.2-2 0-2.9l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.4 1.8-2.4.8 0 1.2.6 1.2 1.4s-.5 2.1-.8 3.3c-.2 1 .5 1.8 1.5 1.8 1.8 0 3.2-1.9 3.2-4.6 0-2.4-1.7-4.1-4.2-4.1-2.9 0-4.6 2.2-4.6 4.4 0 .9.3 1.8.8 2.3l.1.4-.3 1.2c0 .2-.2.3-.4.2-1.3-.6-2.1-2.5-2.1-4 0-3.3 2.4-6.3 6.9-6.3 3.6 0 6.4 2.6 6.4 6 0 3.6-2.3 6.5-5.4 6.5-1.1 0-2.1-.6-2.4-1.2l-.7 2.5c-.2.9-.9 2.1-1.3 2.8A10 10 0 1 0 12 2z'
const instagram =
  'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12 15.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4zM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zM7.5 2h9a5.5 5.5 0 0 1 5.5 5.5v9a5.5 5.5 0 0 1-5.5 5.5h-9a5.5 5.5 0 0 1-5.5-5.5v-9a5.5 5.5 0 0 1 5.5-5.5zM7.5 3.8a3.7 3.7 0 0 0-3.7 3.7v9a3.7 3.7 0 0 0 3.7 3.7h9a3.7 3.7 0 0 0 3.7-3.7v-9a3.7 3.7 0 0 0-3.7-3.7z'
const linkedin =
  'M20.4 2h-16.8c-.9 0-1.6.7-1.6 1.6v16.8c0 .9.7 1.6 1.6 1.6h16.8c.9 0 1.6-.7 1.6-1.6v-16.8c0-.9-.7-1.6-1.6-1.6zM8 19h-3v-9.5h3zM6.5 8.2a1.7 1.7 0 1 1 0-3.5 1.7 1.7 0 0 1 0 3.5zM19 19h-3v-4.6c0-1.1 0-2.5-1.5-2.5s-1.7 1.1-1.7 2.4v4.7h-3v-9.5h2.8v1.3c.4-.8 1.4-1.5 2.9-1.5 3.1 0 3.6 2 3.6 4.6z'
const apple =
  'M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9s-2-.9-3.4-.9a5 5 0 0 0-4.2 2.6c-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.5 1.3 0 1.7-.8 3.3-.8 1.5 0 1.9.8 3.3.8s2.2-1.3 3-2.5a10 10 0 0 0 1.4-2.8 4.3 4.3 0 0 1-2.3-4.1zM13.9 5a4.4 4.4 0 0 0 1-3.2 4.5 4.5 0 0 0-2.9 1.5 4.2 4.2 0 0 0-1 3.1 3.7 3.7 0 0 0 2.9-1.4z'
const android =
  'M17.5 9.4l1.8-3.1a.4.4 0 0 0-.7-.4l-1.8 3.1a11 11 0 0 0-9.6 0L5.4 5.9a.4.4 0 0 0-.7.4l1.8 3.1a10.3 10.3 0 0 0-5 8.1h21a10.3 10.3 0 0 0-5-8.1zM7 14.6a1 1 0 1 1 0-2 1 1 0 0 1 0 2zM17 14.6a1 1 0 1 1 0-2 1 1 0 0 1 0 2z'
const googlePlay =
  'M3.6 2.3c-.2.2-.3.6-.3 1v17.4c0 .4.1.8.3 1l9.8-9.7zM14.5 13.1l-9.7 9.4c.4.1.8 0 1.3-.3l11.3-6.4zM17.4 8.2 6.1 1.8c-.5-.3-.9-.4-1.3-.3l9.7 9.4zM21 10.3l-2.5-1.4-3.1 3.1 3.1 3.1 2.5-1.4c.9-.5.9-2.9 0-3.4z'
export const card = 'M2 5h20v14h-20zM4 7v1h16v-1zM4 12v5h16v-5z'
export const headset =
  'M12 2a9 9 0 0 0-9 9v6a3 3 0 0 0 3 3h2v-8h-3v-1a7 7 0 0 1 14 0v1h-3v8h3v1h-6v2h6a2 2 0 0 0 2-2v-10a9 9 0 0 0-9-9z'
export const gift =
  'M3 8h18v4h-18zM4 13h7v8h-7zM13 13h7v8h-7zM12 8l-4-4-1.5 1.5 2.5 2.5zM12 8l4-4 1.5 1.5-2.5 2.5z'
export const building =
  'M3 21v-18h11v6h7v12zM6 6v2h5v-2zM6 10v2h5v-2zM6 14v2h5v-2zM16 12v2h2v-2zM16 16v2h2v-2z'

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
