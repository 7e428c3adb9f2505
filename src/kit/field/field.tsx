/**
 * The parts every form control shares: a label, the required marker, the error text linked
 * through aria-describedby, and the display state (default / valid / error).
 */
import type { ReactNode } from 'react'
import { useStyles } from '../../styles/style-root'
import css from './field.css'

/** Display state of a form field. `error` also sets aria-invalid on the control. */
export type FieldState = 'default' | 'valid' | 'error'

/** Props every kit form control accepts besides its own. */
export interface FieldProps {
  /** Visible label (the control's accessible name). */
  label: ReactNode
  /** Required: sets `required` (and so aria-required) and puts an asterisk on the placeholder and label. */
  required?: boolean
  /** Display state; defaults to `error` when `error` text is given, else `default`. */
  state?: FieldState
  /** Error text shown under the control and linked with aria-describedby. */
  error?: ReactNode
  /** Help text shown under the control and linked with aria-describedby. */
  hint?: ReactNode
  /** Keep the label for assistive technology but hide it visually (the placeholder shows instead). */
  hideLabel?: boolean
  /** Extra class on the field's wrapper (layout only). */
  className?: string
}

/**
 * The placeholder shown for a field: with " *" appended when the field is required.
 * SPEC §5 puts the asterisk on the placeholder; we put it on the visible label (FieldFrame), and
 * on a placeholder only where a caller still gives one. A placeholder disappears while typing and
 * is no label, so the sign-up fields have none (docs/spec-readings.md).
 */
export function requiredPlaceholder(
  placeholder: string | undefined,
  required: boolean | undefined,
): string | undefined {
  if (!placeholder) return placeholder
  return required ? `${placeholder} *` : placeholder
}

export function fieldState(props: Pick<FieldProps, 'state' | 'error'>): FieldState {
  return props.state ?? (props.error ? 'error' : 'default')
}

/** aria-describedby value joining the hint and error ids that are present. */
export function describedBy(
  id: string,
  props: Pick<FieldProps, 'hint' | 'error'>,
  extra?: string,
): string | undefined {
  const ids = [extra, props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(
    Boolean,
  )
  return ids.length ? ids.join(' ') : undefined
}

interface FieldFrameProps extends FieldProps {
  id: string
  children: ReactNode
  /** Label as a <legend> of a fieldset (radio groups) instead of a <label>. */
  group?: boolean
}

/** Wrapper with label, control slot, hint and error. */
export function FieldFrame(props: FieldFrameProps) {
  useStyles(css)
  const state = fieldState(props)
  // The asterisk on the visible label (see requiredPlaceholder); `required` tells assistive technology.
  const marker = props.required ? (
    <span className="lf-field__required" aria-hidden="true">
      {' *'}
    </span>
  ) : null
  const messages = (
    <>
      {props.hint ? (
        <p id={`${props.id}-hint`} className="lf-field__hint">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.id}-error`} className="lf-field__error">
          {props.error}
        </p>
      ) : null}
    </>
  )
  const cls = `lf-field lf-field--${state}${props.className ? ' ' + props.className : ''}`
  const labelCls = props.hideLabel ? 'lf-field__label lf-visually-hidden' : 'lf-field__label'
  if (props.group) {
    return (
      <fieldset className={cls} aria-describedby={describedBy(props.id, props)}>
        <legend className={labelCls}>
          {props.label}
          {marker}
        </legend>
        {props.children}
        {messages}
      </fieldset>
    )
  }
  return (
    <div className={cls}>
      <label className={labelCls} htmlFor={props.id}>
        {props.label}
        {marker}
      </label>
      {props.children}
      {messages}
    </div>
  )
}
