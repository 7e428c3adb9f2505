/**
 * Newsletter data shapes (SPEC §3) as superstruct schemas, shared by the widget (types) and the
 * contract server, which validates requests with them. The plain constants live in
 * newsletter.constants.ts, so the widget's bundle does not carry these server-side structs.
 */
import { array, enums, nullable, object, optional, pattern, refine, size, string, type, type Infer } from 'superstruct'
import { CONSENTS, EMAIL_MAX, EMAIL_PATTERN, LEGALS, NEWSLETTER_STATUSES, SALUTATIONS, isName } from './newsletter.constants'

export * from './newsletter.constants'

const NameSchema = refine(string(), 'name', isName)

export const SubscriberRequestSchema = object({
  email: size(pattern(string(), EMAIL_PATTERN), 1, EMAIL_MAX),
  salutation: optional(nullable(enums(SALUTATIONS))),
  firstName: optional(nullable(NameSchema)),
  lastName: optional(nullable(NameSchema)),
  consents: array(enums(CONSENTS)),
  origin: size(string(), 1, 100),
  originAddition: optional(nullable(size(string(), 0, 200))),
})

export type SubscriberRequest = Infer<typeof SubscriberRequestSchema>

/** Customer base data (SPEC §3): form-like fields and consents already given. Extra fields allowed. */
export const CustomerBaseDataSchema = type({
  email: optional(nullable(string())),
  salutation: optional(nullable(enums(SALUTATIONS))),
  firstName: optional(nullable(string())),
  lastName: optional(nullable(string())),
  consents: optional(nullable(array(string()))),
})

export type CustomerBaseData = Infer<typeof CustomerBaseDataSchema>

/** What the form holds (SPEC §3 Form values); an empty string is "not chosen". */
export const FormValuesSchema = object({
  email: string(),
  salutation: string(),
  firstName: string(),
  lastName: string(),
  consents: array(enums(CONSENTS)),
  legals: array(enums(LEGALS)),
})

export type FormValues = Infer<typeof FormValuesSchema>

/** Answer of PUT .../doi and the sign-up. */
export const SubscriberStatusSchema = type({ status: enums(NEWSLETTER_STATUSES) })
