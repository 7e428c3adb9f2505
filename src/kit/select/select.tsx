/** Native <select> with the kit's label, required marker, state and linked error text. */
import type { ChangeEvent, Ref, SelectHTMLAttributes } from 'react'
import { FieldFrame, requiredPlaceholder, useField, type FieldProps } from '../field/field'
import { useStyles } from '../../styles/style-root'
import css from './select.css'

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
}

export interface SelectProps
  extends FieldProps,
    Omit<
      SelectHTMLAttributes<HTMLSelectElement>,
      'className' | 'style' | 'value' | 'defaultValue' | 'onChange' | 'required' | 'children'
    > {
  options: SelectOption[]
  /** Selected value (controlled); '' selects the placeholder option. */
  value?: string
  defaultValue?: string
  /** First, empty option's text (e.g. "Bitte wählen"); with " *" when required and the label is hidden. */
  placeholder?: string
  onValueChange?: (value: string, event: ChangeEvent<HTMLSelectElement>) => void
  id?: string
  selectRef?: Ref<HTMLSelectElement>
}

export function Select(props: SelectProps) {
  useStyles(css)
  const { field, shown, control, attrs } = useField(props)
  const { options, placeholder, onValueChange, selectRef, ...rest } = control
  return (
    <FieldFrame {...field}>
      <span className="lf-select">
        <select
          {...rest}
          {...attrs}
          ref={selectRef}
          className="lf-control lf-select__control"
          // Explicit "false": Chromium would expose an empty required select as invalid before any interaction.
          aria-invalid={shown === 'error'}
          onChange={(event) => onValueChange?.(event.currentTarget.value, event)}
        >
          {/* The placeholder is the value a screen reader reads ("… star"): its asterisk only where no visible label carries one. */}
          {placeholder !== undefined ? (
            <option value="">
              {requiredPlaceholder(placeholder, field.required && field.hideLabel)}
            </option>
          ) : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      </span>
    </FieldFrame>
  )
}
