/**
 * The sign-up form's fields (SPEC §4 Sign-up): their values, errors and what the visitor is told
 * about them, the reveal of the fields after the e-mail, and the known customer's data
 * (newsletter.base-data.ts) that fills and locks some of them. Submitting is
 * newsletter-submit.model.ts's; it reads and resets the fields through this model.
 */
import { batch, computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react'
import type { Field, FormValues } from '../contract/newsletter.schema'
import { LOCK_FIELDS, type SiteRules } from './newsletter.sites'
import { validateAll, validateField, type Errors } from './newsletter.validation'
import { errorAfterEdit } from '../kit'

/** The form before the visitor or the known customer data fill anything in. */
export const EMPTY_FORM: FormValues = {
  email: '',
  salutation: '',
  firstName: '',
  lastName: '',
  consents: [],
  legals: [],
}

export type FieldsModel = ReturnType<typeof createFieldsModel>

/** The form's state that base data changes (newsletter.base-data.ts applyBaseData). */
export interface BaseDataForm {
  rules: SiteRules
  /** What the form resets to after a sign-up. */
  initial: Signal<FormValues>
  values: Signal<FormValues>
  errors: Signal<Errors>
  locked: Signal<Partial<Record<Field, boolean>>>
  dneGiven: Signal<boolean>
}

/** `emailFocused` is told when the visitor turns to the e-mail field. */
export function createFieldsModel(rules: SiteRules, emailFocused: () => void) {
  const initial = signal<FormValues>(EMPTY_FORM)
  const values = signal<FormValues>(EMPTY_FORM)
  /** The honeypot's value: only bots fill it. */
  const trap = signal('')
  const errors = signal<Errors>({})
  /**
   * Message keys to announce (a live region reads them): the error of a left field, or the errors
   * of a refused submit that moves no focus. Each announcement has its own number,
   * so the same text is read again.
   */
  const alert = signal<{ keys: string[]; n: number }>({ keys: [], n: 0 })
  const announce = (keys: string[]) => (alert.value = { keys, n: alert.value.n + 1 })
  /**
   * The other fields' errors a refused submit's focus move reads after the first field's own:
   * that field is described by them until the visitor leaves it. With the move, not in a live
   * region: Chromium sends a live region's change before a focus move of the same update, and the
   * move cuts the message off.
   */
  const others = signal<{ field: Field; keys: string[] } | undefined>(undefined)
  /** Counts refused submits; the form moves the focus to the first invalid field on each. */
  const refused = signal(0)
  /** The field that has the focus: a refused submit's focus move reads the first error unless it is there already. */
  let focused: Field | undefined
  /** Fields the visitor changed since the form (re)started: only these are checked on blur. */
  let touched: Partial<Record<Field, true>> = {}
  const formKey = signal(0)
  /** Whether the visitor has been to the e-mail field (or a refused submit showed every field). */
  const emailVisited = signal(false)
  const locked = signal<Partial<Record<Field, boolean>>>({})
  const dneGiven = signal(false)

  const revealed = computed(
    () => emailVisited.value || LOCK_FIELDS.some((f) => values.value[f] !== ''),
  )

  /**
   * One field's value as a signal of its own: a component that shows one field renders again only
   * when its value changes, so a keystroke renders its own field alone.
   */
  const fieldValues: Partial<Record<keyof FormValues, ReadonlySignal<unknown>>> = {}
  function fieldValue<K extends keyof FormValues>(name: K): ReadonlySignal<FormValues[K]> {
    if (!fieldValues[name]) fieldValues[name] = computed(() => values.value[name])
    return fieldValues[name] as ReadonlySignal<FormValues[K]>
  }

  function set<K extends keyof FormValues>(field: K, value: FormValues[K]) {
    // Only a salutation of the list counts as chosen (the server refuses any other).
    if (field === 'salutation' && !(rules.salutations as readonly unknown[]).includes(value))
      value = '' as FormValues[K]
    batch(() => {
      values.value = { ...values.value, [field]: value }
      if (field !== 'consents') edited(field as Field)
    })
  }

  /** A shown error follows the value and clears once it is valid (errorAfterEdit, the kit's rule too). */
  function edited(field: Field) {
    touched[field] = true
    const shown = errors.value[field]
    const error = errorAfterEdit(shown, () => validateField(field, values.value, rules))
    if (error !== shown) errors.value = { ...errors.value, [field]: error }
  }

  /**
   * Focus leaves field errors as they are (SPEC §4 "clear on field focus" as
   * docs/spec-readings.md reads it); the double opt-in banner still hides on focus.
   */
  function focus(field: Field) {
    focused = field
    batch(() => {
      if (field === 'email') {
        emailVisited.value = true
        emailFocused()
      }
    })
  }

  /** Checks a field the visitor edited; passing by an untouched field raises nothing (required errors come with submit). */
  function blur(field: Field) {
    focused = undefined
    others.value = undefined
    if (!touched[field]) return
    const error = validateField(field, values.value, rules)
    batch(() => {
      errors.value = { ...errors.value, [field]: error }
      if (error) announce([error])
    })
  }

  /**
   * Checks every field before a submit: true when the form may be sent. A refused submit shows
   * every field, and the first invalid one takes the focus and reads its own error and then the
   * others (`others`); when the focus is there already (Enter pressed in it), nothing moves and
   * the alert reads them all.
   */
  function check(): boolean {
    const found = validateAll(values.value, rules)
    const keys = Object.keys(found) as Field[]
    batch(() => {
      errors.value = found
      others.value = undefined
      if (!keys.length) return
      emailVisited.value = true
      const messages = Object.values(found) as string[]
      if (keys[0] === focused) announce(messages)
      else others.value = { field: keys[0]!, keys: messages.slice(1) }
      refused.value++
    })
    return !keys.length
  }

  /** The server refused the address: the e-mail field shows why (the focus moves there and reads it). */
  function refuseEmail() {
    batch(() => {
      errors.value = { ...errors.value, email: 'emailRegexErrorMessage' }
      refused.value++
    })
  }

  /** Starts the form again from what the known customer data gave it (empty without). */
  function reset() {
    batch(() => {
      values.value = initial.value
      trap.value = ''
      errors.value = {}
      touched = {}
      formKey.value++
    })
  }

  /** What base data changes (newsletter.base-data.ts, in the login file). */
  const baseDataForm: BaseDataForm = { rules, initial, values, errors, locked, dneGiven }

  return {
    rules,
    values,
    trap,
    /** What a bot typed into the honeypot. */
    setTrap: (value: string) => {
      trap.value = value
    },
    errors,
    alert,
    others,
    refused,
    formKey,
    locked,
    dneGiven,
    fieldValue,
    revealed,
    set,
    focus,
    blur,
    check,
    refuseEmail,
    reset,
    baseDataForm,
  }
}
