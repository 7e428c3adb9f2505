/** Native <select> with the kit's label, required marker, state and linked error text. */
import type { ChangeEvent, Ref, SelectHTMLAttributes } from 'react'
import {
  FieldFrame,
  describedBy,
  requiredPlaceholder,
  useField,
  type FieldProps,
} from '../field/field'
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
  /** First, empty option's text (e.g. "Bitte wählen"); shown with " *" when required. */
  placeholder?: string
  onValueChange?: (value: string, event: ChangeEvent<HTMLSelectElement>) => void
  id?: string
  selectRef?: Ref<HTMLSelectElement>
}

export function Select(props: SelectProps) {
  useStyles(css)
  const { field, shown, control } = useField(props)
  const { options, value, defaultValue, placeholder, onValueChange, selectRef, ...rest } = control
  return (
    <FieldFrame {...field}>
      <span className="lf-select">
        <select
          {...rest}
          ref={selectRef}
          id={field.id}
          className="lf-control lf-select__control"
          value={value}
          defaultValue={defaultValue}
          required={field.required}
          // Explicit "false": Chromium would expose an empty required select as invalid before any interaction.
          aria-invalid={shown === 'error'}
          aria-describedby={describedBy(field.id, field, rest['aria-describedby'])}
          onChange={(event) => onValueChange?.(event.currentTarget.value, event)}
        >
          {placeholder !== undefined ? (
            <option value="">{requiredPlaceholder(placeholder, field.required)}</option>
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
