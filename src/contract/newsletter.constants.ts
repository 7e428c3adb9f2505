/** Newsletter enumerations, limits, patterns and waits (SPEC §3, §5, §9): plain values the widget, the schemas and the tests share. */
/** SPEC §3's salutations, in its default display order: one list for the form and the schemas. */
export const SALUTATIONS = ['MRS', 'MR', 'DIVERS', 'COMPANY'] as const
export const CONSENTS = ['DNE'] as const
export const LEGALS = ['NEWSLETTER', 'SHOPPING_CART'] as const
const SUBSCRIPTION_RESULTS = ['SUCCESS', 'ERROR_INVALID_EMAIL', 'ERROR_GENERIC'] as const

export type Salutation = (typeof SALUTATIONS)[number]
export type SubscriptionResult = (typeof SUBSCRIPTION_RESULTS)[number]

/**
 * How long the form waits for the visitor's newsletter status (psdata) before it shows anyway. A
 * subscriber sees no form flash when the status comes in time; a status call that hangs does not
 * keep the form, and the footer below it, away for the request's whole 15 s time-out. A status
 * that comes later is not applied: hiding the form then would move the page and drop what the
 * visitor typed.
 */
export const STATUS_WAIT_MS = 3000

export const EMAIL_MAX = 256
export const NAME_MAX = 40

/**
 * SPEC §5: word characters with optional -+.' parts, an @, a domain and a dot. Domain labels join
 * their word parts with one or more "-", so internationalised domains in their ASCII form
 * (`xn--mller-kva.de`) pass. Written so every character has one way to match (labels joined by
 * hyphens, then one or more ".label"): matching stays linear however long the input. The form
 * `\w+([-.]\w+)*\.\w+([-.]\w+)*` tried every dot as "the" dot, quadratic on a long domain.
 */
export const EMAIL_PATTERN = /^\w+(?:[-+.']\w+)*@\w+(?:-+\w+)*(?:\.\w+(?:-+\w+)*)+$/

/** SPEC §5: letters, digits, whitespace and + & ' ` ´ , ( ) / . - only. */
const NAME_PATTERN = /^[\p{L}\p{M}\d\s+&'`´,()/.-]*$/u

/** A URL or domain-like text ("www.x", "http:", "shop.de") is not a name (SPEC §5). */
const DOMAIN_LIKE = /https?:|www\.|[\w-]\.[a-z]{2,}\b/i

export const isEmail = (value: string): boolean =>
  value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value)
/** Names are one line: no line or paragraph breaks of any kind (headers, mails and logs would split). */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/

export const isName = (value: string): boolean =>
  value.length <= NAME_MAX &&
  NAME_PATTERN.test(value) &&
  !LINE_BREAK.test(value) &&
  !DOMAIN_LIKE.test(value)

/** Answer type of a rejected address (SPEC §8). */
export const EMAIL_INVALID_TYPE = 'urn:newsletter:email_invalid'

/** The validated fields of the form; each market's order of them is its site rules' `order`. */
export const FIELDS = ['email', 'salutation', 'firstName', 'lastName', 'legals'] as const
export type Field = (typeof FIELDS)[number]
