/**
 * Whether the sign-up block shows (SPEC §4): the page may hide it, and a visitor already
 * subscribed, or waiting for the double opt-in, does not see the form; the status (psdata) is
 * waited for STATUS_WAIT_MS at most. A logged-in visitor's base data is loaded beside it, by the
 * file that merges it into the form (newsletter.base-data.ts in src/login.lazy.ts).
 */
import { batch, computed, signal } from '@preact/signals-react'
import { LOGIN_TOKEN_COOKIE } from '../contract/contract'
import { readCookie } from '../cookies'
import type { Widget } from '../base/widget-context'
import type { PsData } from '../api/psdata'
import { log } from '../log'
import { describeError } from '../api/errors'
import type { NewsletterApi } from './newsletter.api'
import type { BaseDataForm } from './newsletter-fields.model'
import { STATUS_WAIT_MS } from '../contract/newsletter.constants'

export type StatusModel = ReturnType<typeof createStatusModel>

type LoginFile = typeof import('../login.lazy')

export function createStatusModel(
  widget: Widget,
  api: NewsletterApi,
  /** The form a logged-in visitor's base data fills. */
  form: BaseDataForm,
) {
  /** True once the status (psdata) is known, or STATUS_WAIT_MS has passed without it. */
  const ready = signal(!!widget.serverRender)
  const status = signal<string | undefined>(undefined)
  /** SPEC §4: hidden by the page, or when the visitor is already (about to be) subscribed; a DOI landing always shows. */
  const hidden = computed(
    () =>
      widget.config.newsletterHidden ||
      (!widget.subscriberToken &&
        (status.value === 'WAITING_FOR_DOI' || status.value === 'SUBSCRIBED')),
  )

  /** Loads status and base data of a logged-in visitor; never throws. */
  async function start(): Promise<void> {
    // The first of the status and the wait decides; a status after the wait is not applied.
    const decide = (data: PsData | null) => {
      if (ready.value) return
      batch(() => {
        status.value = data?.newsletterStatus
        ready.value = true
      })
    }
    const wait = widget.timers.setTimeout(() => decide(null), STATUS_WAIT_MS)
    const jobs: Promise<unknown>[] = [
      widget.psdata().then((data) => {
        widget.timers.clearTimeout(wait)
        decide(data)
      }),
    ]
    const loginToken = readCookie(widget.document, LOGIN_TOKEN_COOKIE)
    // The file that applies it (src/login.lazy.ts) requests it, so the footer carries neither the
    // request nor the merge; an answer that is not base data fails the merge, and is told as any
    // other failure.
    if (loginToken)
      jobs.push(
        widget
          .load<LoginFile>('login')
          .then((file) => file.loadBaseData(api, loginToken, form))
          .then(undefined, (e: unknown) => log.warn('W19', describeError(e))),
      )
    await Promise.all(jobs)
  }

  return { ready, hidden, start }
}
