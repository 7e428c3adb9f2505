/**
 * Newsletter data shapes (SPEC §3) as superstruct schemas, shared by the widget (types) and the
 * contract server, which validates requests with them. The plain constants live in
 * newsletter.constants.ts, so the widget's bundle does not carry these server-side structs.
 */
import {
  array,
  enums,
  nullable,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
  type Infer,
} from 'superstruct'
import {
  CONSENTS,
  EMAIL_MAX,
  EMAIL_PATTERN,
  LEGALS,
  SALUTATIONS,
  isName,
} from './newsletter.constants'

export * from './newsletter.constants'
export * from './base-data.schema'

const NameSchema = refine(string(), 'name', isName)

export const SubscriberRequestSchema = object({
  // The length first: superstruct runs refinements inside out and stops at the first failure, so the pattern never sees an over-long string.
  email: pattern(size(string(), 1, EMAIL_MAX), EMAIL_PATTERN),
  salutation: optional(nullable(enums(SALUTATIONS))),
  firstName: optional(nullable(NameSchema)),
  lastName: optional(nullable(NameSchema)),
  consents: array(enums(CONSENTS)),
  origin: size(string(), 1, 100),
  originAddition: optional(nullable(size(string(), 0, 200))),
})

export type SubscriberRequest = Infer<typeof SubscriberRequestSchema>

/** What the form holds (SPEC §3 Form values); an empty string is "not chosen". */
const FormValuesSchema = object({
  email: string(),
  salutation: string(),
  firstName: string(),
  lastName: string(),
  consents: array(enums(CONSENTS)),
  legals: array(enums(LEGALS)),
})

export type FormValues = Infer<typeof FormValuesSchema>
