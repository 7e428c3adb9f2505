/**
 * Native checkbox. The label sits beside the input (not around it) so links inside the
 * label stay separate targets: following a link does not tick the box.
 */
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react'
import {
  fieldClass,
  FieldMessages,
  RequiredMarker,
  useField,
  type FieldProps,
} from '../field/field'
import { useStyles } from '../../styles/style-root'
import css from './checkbox.css'

export interface CheckboxProps
  extends Omit<FieldProps, 'hideLabel'>,
    Omit<
      InputHTMLAttributes<HTMLInputElement>,
      'className' | 'style' | 'type' | 'onChange' | 'children' | 'required'
    > {
  /** Visible label; may contain links (e.g. <TextLink>) and other inline content. */
  label: ReactNode
  /** Checked (controlled). */
  checked?: boolean
  defaultChecked?: boolean
  onCheckedChange?: (checked: boolean, event: ChangeEvent<HTMLInputElement>) => void
  id?: string
}

export function Checkbox(props: CheckboxProps) {
  const { field, shown, control, attrs } = useField(props)
  useStyles(css)
  const { onCheckedChange, ...rest } = control
  return (
    <div className={fieldClass(field)}>
      <span className="lf-checkbox">
        <input
          {...rest}
          {...attrs}
          type="checkbox"
          className="lf-checkbox__input"
          // Explicit "false": Chromium would expose an unticked required box as invalid before any interaction.
          aria-invalid={shown === 'error'}
          onChange={(event) => onCheckedChange?.(event.currentTarget.checked, event)}
        />
        <label className="lf-checkbox__label" htmlFor={field.id}>
          {field.label}
          <RequiredMarker required={field.required} />
        </label>
      </span>
      <FieldMessages id={field.id} hint={field.hint} error={field.error} />
    </div>
  )
}
