/** One icon of the kit's inline SVG set. Decorative (aria-hidden) unless given a label. */
import { useStyles } from '../../styles/style-root'
import type { IconName } from './icon-paths'
import css from './icon.css'

export type { IconName }

export interface IconProps {
  /**
   * The icon's path from the set, e.g. `close` from './icon-paths' (each icon is its own export,
   * so a bundle ships only the icons it uses); by name: `BRAND_ICON_PATHS.facebook`, `ICON_PATHS[name]`.
   */
  path: string
  /** Accessible name. Without it the icon is decorative and hidden from assistive technology. */
  label?: string
  /** Rendered size in px (width and height); default 24. */
  size?: number
  /** Extra class (colour or layout). */
  className?: string
}

/** Inline SVG icon. Colour follows `currentColor`. */
export function Icon({ path, label, size = 24, className }: IconProps) {
  useStyles(css)
  return (
    <svg
      className={`lf-icon${className ? ' ' + className : ''}`}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      focusable="false"
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : 'true'}
    >
      <path d={path} fill="currentColor" />
    </svg>
  )
}
