/**
 * The kit's generic validator (SPEC §5): a check of one value that answers the message to show,
 * "{field} is not valid." by default and "Field is invalid" when it has no message generator.
 * Kit inputs use it where no specific message exists (IbanInput); the texts come from the
 * bundle's kit dictionary (kit.validation.*), and the spec's English wording is the answer where
 * a bundle carries none (e.g. the English-only preview panel).
 */
import { t } from '../../i18n/i18n'

/** Makes the message for a field from its name. */
export type MessageGenerator = (field: string) => string
/** Checks a value: undefined when it is valid, else the message to show under the field. */
export type Validator<T = string> = (value: T, field: string) => string | undefined

/** SPEC §5 default message; {field} is the field's name. */
export const GENERIC_INVALID = '{field} is not valid.'
/** SPEC §5 message of a validator without a message generator. */
export const FIELD_INVALID = 'Field is invalid'

/** The default message generator: "{field} is not valid." in the bundle's language. */
export const invalidMessage: MessageGenerator = (field) =>
  t('kit.validation.invalid', { field }) || GENERIC_INVALID.replace('{field}', field)

/**
 * A validator from a test. `message` null means no message generator: the answer is the
 * field-less "Field is invalid" (in the bundle's language).
 */
export function genericValidator<T = string>(
  isValid: (value: T) => boolean,
  message: MessageGenerator | null = invalidMessage,
): Validator<T> {
  return (value, field) =>
    isValid(value)
      ? undefined
      : message
        ? message(field)
        : t('kit.validation.fieldInvalid') || FIELD_INVALID
}

/**
 * An IBAN's structure and ISO 13616 check digits (mod 97); spaces allowed, empty counts as
 * valid (whether the field is required is another rule's answer).
 */
export function isIban(value: string): boolean {
  const iban = value.replace(/ /g, '').toUpperCase()
  if (!iban) return true
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  let rest = 0
  for (const ch of iban.slice(4) + iban.slice(0, 4))
    rest = Number(`${rest}${parseInt(ch, 36)}`) % 97
  return rest === 1
}
