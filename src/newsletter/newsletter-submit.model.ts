/**
 * Sending the sign-up (SPEC §4 Sign-up, §7): the submit that checks the fields first, the busy
 * state, the answer the visitor sees (success, the server's e-mail refusal, the technical
 * banner), and what an accepted sign-up tells analytics. The request itself is
 * newsletter.request.ts's.
 */
import { batch, computed, signal } from '@preact/signals-react'
import type { Widget } from '../base/widget-context'
import { log } from '../log'
import { describeError } from '../api/errors'
import { emit } from '../base/emit'
import { SUBMITTED_EVENT, trackSignUp } from './newsletter.analytics'
import { isEmailInvalid, type NewsletterApi } from './newsletter.api'
import type { SubscriptionResult } from '../contract/newsletter.schema'
import { ORIGIN, subscriberRequest } from './newsletter.request'
import type { FieldsModel } from './newsletter-fields.model'

export type SubmitModel = ReturnType<typeof createSubmitModel>

export function createSubmitModel(widget: Widget, api: NewsletterApi, fields: FieldsModel) {
  const originAddition = new URL(widget.pageAddress).pathname.slice(0, 200)
  /** SPEC §3: 'origin:originAddition'. */
  const analyticsOrigin = ORIGIN + ':' + originAddition
  const result = signal<SubscriptionResult | undefined>(undefined)
  const botSuccess = signal(false)
  const submitting = signal(false)
  const sentEmail = signal('')
  const success = computed(() => result.value === 'SUCCESS' || botSuccess.value)

  function accepted(email: string, bot: boolean) {
    batch(() => {
      sentEmail.value = email
      if (bot) botSuccess.value = true
      else result.value = 'SUCCESS'
    })
    trackSignUp(widget, analyticsOrigin)
    fields.reset()
    emit(widget, SUBMITTED_EVENT, { origin: analyticsOrigin })
  }

  /** Resolves true when the sign-up was accepted; false when the visitor has something to fix or retry. */
  async function submit(): Promise<boolean> {
    if (submitting.value) return false
    const v = fields.values.value
    if (fields.trap.value) {
      accepted(v.email.trim(), true)
      return true
    }
    // One batch, one render: to the refused form, or to the busy state (an e-mail error the
    // server gave clears with it).
    let sendable = false
    batch(() => {
      sendable = fields.check()
      if (!sendable) return
      submitting.value = true
      result.value = undefined
    })
    if (!sendable) return false
    try {
      await api.subscribe(subscriberRequest(v, fields.rules, fields.dneGiven.value, originAddition))
      submitting.value = false
      accepted(v.email.trim(), false)
      return true
    } catch (error) {
      batch(() => {
        submitting.value = false
        if (isEmailInvalid(error)) {
          result.value = 'ERROR_INVALID_EMAIL'
          // No announcement: the fields were disabled while sending, so the focus is not on the
          // e-mail field, and moving there reads the error.
          fields.refuseEmail()
        } else {
          log.warn('W17', describeError(error))
          result.value = 'ERROR_GENERIC'
        }
      })
      return false
    }
  }

  /** A call beside the sign-up failed (the double opt-in confirm): the same technical banner. */
  function failedElsewhere() {
    result.value = 'ERROR_GENERIC'
  }

  return {
    result,
    submitting,
    sentEmail,
    success,
    submit,
    failedElsewhere,
    /** The visitor closed the technical banner. */
    dismissError: () => {
      result.value = undefined
    },
  }
}
