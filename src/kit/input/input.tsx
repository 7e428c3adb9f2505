/**
 * Text input with label, required marker (asterisk on the placeholder, `required` for AT),
 * display state and an error text linked by aria-describedby / aria-invalid.
 */
import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react'
import { FieldFrame, requiredPlaceholder, useField, type FieldProps } from '../field/field'
import { Icon } from '../icon/icon'
import { check as checkIcon, error as errorIcon } from '../icon/icon-paths'

export interface InputProps
  extends FieldProps,
    Omit<
      InputHTMLAttributes<HTMLInputElement>,
      'className' | 'style' | 'value' | 'defaultValue' | 'onChange' | 'required' | 'children'
    > {
  /** Current value (controlled). */
  value?: string
  /** Initial value (uncontrolled). */
  defaultValue?: string
  /** Called with the new value on every edit. */
  onValueChange?: (value: string, event: ChangeEvent<HTMLInputElement>) => void
  /** Input type; default "text". */
  type?: 'text' | 'email' | 'tel' | 'password' | 'search' | 'url'
  /** Autocomplete token passed through, e.g. "email", "given-name", "family-name"; defaults to "email" / "tel" for those types. */
  autoComplete?: string
  /** Id of the input; generated when absent. */
  id?: string
  inputRef?: Ref<HTMLInputElement>
}

/** The kit's text input. */
export function Input(props: InputProps) {
  const { field, shown, control, attrs } = useField(props)
  const { onValueChange, type = 'text', inputRef, placeholder, ...rest } = control
  return (
    <FieldFrame {...field}>
      <span className="lf-control-wrap">
        <input
          {...rest}
          {...attrs}
          ref={inputRef}
          type={type}
          className="lf-control"
          autoComplete={
            rest.autoComplete ?? (type === 'email' || type === 'tel' ? type : undefined)
          }
          placeholder={requiredPlaceholder(placeholder, field.required)}
          aria-invalid={shown === 'error' ? 'true' : undefined}
          onChange={(event) => onValueChange?.(event.currentTarget.value, event)}
        />
        {shown === 'valid' ? (
          <span className="lf-field__status">
            <Icon path={checkIcon} size={20} />
          </span>
        ) : null}
        {shown === 'error' ? (
          <span className="lf-field__status">
            <Icon path={errorIcon} size={20} />
          </span>
        ) : null}
      </span>
    </FieldFrame>
  )
}
