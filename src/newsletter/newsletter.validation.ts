/**
 * Field validation of the sign-up form (SPEC §5). Answers a message key (texts under
 * newsletter.errors), or undefined.
 */
import { isEmail, isName, type Field } from '../contract/newsletter.constants'
import type { FormValues } from '../contract/newsletter.schema'
import type { SiteRules } from './newsletter.sites'

/**
 * SPEC §5: a field's message key is its name plus RequiredErrorMessage or RegexErrorMessage. The
 * keys are built from the name at run time (whole strings cost every visitor bytes); this type
 * names each one whole, and the compiler holds what is built to it.
 */
export type ErrorKey =
  | 'emailRequiredErrorMessage'
  | 'emailRegexErrorMessage'
  | 'salutationRequiredErrorMessage'
  | 'firstNameRequiredErrorMessage'
  | 'firstNameRegexErrorMessage'
  | 'lastNameRequiredErrorMessage'
  | 'lastNameRegexErrorMessage'
  | 'legalsRequiredErrorMessage'

export type Errors = Partial<Record<Field, ErrorKey>>

export function validateField(
  field: Field,
  values: FormValues,
  rules: SiteRules,
): ErrorKey | undefined {
  const rule = rules.fields[field]
  if (rule === 'hidden') return undefined
  const required = `${field}RequiredErrorMessage` as const
  if (field === 'legals')
    return rule === 'required' && !values.legals.includes('NEWSLETTER') ? required : undefined
  const value = values[field].trim()
  if (!value) return rule === 'required' ? required : undefined
  if (field === 'salutation') return undefined
  return (field === 'email' ? isEmail(value) : isName(value))
    ? undefined
    : (`${field}RegexErrorMessage` as const)
}

export function validateAll(values: FormValues, rules: SiteRules): Errors {
  const errors: Errors = {}
  // In the form's order, so the announcement names the errors in the order the fields appear.
  for (const field of rules.order) {
    const error = validateField(field, values, rules)
    if (error) errors[field] = error
  }
  return errors
}
