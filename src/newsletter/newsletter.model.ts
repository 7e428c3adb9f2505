/**
 * State and actions of the sign-up block (SPEC §4 Sign-up), put together from its parts: the
 * fields (newsletter-fields.model.ts), sending them (newsletter-submit.model.ts), whether the
 * block shows (newsletter-status.model.ts) and the double opt-in landing (doi-landing.model.ts).
 * Components read these signals and call the actions.
 *
 * The landing ships in a file of its own (doi-landing.lazy.ts, src/lazy-file.ts), loaded only with
 * a token: the block waits for it as it waits for the status, so a landing page shows the prompt in
 * its first render, never the form before it. A file that fails to load leaves the form with the
 * technical banner.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-react'
import type { Widget } from '../base/widget-context'
import { createNewsletterApi, type NewsletterApi } from './newsletter.api'
import { SITE_RULES } from './newsletter.sites'
import type { DoiLanding as LandingModel } from './doi-landing.model'
import { createFieldsModel, type FieldsModel } from './newsletter-fields.model'
import { createSubmitModel, type SubmitModel } from './newsletter-submit.model'
import { createStatusModel, type StatusModel } from './newsletter-status.model'

/** What the components read and call. */
export type NewsletterModel = Omit<
  FieldsModel,
  'check' | 'refuseEmail' | 'reset' | 'baseDataForm'
> &
  Omit<SubmitModel, 'failedElsewhere'> &
  StatusModel & {
    /** The double opt-in landing, once its file is there; undefined on any other page. */
    landing: ReadonlySignal<DoiLanding | undefined>
    /** The optional voucher footnote (SPEC §2): shown unless the page turns it off (data-voucher-footnote). */
    footnote: boolean
  }

/** The landing's file: its model and its view. */
type LandingFile = typeof import('./doi-landing.lazy')
interface DoiLanding {
  model: LandingModel
  View: LandingFile['DoiLanding']
}

export function createNewsletterModel(
  widget: Widget,
  api: NewsletterApi = createNewsletterApi(widget),
): NewsletterModel {
  // The visitor turning to the e-mail field closes the landing's invalid-link banner.
  const fields = createFieldsModel(SITE_RULES[widget.config.site], () =>
    landing.value?.model.dismissInvalid(),
  )
  const sending = createSubmitModel(widget, api, fields)
  const token = widget.subscriberToken
  const landing = signal<DoiLanding | undefined>(undefined)
  /** Without a token there is no landing to wait for. */
  const landingSettled = signal(!token)
  if (token)
    widget.load<LandingFile>('doi').then(
      ({ createDoiLanding, DoiLanding: View }) => {
        // The landing's technical failure shows the form's technical banner.
        landing.value = { model: createDoiLanding(token, api, sending.failedElsewhere), View }
        landingSettled.value = true
      },
      () => {
        sending.failedElsewhere()
        landingSettled.value = true
      },
    )
  const status = createStatusModel(widget, api, fields.baseDataForm)
  const ready = computed(() => status.ready.value && landingSettled.value)
  const parts = { landing, ready, footnote: widget.config.voucherFootnote !== 'hidden' }
  // One object for the components; its type leaves out the parts' own wiring. Object.assign,
  // not a spread, which the browser targets would need a helper for.
  return Object.assign({}, fields, sending, status, parts) as NewsletterModel
}
