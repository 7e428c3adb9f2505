/**
 * The parts every form control shares: a label, the required marker, the error text linked
 * through aria-describedby, and the display state (default / valid / error).
 */
import type { ReactNode } from 'react'
import { useStyles } from '../../styles/style-root'
import { useDomId } from '../hooks'
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
 * on a placeholder only where a caller still gives one (a select's only with a hidden label: its
 * placeholder is its value, read aloud). A placeholder disappears while typing and is no label,
 * so the sign-up fields have none (docs/spec-readings.md).
 */
export function requiredPlaceholder(
  placeholder: string | undefined,
  required: boolean | undefined,
): string | undefined {
  if (!placeholder) return placeholder
  return required ? `${placeholder} *` : placeholder
}

function fieldState(props: Pick<FieldProps, 'state' | 'error'>): FieldState {
  return props.state ?? (props.error ? 'error' : 'default')
}

/** aria-describedby value joining the hint and error ids that are present, then the caller's: the field's own texts are read first. */
function describedBy(
  id: string,
  props: Pick<FieldProps, 'hint' | 'error'>,
  extra?: string,
): string | undefined {
  const ids = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null, extra].filter(
    Boolean,
  )
  return ids.length ? ids.join(' ') : undefined
}

/**
 * The field half of a control's props, its generated id, the rest (the control's own), and the
 * attributes the control element takes from its field.
 * Every kit form control starts here, so label, state and describing texts are wired alike.
 */
export function useField<P extends FieldProps & { id?: string; 'aria-describedby'?: string }>(
  props: P,
) {
  useStyles(css)
  const { label, required, state, error, hint, hideLabel, className, id, ...control } = props
  const fieldId = useDomId(id)
  const field = { id: fieldId, label, required, state, error, hint, hideLabel, className }
  /** The attributes that tie the control element to its field; they go after the control's own. */
  const attrs = {
    id: fieldId,
    required,
    'aria-describedby': describedBy(fieldId, field, control['aria-describedby']),
  }
  return { field, shown: fieldState(field), control, attrs }
}

/** The asterisk on the visible label (see requiredPlaceholder); `required` tells assistive technology. */
export function RequiredMarker({ required }: { required?: boolean }) {
  return required ? (
    <span className="lf-field__required" aria-hidden="true">
      {' *'}
    </span>
  ) : null
}

/** The hint and error texts under a control, with the ids describedBy points at. */
export function FieldMessages({ id, hint, error }: Pick<FieldFrameProps, 'id' | 'hint' | 'error'>) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="lf-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="lf-field__error">
          {error}
        </p>
      ) : null}
    </>
  )
}

/** The class of a field's wrapper: its display state and the caller's layout class. */
export function fieldClass(props: Pick<FieldProps, 'state' | 'error' | 'className'>): string {
  return `lf-field lf-field--${fieldState(props)}${props.className ? ' ' + props.className : ''}`
}

interface FieldFrameProps extends FieldProps {
  id: string
  children: ReactNode
  /** Label as a <legend> of a fieldset (radio groups) instead of a <label>. */
  group?: boolean
}

/** Wrapper with label, control slot, hint and error; a fieldset with a legend for a group. */
export function FieldFrame(props: FieldFrameProps) {
  const { id, group } = props
  const Frame = group ? 'fieldset' : 'div'
  const Label = group ? 'legend' : 'label'
  return (
    <Frame
      className={fieldClass(props)}
      aria-describedby={group ? describedBy(id, props) : undefined}
    >
      <Label
        className={props.hideLabel ? 'lf-field__label lf-visually-hidden' : 'lf-field__label'}
        htmlFor={group ? undefined : id}
      >
        {props.label}
        <RequiredMarker required={props.required} />
      </Label>
      {props.children}
      <FieldMessages id={id} hint={props.hint} error={props.error} />
    </Frame>
  )
}
