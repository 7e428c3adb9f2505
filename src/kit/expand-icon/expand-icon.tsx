/** The chevron that shows whether something is expanded; decorative, the control carries aria-expanded. */
import { useStyles } from '../../styles/style-root'
import { Icon } from '../icon/icon'
import { chevronDown } from '../icon/icon-paths'
import css from './expand-icon.css'

export interface ExpandIconProps {
  /** Expanded points the chevron up, collapsed points it down. */
  expanded: boolean
  /** Size in px; default 24. */
  size?: 16 | 20 | 24
  className?: string
}

export function ExpandIcon({ expanded, size = 24, className }: ExpandIconProps) {
  useStyles(css)
  return (
    <span
      className={`lf-expand-icon${expanded ? ' lf-expand-icon--expanded' : ''}${className ? ' ' + className : ''}`}
      aria-hidden="true"
    >
      <Icon path={chevronDown} size={size} />
    </span>
  )
}
