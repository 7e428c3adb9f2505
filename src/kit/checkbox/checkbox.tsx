/**
 * Native checkbox. The label sits beside the input (not around it) so links inside the
 * label stay separate targets: following a link does not tick the box.
 */
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react'
import { useDomId } from '../hooks'
import { describedBy, fieldState, type FieldState } from '../field/field'
import { useStyles } from '../../styles/style-root'
import fieldCss from '../field/field.css'
import css from '../radio/radio.css'

export interface CheckboxProps
  extends Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'className' | 'style' | 'type' | 'onChange' | 'children'
  > {
  /** Visible label; may contain links (e.g. <TextLink>) and other inline content. */
  label: ReactNode
  /** Checked (controlled). */
  checked?: boolean
  defaultChecked?: boolean
  onCheckedChange?: (checked: boolean, event: ChangeEvent<HTMLInputElement>) => void
  required?: boolean
  /** Display state; defaults to `error` when `error` is given. */
  state?: FieldState
  /** Error text linked with aria-describedby; sets aria-invalid. */
  error?: ReactNode
  hint?: ReactNode
  id?: string
  className?: string
}

export function Checkbox(props: CheckboxProps) {
  useStyles(fieldCss)
  useStyles(css)
  const { label, onCheckedChange, required, state, error, hint, id, className, ...rest } = props
  const boxId = useDomId(id)
  const shown = fieldState({ state, error })
  return (
    <div className={`lf-field lf-field--${shown}${className ? ' ' + className : ''}`}>
      <span className="lf-checkbox">
        <input
          {...rest}
          id={boxId}
          type="checkbox"
          className="lf-checkbox__input"
          required={required}
          // Explicit "false": Chromium would expose an unticked required box as invalid before any interaction.
          aria-invalid={shown === 'error'}
          aria-describedby={describedBy(boxId, { hint, error }, rest['aria-describedby'])}
          onChange={(event) => onCheckedChange?.(event.currentTarget.checked, event)}
        />
        <label className="lf-checkbox__label" htmlFor={boxId}>
          {label}
          {required ? (
            <span className="lf-field__required" aria-hidden="true">
              {' *'}
            </span>
          ) : null}
        </label>
      </span>
      {hint ? (
        <p id={`${boxId}-hint`} className="lf-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${boxId}-error`} className="lf-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
