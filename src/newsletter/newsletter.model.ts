/**
 * State and actions of the sign-up block (SPEC §4 Sign-up): form state, submit, the status wait.
 * Components read these signals and call the actions. The request (newsletter.request.ts), what
 * base data does to the form (newsletter.base-data.ts), the double opt-in landing
 * (doi-landing.model.ts), validation and analytics live beside it.
 */
import { LOGIN_TOKEN_COOKIE } from '../contract'
import { readCookie } from '../cookies'
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-react'
import type { Widget } from '../base/widget-context'
import type { PsData } from '../api/psdata'
import { log } from '../log'
import { describeError } from '../api/errors'
import { emit, SUBMITTED_EVENT, trackSignUp } from './newsletter.analytics'
import { createNewsletterApi, isEmailInvalid, type NewsletterApi } from './newsletter.api'
import type { CustomerBaseData, Field, FormValues, SubscriptionResult } from './newsletter.schema'
import { SITE_RULES } from './newsletter.sites'
import { ORIGIN, subscriberRequest } from './newsletter.request'
import { LOCK_FIELDS, mergeBaseData } from './newsletter.base-data'
import { validateAll, validateField, type Errors } from './newsletter.validation'
import { STATUS_WAIT_MS } from './newsletter.constants'
import { createDoiLanding } from './doi-landing.model'
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

export type NewsletterModel = ReturnType<typeof createNewsletterModel>

export function createNewsletterModel(
  widget: Widget,
  api: NewsletterApi = createNewsletterApi(widget),
) {
  const rules = SITE_RULES[widget.config.site]
  const page = new URL(widget.pageAddress)
  const token = widget.subscriberToken
  const originAddition = page.pathname.slice(0, 200)
  /** SPEC §3: 'origin:originAddition'. */
  const analyticsOrigin = ORIGIN + ':' + originAddition

  const initial = signal<FormValues>(EMPTY_FORM)
  const values = signal<FormValues>(EMPTY_FORM)
  /** The honeypot's value: only bots fill it. */
  const trap = signal('')
  const errors = signal<Errors>({})
  /**
   * Message keys to announce (a live region reads them): the error of a left field, or the errors
   * of a refused submit that its focus move does not read. Each announcement has its own number,
   * so the same text is read again.
   */
  const alert = signal<{ keys: string[]; n: number }>({ keys: [], n: 0 })
  const announce = (keys: string[]) => (alert.value = { keys, n: alert.value.n + 1 })
  /** Counts refused submits; the form moves the focus to the first invalid field on each. */
  const refused = signal(0)
  /** The field that has the focus: a refused submit's focus move reads the first error unless it is there already. */
  let focused: Field | undefined
  /** Fields the visitor changed since the form (re)started: only these are checked on blur. */
  let touched: Partial<Record<Field, true>> = {}
  /** True once the status (psdata) is known, or STATUS_WAIT_MS has passed without it. */
  const ready = signal(false)
  const result = signal<SubscriptionResult | undefined>(undefined)
  const botSuccess = signal(false)
  const submitting = signal(false)
  const formKey = signal(0)
  const sentEmail = signal('')
  const emailFocused = signal(false)
  /** The double opt-in landing: its technical failure shows the form's technical banner. */
  const landing = createDoiLanding(token, api, () => (result.value = 'ERROR_GENERIC'))
  const status = signal<string | undefined>(undefined)
  const locked = signal<Partial<Record<Field, boolean>>>({})
  const dneGiven = signal(false)

  const success = computed(() => result.value === 'SUCCESS' || botSuccess.value)
  const revealed = computed(
    () => emailFocused.value || LOCK_FIELDS.some((f) => values.value[f] !== ''),
  )
  /** SPEC §4: hidden by the page, or when the visitor is already (about to be) subscribed; a DOI landing always shows. */
  const hidden = computed(
    () =>
      widget.config.newsletterHidden ||
      (!token && (status.value === 'WAITING_FOR_DOI' || status.value === 'SUBSCRIBED')),
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
        emailFocused.value = true
        landing.dismissInvalid()
      }
    })
  }

  /** Checks a field the visitor edited; passing by an untouched field raises nothing (required errors come with submit). */
  function blur(field: Field) {
    focused = undefined
    if (!touched[field]) return
    const error = validateField(field, values.value, rules)
    batch(() => {
      errors.value = { ...errors.value, [field]: error }
      if (error) announce([error])
    })
  }

  function reset(to: FormValues) {
    batch(() => {
      initial.value = to
      values.value = to
      trap.value = ''
      errors.value = {}
      touched = {}
      formKey.value++
    })
  }

  function accepted(email: string, bot: boolean) {
    batch(() => {
      sentEmail.value = email
      if (bot) botSuccess.value = true
      else result.value = 'SUCCESS'
    })
    trackSignUp(widget, analyticsOrigin)
    reset(initial.value)
    emit(widget, SUBMITTED_EVENT, { origin: analyticsOrigin })
  }

  /** Resolves true when the sign-up was accepted; false when the visitor has something to fix or retry. */
  async function submit(): Promise<boolean> {
    if (submitting.value) return false
    const v = values.value
    if (trap.value) {
      accepted(v.email.trim(), true)
      return true
    }
    const found = validateAll(v, rules)
    if (Object.keys(found).length) {
      batch(() => {
        errors.value = found
        // Show every field, so each error named in the announcement is there to correct.
        emailFocused.value = true
        // The first invalid field takes the focus and reads its own error: the alert reads the
        // others, and that one too only when the focus is there already (Enter pressed in it).
        const keys = Object.values(found) as string[]
        announce(Object.keys(found)[0] === focused ? keys : keys.slice(1))
        refused.value++
      })
      return false
    }
    // One batch, one render to the busy state (an e-mail error the server gave goes with it).
    batch(() => {
      errors.value = found
      submitting.value = true
      result.value = undefined
    })
    try {
      await api.subscribe(subscriberRequest(v, rules, dneGiven.value, originAddition))
      submitting.value = false
      accepted(v.email.trim(), false)
      return true
    } catch (error) {
      batch(() => {
        submitting.value = false
        if (isEmailInvalid(error)) {
          result.value = 'ERROR_INVALID_EMAIL'
          errors.value = { ...errors.value, email: 'emailRegexErrorMessage' }
          // No announcement: the fields were disabled while sending, so the focus is not on the
          // e-mail field, and moving there reads the error.
          refused.value++
        } else {
          log.warn('W17', describeError(error))
          result.value = 'ERROR_GENERIC'
        }
      })
      return false
    }
  }

  /** Base data arrived (newsletter.base-data.ts); the form is not remounted, so the focus stays. */
  function applyBaseData(data: CustomerBaseData) {
    const { known, consents, next, lock } = mergeBaseData(data, values.value, rules)
    batch(() => {
      dneGiven.value = consents.length > 0
      if (lock) locked.value = lock
      // After a sign-up the form resets to what the account knows, not to what was typed.
      initial.value = { ...EMPTY_FORM, ...known, consents }
      values.value = next
      // An error on a field the account just filled no longer applies.
      const kept: Errors = {}
      for (const [field, error] of Object.entries(errors.value))
        if (!known[field as keyof typeof known]) kept[field as keyof Errors] = error
      errors.value = kept
    })
  }

  /** Loads status and base data of a logged-in visitor; never throws. */
  async function start(): Promise<void> {
    // The first of the status and the wait decides; a status after the wait is not applied.
    const decide = (data: PsData | null) => {
      if (ready.value) return
      batch(() => {
        status.value = data?.newsletterStatus
        ready.value = true
      })
    }
    const wait = widget.timers.setTimeout(() => decide(null), STATUS_WAIT_MS)
    const jobs: Promise<unknown>[] = [
      widget.psdata().then((data) => {
        widget.timers.clearTimeout(wait)
        decide(data)
      }),
    ]
    const loginToken = readCookie(widget.document, LOGIN_TOKEN_COOKIE)
    if (loginToken)
      jobs.push(
        api
          .baseData(loginToken)
          .then(applyBaseData, (e: unknown) => log.warn('W19', describeError(e))),
      )
    await Promise.all(jobs)
  }

  return {
    rules,
    values,
    trap,
    errors,
    alert,
    refused,
    ready,
    result,
    submitting,
    formKey,
    sentEmail,
    landing,
    locked,
    dneGiven,
    fieldValue,
    success,
    revealed,
    hidden,
    /** The optional voucher footnote (SPEC §2): shown unless the page turns it off (data-voucher-footnote). */
    footnote: widget.config.voucherFootnote !== 'hidden',
    set,
    focus,
    blur,
    submit,
    start,
  }
}
