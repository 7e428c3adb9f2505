/** One icon of the kit's inline SVG set. Decorative (aria-hidden) unless given a label. */
import { useStyles } from '../../styles/style-root'
import { ICON_PATHS, type IconName } from './icon-paths'
import css from './icon.css'

export type { IconName }

/** Aliases so callers can use the store names they know. */
const ALIASES: Record<string, IconName> = { ios: 'apple', 'app-store': 'apple', 'apple-app-store': 'apple', 'play-store': 'google-play', x: 'twitter' }

export interface IconProps {
  /** Icon name, e.g. "facebook", "chevron-down", "ios" (= apple), "android". */
  name: IconName | 'ios' | 'app-store' | 'apple-app-store' | 'play-store' | 'x'
  /** Accessible name. Without it the icon is decorative and hidden from assistive technology. */
  label?: string
  /** Rendered size in px (width and height); default 24. */
  size?: number
  /** Extra class (colour or layout). */
  className?: string
}

/** Inline SVG icon. Colour follows `currentColor`. */
export function Icon({ name, label, size = 24, className }: IconProps) {
  useStyles(css)
  const key = (ALIASES[name] ?? name) as IconName
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
      <path d={ICON_PATHS[key]} fill="currentColor" />
    </svg>
  )
}
