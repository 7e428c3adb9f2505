/**
 * State and actions of the sign-up block (SPEC §4 Sign-up), put together from its parts: the
 * fields (newsletter-fields.model.ts), sending them (newsletter-submit.model.ts), whether the
 * block shows (newsletter-status.model.ts) and the double opt-in landing (doi-landing.model.ts).
 * Components read these signals and call the actions.
 */
import type { Widget } from '../app/widget-context'
import { createNewsletterApi, type NewsletterApi } from './newsletter.api'
import { SITE_RULES } from './newsletter.sites'
import { createDoiLanding } from './doi-landing.model'
import { createFieldsModel } from './newsletter-fields.model'
import { createSubmitModel } from './newsletter-submit.model'
import { createStatusModel } from './newsletter-status.model'

export type NewsletterModel = ReturnType<typeof createNewsletterModel>

export function createNewsletterModel(
  widget: Widget,
  api: NewsletterApi = createNewsletterApi(widget),
) {
  // The visitor turning to the e-mail field closes the landing's invalid-link banner.
  const fields = createFieldsModel(SITE_RULES[widget.config.site], () => landing.dismissInvalid())
  const sending = createSubmitModel(widget, api, fields)
  /** The double opt-in landing: its technical failure shows the form's technical banner. */
  const landing = createDoiLanding(widget.subscriberToken, api, sending.failedElsewhere)
  const status = createStatusModel(widget, api, fields.applyBaseData)
  // Named one by one: what the components use, without the parts' own wiring (and without an
  // object rest, which the browser targets would need a helper for).
  return {
    rules: fields.rules,
    values: fields.values,
    trap: fields.trap,
    errors: fields.errors,
    alert: fields.alert,
    refused: fields.refused,
    formKey: fields.formKey,
    locked: fields.locked,
    dneGiven: fields.dneGiven,
    fieldValue: fields.fieldValue,
    revealed: fields.revealed,
    set: fields.set,
    focus: fields.focus,
    blur: fields.blur,
    result: sending.result,
    submitting: sending.submitting,
    sentEmail: sending.sentEmail,
    success: sending.success,
    submit: sending.submit,
    landing,
    ready: status.ready,
    hidden: status.hidden,
    start: status.start,
    /** The optional voucher footnote (SPEC §2): shown unless the page turns it off (data-voucher-footnote). */
    footnote: widget.config.voucherFootnote !== 'hidden',
  }
}
