/**
 * State and actions of the sign-up block (SPEC §4 Sign-up), put together from its parts: the
 * fields (newsletter-fields.model.ts), sending them (newsletter-submit.model.ts), whether the
 * block shows (newsletter-status.model.ts) and the double opt-in landing (doi-landing.model.ts).
 * Components read these signals and call the actions.
 */
import type { Widget } from '../base/widget-context'
import type { ReadOnlySignals } from '../base/read-only'
import { createNewsletterApi, type NewsletterApi } from './newsletter.api'
import { SITE_RULES } from './newsletter.sites'
import { createDoiLanding, type DoiLanding } from './doi-landing.model'
import { createFieldsModel, type FieldsModel } from './newsletter-fields.model'
import { createSubmitModel, type SubmitModel } from './newsletter-submit.model'
import { createStatusModel, type StatusModel } from './newsletter-status.model'

/** What the components read (read-only signals) and call. */
export type NewsletterModel = ReadOnlySignals<
  Omit<FieldsModel, 'check' | 'refuseEmail' | 'reset' | 'applyBaseData'> &
    Omit<SubmitModel, 'failedElsewhere'> &
    StatusModel
> & {
  landing: DoiLanding
  /** The optional voucher footnote (SPEC §2): shown unless the page turns it off (data-voucher-footnote). */
  footnote: boolean
}

export function createNewsletterModel(
  widget: Widget,
  api: NewsletterApi = createNewsletterApi(widget),
): NewsletterModel {
  // The visitor turning to the e-mail field closes the landing's invalid-link banner.
  const fields = createFieldsModel(SITE_RULES[widget.config.site], () => landing.dismissInvalid())
  const sending = createSubmitModel(widget, api, fields)
  /** The double opt-in landing: its technical failure shows the form's technical banner. */
  const landing = createDoiLanding(widget.subscriberToken, api, sending.failedElsewhere)
  const status = createStatusModel(widget, api, fields.applyBaseData)
  const parts = { landing, footnote: widget.config.voucherFootnote !== 'hidden' }
  // One object for the components; its type leaves out the parts' own wiring. Object.assign,
  // not a spread, which the browser targets would need a helper for.
  return Object.assign({}, fields, sending, status, parts) as NewsletterModel
}
