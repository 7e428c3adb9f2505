/**
 * The double opt-in landing's state (SPEC §4, §8), for a page opened from the confirmation mail
 * (the token: doi-landing.token.ts): pending until the visitor presses confirm (a mail scanner that
 * runs scripts must not confirm for the recipient), confirming, confirmed, or the link was
 * invalid; undefined on any other page, and once the invalid-link banner is gone.
 */
import { batch, signal, type ReadonlySignal } from '@preact/signals-react'
import { log } from '../log'
import { describeError, ResponseError } from '../api/errors'
import type { NewsletterApi } from './newsletter.api'
import { DOI_PATH, SUBSCRIBERS_PATH } from '../contract/contract'

type DoiState = 'pending' | 'confirming' | 'confirmed' | 'invalid' | undefined
export type DoiLanding = ReturnType<typeof createDoiLanding>

/** `failed` is told, in the same batch, when the server failed or did not answer. */
export function createDoiLanding(
  token: string | null,
  api: Pick<NewsletterApi, 'put'>,
  failed: () => void,
) {
  const state = signal<DoiState>(token ? 'pending' : undefined)

  /** Confirms the token, on the visitor's request; never throws. */
  async function confirm(): Promise<void> {
    if (!token || state.value !== 'pending') return
    state.value = 'confirming'
    await api.put(SUBSCRIBERS_PATH + '/' + encodeURIComponent(token) + DOI_PATH).then(
      () => (state.value = 'confirmed'),
      (error: unknown) => {
        // SPEC §8's invalid link is the server refusing the token (4xx). A server failure or no
        // answer says nothing about the link: "sign up again" would be wrong, so the technical
        // banner, and the button stays for another try.
        if (error instanceof ResponseError && error.status < 500) state.value = 'invalid'
        else {
          log.warn('W18', describeError(error))
          batch(() => {
            state.value = 'pending'
            failed()
          })
        }
      },
    )
  }

  /** The visitor closed the invalid-link banner, or turned to the form (focused its e-mail field): the banner goes. */
  function dismissInvalid(): void {
    if (state.value === 'invalid') state.value = undefined
  }

  // Read-only outside: the landing's state changes only through its own actions.
  return { state: state as ReadonlySignal<DoiState>, confirm, dismissInvalid }
}
