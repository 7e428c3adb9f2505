/**
 * Numeric text field (type="text" with inputMode, because type="number" lets letters like
 * "e" in, hides maxLength and changes the value on scroll). Only keystrokes that keep a
 * valid number get through; paste is cleaned; navigation keys always work.
 */
import { useState, type ChangeEvent, type KeyboardEvent } from 'react'
import { Input, type InputProps } from '../input/input'
import { hasFocus } from '../field/focus'
import { NAVIGATION_KEYS, cleanNumber, type NumberRules } from './number-format'

export interface NumberInputProps
  extends Omit<InputProps, 'type' | 'onValueChange' | 'value' | 'defaultValue' | 'inputMode'> {
  /** Value as shown (controlled), e.g. "12,5". */
  value?: string
  defaultValue?: string
  /** Called with the cleaned text, e.g. "12,5". */
  onValueChange?: (value: string) => void
  /** Digits allowed after the separator; default 0 (whole numbers). */
  decimals?: number
  /** Decimal separator; default ",". */
  separator?: ',' | '.'
  /** Maximum characters in total. */
  maxLength?: number
}

export function NumberInput({
  value,
  defaultValue,
  onValueChange,
  decimals = 0,
  separator = ',',
  maxLength,
  onKeyDown,
  ...rest
}: NumberInputProps) {
  const rules: NumberRules = { decimals, separator, maxLength }
  const [text, setText] = useState(() => cleanNumber(value ?? defaultValue ?? '', rules))
  const shown = value !== undefined ? cleanNumber(value, rules) : text

  const onChange = (raw: string, event: ChangeEvent<HTMLInputElement>) => {
    const clean = cleanNumber(raw, rules)
    const el = event.currentTarget
    if (el.value !== clean) {
      const caret = Math.max(0, (el.selectionStart ?? raw.length) - (raw.length - clean.length))
      el.value = clean
      if (hasFocus(el)) el.setSelectionRange(caret, caret)
    }
    setText(clean)
    onValueChange?.(clean)
  }

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event)
    const { key, ctrlKey, metaKey, altKey } = event
    if (NAVIGATION_KEYS.includes(key) || key.length !== 1 || ctrlKey || metaKey || altKey) return
    const el = event.currentTarget
    const start = el.selectionStart ?? el.value.length
    const end = el.selectionEnd ?? start
    const next = el.value.slice(0, start) + key + el.value.slice(end)
    if (
      cleanNumber(next, rules) !== next.replace('.', separator).replace(',', separator) ||
      next.length > (maxLength ?? Infinity)
    )
      event.preventDefault()
  }

  return (
    <Input
      {...rest}
      type="text"
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      value={shown}
      maxLength={maxLength}
      onValueChange={onChange}
      onKeyDown={onKey}
    />
  )
}
