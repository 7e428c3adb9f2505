/**
 * Text input with label, required marker (asterisk on the placeholder, `required` for AT),
 * display state and an error text linked by aria-describedby / aria-invalid. An optional
 * validator (validation/validator.ts) answers on blur and its message clears on focus (SPEC §4).
 */
import { useState, type ChangeEvent, type InputHTMLAttributes, type Ref } from 'react'
import { useDomId } from '../hooks'
import { FieldFrame, describedBy, fieldState, requiredPlaceholder, type FieldProps } from '../field/field'
import { Icon } from '../icon/icon'
import { check as checkIcon, error as errorIcon } from '../icon/icon-paths'
import type { Validator } from '../validation/validator'

export interface InputProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'style' | 'value' | 'defaultValue' | 'onChange' | 'required' | 'children'> {
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
  /** Checks the value on blur where no specific `error` is given, e.g. genericValidator(test). */
  validator?: Validator
  /** The field's name in the validator's message; default: the label when it is text. */
  fieldName?: string
}

/** The kit's text input. */
export function Input(props: InputProps) {
  const { label, required, state, hint, className, hideLabel, value, defaultValue, onValueChange, type = 'text', id, inputRef, placeholder, validator, fieldName, onFocus, onBlur, ...rest } = props
  const inputId = useDomId(id)
  const [invalid, setInvalid] = useState<string>()
  const error = props.error ?? invalid
  const shown = fieldState({ state, error })
  return (
    <FieldFrame id={inputId} label={label} required={required} state={state} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      <span className="lf-control-wrap">
        <input
          {...rest}
          ref={inputRef}
          id={inputId}
          type={type}
          className="lf-control"
          value={value}
          defaultValue={defaultValue}
          autoComplete={rest.autoComplete ?? (type === 'email' || type === 'tel' ? type : undefined)}
          placeholder={requiredPlaceholder(placeholder, required)}
          required={required}
          aria-invalid={shown === 'error' ? 'true' : undefined}
          aria-describedby={describedBy(inputId, { hint, error }, rest['aria-describedby'])}
          onChange={(event) => onValueChange?.(event.currentTarget.value, event)}
          onFocus={(event) => {
            setInvalid(undefined)
            onFocus?.(event)
          }}
          onBlur={(event) => {
            onBlur?.(event)
            if (validator) setInvalid(validator(event.currentTarget.value, fieldName ?? (typeof label === 'string' ? label : '')))
          }}
        />
        {shown === 'valid' ? <span className="lf-field__status"><Icon path={checkIcon} size={20} /></span> : null}
        {shown === 'error' ? <span className="lf-field__status"><Icon path={errorIcon} size={20} /></span> : null}
      </span>
    </FieldFrame>
  )
}
