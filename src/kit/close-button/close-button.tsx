/** A button showing only the close icon, named by its label; the caller's class sizes and places it. */
import { useStyles } from '../../styles/style-root'
import { Icon } from '../icon/icon'
import { close } from '../icon/icon-paths'
import css from './close-button.css'

export interface CloseButtonProps {
  /** Accessible name (the button shows no text). */
  label: string
  onClick: () => void
  /** The caller's class: size and margins. */
  className: string
}

export function CloseButton({ label, onClick, className }: CloseButtonProps) {
  useStyles(css)
  return (
    <button
      type="button"
      className={`lf-close-button ${className}`}
      aria-label={label}
      onClick={onClick}
    >
      <Icon path={close} size={20} />
    </button>
  )
}
