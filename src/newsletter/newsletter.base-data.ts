/**
 * What a logged-in customer's base data does to the form. SPEC §4: "when customer base data
 * arrives, the form resets with those values". Read as: the fields the account knows take its
 * values; what the visitor typed elsewhere stays. The answer can arrive after the visitor started
 * typing, and losing that would be the wrong "reset". (docs/spec-readings.md)
 *
 * Part of the logged-in visitor's file (src/login.lazy.ts), loaded only with a LoginToken cookie
 * (newsletter-status.model.ts), which then requests the base data.
 */
import { batch } from '@preact/signals-react'
import type { Field, FormValues } from '../contract/newsletter.schema'
import { CustomerBaseDataSchema } from '../contract/base-data.schema'
import { validate } from 'superstruct'
import { isShown, LOCK_FIELDS, type SiteRules } from './newsletter.sites'
import type { Errors } from './newsletter.validation'
import { EMPTY_FORM, type BaseDataForm } from './newsletter-fields.model'
import type { NewsletterApi } from './newsletter.api'
import { BASE_DATA_PATH, LOGIN_TOKEN_HEADER } from '../contract/contract'

type KnownField = (typeof LOCK_FIELDS)[number]

interface BaseDataMerge {
  /** The values the account knows ('' where it knows none). */
  known: Record<KnownField, string>
  /** The marketing consent the account already gave. */
  consents: 'DNE'[]
  /** The form's values: known ones replace typed ones, the rest stays as typed. */
  next: FormValues
  /** Fields to lock (sites that lock prefilled values), or null. */
  lock: Partial<Record<Field, boolean>> | null
}

/**
 * The answer merged into what was typed. An answer that is not base data (malformed, empty,
 * another shape) throws: it must not reset the form.
 */
function mergeBaseData(answer: unknown, typed: FormValues, rules: SiteRules): BaseDataMerge {
  const [error, data] = validate(answer, CustomerBaseDataSchema)
  if (error) throw error
  // `||`, not `??`: the same for these strings, and lighter once lowered for old browsers.
  const consents = (data.consents || []).filter((c): c is 'DNE' => c === 'DNE')
  const known = {} as BaseDataMerge['known']
  const next = { ...typed, consents: consents.length ? consents : typed.consents }
  // Sites that lock prefilled values lock each shown field the account knows.
  const lock: BaseDataMerge['lock'] = rules.lockPrefilled ? {} : null
  // A loop, not Object.fromEntries: iOS 12.0-12.1 (the browser floor) lacks it.
  for (const f of LOCK_FIELDS) {
    known[f] = data[f] || ''
    next[f] = known[f] || typed[f]
    if (lock) lock[f] = known[f] !== '' && isShown(rules.fields[f])
  }
  return { known, consents, next, lock }
}

/**
 * Base data arrived: the form takes it (mergeBaseData, which throws on an answer that is not
 * base data). The form is not remounted, so the focus stays.
 */
function applyBaseData(answer: unknown, form: BaseDataForm): void {
  const { known, consents, next, lock } = mergeBaseData(answer, form.values.value, form.rules)
  batch(() => {
    form.dneGiven.value = consents.length > 0
    if (lock) form.locked.value = lock
    // After a sign-up the form resets to what the account knows, not to what was typed.
    form.initial.value = { ...EMPTY_FORM, ...known, consents }
    form.values.value = next
    // An error on a field the account just filled no longer applies.
    const kept: Errors = {}
    for (const [field, error] of Object.entries(form.errors.value))
      if (!known[field as keyof typeof known]) kept[field as keyof Errors] = error
    form.errors.value = kept
  })
}

/** Requests a logged-in customer's base data and applies it; rejects when either fails. */
export function loadBaseData(
  api: Pick<NewsletterApi, 'get'>,
  loginToken: string,
  form: BaseDataForm,
): Promise<void> {
  return api
    .get(BASE_DATA_PATH, { [LOGIN_TOKEN_HEADER]: loginToken })
    .then((answer) => applyBaseData(answer, form))
}
