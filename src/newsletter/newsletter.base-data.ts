/**
 * What a logged-in customer's base data does to the form. SPEC §4: "when customer base data
 * arrives, the form resets with those values". Read as: the fields the account knows take its
 * values; what the visitor typed elsewhere stays. The answer can arrive after the visitor started
 * typing, and losing that would be the wrong "reset". (docs/spec-readings.md)
 *
 * Part of the logged-in visitor's file (src/login.lazy.ts), loaded only with a LoginToken cookie
 * (newsletter-status.model.ts), beside the base-data request.
 */
import type { Field, FormValues } from '../contract/newsletter.schema'
import { CustomerBaseDataSchema } from '../contract/base-data.schema'
import { validate } from 'superstruct'
import { isShown, LOCK_FIELDS, type SiteRules } from './newsletter.sites'

type KnownField = (typeof LOCK_FIELDS)[number]

export interface BaseDataMerge {
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
export function mergeBaseData(answer: unknown, typed: FormValues, rules: SiteRules): BaseDataMerge {
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
