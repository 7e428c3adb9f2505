/** The sign-up request (SPEC §7) built from the form's values and the site's rules. */
import type { FormValues, SubscriberRequest } from '../contract/newsletter.schema'
import { isShown, type SiteRules } from './newsletter.sites'

/** Where the sign-up comes from (request origin, analytics 'origin:originAddition'). */
export const ORIGIN = 'footer'

/**
 * Only the fields the site shows are sent (a hidden one as null); empty texts go as null. A
 * marketing consent the account already gave (`dneGiven`) is not sent again.
 */
export function subscriberRequest(
  v: FormValues,
  rules: SiteRules,
  dneGiven: boolean,
  originAddition: string,
): SubscriberRequest {
  const consents = dneGiven ? v.consents.filter((c) => c !== 'DNE') : v.consents
  const text = (value: string) => value.trim() || null
  return {
    email: v.email.trim(),
    salutation:
      isShown(rules.fields.salutation) && v.salutation
        ? (v.salutation as SubscriberRequest['salutation'])
        : null,
    firstName: isShown(rules.fields.firstName) ? text(v.firstName) : null,
    lastName: isShown(rules.fields.lastName) ? text(v.lastName) : null,
    consents,
    origin: ORIGIN,
    originAddition,
  }
}
