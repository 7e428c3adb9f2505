/**
 * The kit's Input with a validator (validator.ts): checked on blur, never while typing, and its
 * message cleared when the field gets focus again (SPEC §4); a specific `error` given by the
 * caller wins. Its own component, so bundles that only use Input (the footer) carry none of it.
 */
import { useState } from 'react'
import { Input, type InputProps } from '../input/input'
import type { Validator } from './validator'

export interface ValidatedInputProps extends InputProps {
  /** Checks the value on blur, e.g. genericValidator(test). */
  validator: Validator
  /** The field's name in the validator's message; default: the label when it is text. */
  fieldName?: string
}

export function ValidatedInput({
  validator,
  fieldName,
  onFocus,
  onBlur,
  error,
  ...props
}: ValidatedInputProps) {
  const [invalid, setInvalid] = useState<string>()
  return (
    <Input
      {...props}
      error={error ?? invalid}
      onFocus={(event) => {
        setInvalid(undefined)
        onFocus?.(event)
      }}
      onBlur={(event) => {
        onBlur?.(event)
        setInvalid(
          validator(
            event.currentTarget.value,
            fieldName ?? (typeof props.label === 'string' ? props.label : ''),
          ),
        )
      }}
    />
  )
}
