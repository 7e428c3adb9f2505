/**
 * The kit's Input with a validator (validator.ts): checked when the visitor leaves the field,
 * never while typing; a shown message stays through focus and clears once the value is valid
 * (error-rule.ts, the sign-up's rule too). A specific `error` given by the caller wins. Its own
 * component, so bundles that only use Input (the footer) carry none of it.
 */
import { useState } from 'react'
import { Input, type InputProps } from '../input/input'
import { errorAfterEdit } from './error-rule'
import type { Validator } from './validator'

export interface ValidatedInputProps extends InputProps {
  /** Checks the value on blur, and again on each edit while its message is shown, e.g. genericValidator(test). */
  validator: Validator
  /** The field's name in the validator's message; default: the label when it is text. */
  fieldName?: string
}

export function ValidatedInput({
  validator,
  fieldName,
  onValueChange,
  onBlur,
  error,
  ...props
}: ValidatedInputProps) {
  const [invalid, setInvalid] = useState<string>()
  const check = (value: string) =>
    validator(value, fieldName ?? (typeof props.label === 'string' ? props.label : ''))
  return (
    <Input
      {...props}
      error={error ?? invalid}
      onValueChange={(value, event) => {
        onValueChange?.(value, event)
        // The caller may have rewritten the field (IbanInput groups it): check what it shows.
        const shown = event.currentTarget.value
        setInvalid((current) => errorAfterEdit(current, () => check(shown)))
      }}
      onBlur={(event) => {
        onBlur?.(event)
        setInvalid(check(event.currentTarget.value))
      }}
    />
  )
}
