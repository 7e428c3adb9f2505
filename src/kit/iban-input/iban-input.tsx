/**
 * IBAN field: cleans and groups what is typed or pasted (see iban-format.ts for the reading of
 * SPEC §5: paste loses only non-alphanumerics, typing keeps the head "two letters, two digits")
 * and keeps the caret where the visitor was typing. onValueChange receives the IBAN without spaces.
 */
import { useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react'
import type { InputProps } from '../input/input'
import { ValidatedInput } from '../validation/validated-input'
import { hasFocus } from '../field/focus'
import { IBAN_MAX_LENGTH, cleanIban, editIban, groupIban, ibanHeadFits } from './iban-format'
import { genericValidator, isIban, type Validator } from '../validation/validator'

/**
 * No specific IBAN message exists, so the kit's generic one answers: "IBAN is not valid."
 * Marked pure: a bundle that never uses IbanInput must be able to drop this module.
 */
const ibanValidator = /* @__PURE__ */ genericValidator(isIban)

export interface IbanInputProps
  extends Omit<
    InputProps,
    'type' | 'onValueChange' | 'value' | 'defaultValue' | 'maxLength' | 'inputMode'
  > {
  /** Checks the IBAN on blur; default: structure and check digits, with the kit's generic message. */
  validator?: Validator
  /** IBAN (spaces allowed; shown grouped). Controlled. */
  value?: string
  defaultValue?: string
  /** Called with the IBAN without spaces, e.g. "DE89370400440532013000". */
  onValueChange?: (iban: string) => void
  /** Maximum characters without spaces; default 34. */
  maxLength?: number
}

export function IbanInput({
  value,
  defaultValue,
  onValueChange,
  maxLength = IBAN_MAX_LENGTH,
  autoComplete = 'off',
  onKeyDown,
  validator = ibanValidator,
  ...rest
}: IbanInputProps) {
  const [text, setText] = useState(() =>
    groupIban(cleanIban(value ?? defaultValue ?? '', maxLength)),
  )
  const shown =
    value !== undefined && cleanIban(value, maxLength) !== cleanIban(text, maxLength)
      ? groupIban(cleanIban(value, maxLength))
      : text
  const pending = useRef<{ el: HTMLInputElement; caret: number } | null>(null)

  // The caret is placed after the render that shows the new text, so neither React nor Preact moves it.
  useLayoutEffect(() => {
    const p = pending.current
    pending.current = null
    if (p && hasFocus(p.el)) p.el.setSelectionRange(p.caret, p.caret)
  })

  const onChange = (raw: string, event: ChangeEvent<HTMLInputElement>) => {
    const el = event.currentTarget
    // React wraps the native InputEvent, Preact passes it as is.
    const native = ((event as { nativeEvent?: Event }).nativeEvent ?? event) as InputEvent
    // Typing (also on keyboards whose keydown names no key, e.g. Android's) keeps the head; a paste, drop or autofill is only cleaned.
    const typed = native.inputType === 'insertText' || native.inputType === 'insertCompositionText'
    const edit = editIban(
      raw,
      el.selectionStart ?? raw.length,
      shown,
      maxLength,
      native.inputType === 'deleteContentForward',
      typed,
    )
    if (el.value !== edit.value) el.value = edit.value
    if (hasFocus(el)) el.setSelectionRange(edit.caret, edit.caret)
    pending.current = { el, caret: edit.caret }
    setText(edit.value)
    onValueChange?.(edit.value.replace(/ /g, ''))
  }

  // Refuse a keystroke that cannot fit before it is drawn (no flicker); paste is cleaned in onChange.
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event)
    const { key, ctrlKey, metaKey, altKey } = event
    if (key.length !== 1 || ctrlKey || metaKey || altKey) return
    const el = event.currentTarget
    const start = el.selectionStart ?? el.value.length
    const end = el.selectionEnd ?? start
    const without = cleanIban(el.value.slice(0, start) + el.value.slice(end), maxLength)
    const withKey = cleanIban(el.value.slice(0, start) + key + el.value.slice(end), maxLength)
    if (withKey.length <= without.length || (ibanHeadFits(without) && !ibanHeadFits(withKey)))
      event.preventDefault()
  }

  return (
    <ValidatedInput
      {...rest}
      type="text"
      inputMode="text"
      autoCapitalize="characters"
      spellCheck={false}
      autoComplete={autoComplete}
      value={shown}
      maxLength={maxLength + Math.ceil(maxLength / 4)}
      onValueChange={onChange}
      onKeyDown={onKey}
      validator={validator}
    />
  )
}
