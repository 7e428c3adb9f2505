/**
 * Native radio buttons in a fieldset: the browser gives the arrow-key roving of the
 * WAI-ARIA radio group pattern, and the legend names the group.
 */
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react'
import { useDomId } from '../hooks'
import { FieldFrame, useField, type FieldProps } from '../field/field'
import { useStyles } from '../../styles/style-root'
import controlCss from '../checkbox/checkbox.css'
import groupCss from './radio.css'

export interface RadioProps
  extends Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'className' | 'style' | 'type' | 'onChange' | 'children'
  > {
  /** Visible label; may contain links. */
  label: ReactNode
  value: string
  onCheckedChange?: (value: string, event: ChangeEvent<HTMLInputElement>) => void
  id?: string
}

/** One native radio button with its label. */
export function Radio({ label, id, onCheckedChange, ...rest }: RadioProps) {
  useStyles(controlCss)
  const radioId = useDomId(id)
  return (
    <span className="lf-radio">
      <input
        {...rest}
        id={radioId}
        type="radio"
        className="lf-radio__input"
        onChange={(event) => onCheckedChange?.(rest.value, event)}
      />
      <label className="lf-radio__label" htmlFor={radioId}>
        {label}
      </label>
    </span>
  )
}

export interface RadioOption {
  value: string
  label: ReactNode
  disabled?: boolean
}

export interface RadioGroupProps extends FieldProps {
  /** Shared name of the radios. */
  name: string
  options: RadioOption[]
  /** Selected value (controlled); '' or undefined: none. */
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
  disabled?: boolean
  /** Lay the options out in a row. */
  inline?: boolean
  id?: string
}

/** A group of radios with a legend, required marker, state and linked error text. */
export function RadioGroup(props: RadioGroupProps) {
  useStyles(controlCss)
  useStyles(groupCss)
  const { field, shown, control } = useField(props)
  const { name, options, value, defaultValue, onValueChange, disabled, inline } = control
  return (
    <FieldFrame group {...field}>
      <span className={`lf-radio-group${inline ? ' lf-radio-group--inline' : ''}`}>
        {options.map((o) => (
          <Radio
            key={o.value}
            id={`${field.id}-${o.value.replace(/[^\w-]/g, '')}`}
            name={name}
            value={o.value}
            label={o.label}
            disabled={disabled || o.disabled}
            required={field.required}
            aria-invalid={shown === 'error'}
            checked={value === undefined ? undefined : value === o.value}
            defaultChecked={defaultValue === undefined ? undefined : defaultValue === o.value}
            onCheckedChange={(v) => onValueChange?.(v)}
          />
        ))}
      </span>
    </FieldFrame>
  )
}
