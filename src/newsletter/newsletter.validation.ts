/**
 * Field validation of the sign-up form (SPEC §5). Answers a message key, the field name plus
 * RequiredErrorMessage or RegexErrorMessage (texts under newsletter.errors), or undefined.
 */
import { FIELDS, isEmail, isName, type Field } from './newsletter.constants'
import type { FormValues } from './newsletter.schema'
import type { SiteRules } from './newsletter.sites'

export type Errors = Partial<Record<Field, string>>

export function validateField(
  field: Field,
  values: FormValues,
  rules: SiteRules,
): string | undefined {
  const rule = rules.fields[field]
  if (rule === 'hidden') return undefined
  const required = `${field}RequiredErrorMessage`
  if (field === 'legals')
    return rule === 'required' && !values.legals.includes('NEWSLETTER') ? required : undefined
  const value = values[field].trim()
  if (!value) return rule === 'required' ? required : undefined
  if (field === 'salutation') return undefined
  return (field === 'email' ? isEmail(value) : isName(value))
    ? undefined
    : `${field}RegexErrorMessage`
}

export function validateAll(values: FormValues, rules: SiteRules): Errors {
  const errors: Errors = {}
  // In display order, so the announcement names the errors in the order the fields appear.
  for (const field of FIELDS.flatMap((f): readonly Field[] =>
    f === 'firstName' ? rules.nameOrder : f === 'lastName' ? [] : [f],
  )) {
    const error = validateField(field, values, rules)
    if (error) errors[field] = error
  }
  return errors
}
