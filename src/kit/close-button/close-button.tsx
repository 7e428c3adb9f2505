/**
 * A button showing only the close icon, named by its label; the caller's class sizes and places it.
 * `describedBy` adds what it closes, by id, as its description.
 */
import type { MouseEvent } from 'react'
import { useStyles } from '../../styles/style-root'
import { Icon } from '../icon/icon'
import { close } from '../icon/icon-paths'
import css from './close-button.css'

export interface CloseButtonProps {
  /** Accessible name (the button shows no text). */
  label: string
  onClick: (event: MouseEvent<HTMLButtonElement>) => void
  /** The caller's class: size and margins. */
  className: string
  describedBy?: string
}

export function CloseButton({ label, onClick, className, describedBy }: CloseButtonProps) {
  useStyles(css)
  return (
    <button
      type="button"
      className={`lf-close-button ${className}`}
      aria-label={label}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      <Icon path={close} size={20} />
    </button>
  )
}
