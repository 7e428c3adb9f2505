/**
 * Customer base data (SPEC §3): form-like fields and consents already given. Extra fields allowed.
 * Its own module: the widget checks the answer with it, without carrying the other newsletter structs.
 */
import { array, enums, nullable, optional, string, type } from 'superstruct'
import { SALUTATIONS } from './newsletter.constants'

export const CustomerBaseDataSchema = type({
  email: optional(nullable(string())),
  salutation: optional(nullable(enums(SALUTATIONS))),
  firstName: optional(nullable(string())),
  lastName: optional(nullable(string())),
  consents: optional(nullable(array(string()))),
})
