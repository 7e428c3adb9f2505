/**
 * The panel's life (SPEC §4 Preview panel, §7): getassignment once on load (errors ignored);
 * checkauth, and only status SUCCESS shows the panel; while shown, login/renew at once and then
 * every 5 minutes; logout hides it. A renewal answered 401 means the staff session is gone, so
 * the panel hides too; other renewal failures are logged and the next renewal tries again.
 */
import { signal, type ReadonlySignal } from '@preact/signals-react'
import { createApiClient, type Timers } from '../api/client'
import { log } from '../log'
import { validate } from 'superstruct'
import { PreviewSessionSchema, type PreviewSession } from '../contract/preview.schema'
import {
  ABTEST_API,
  ABTEST_ASSIGNMENT_PATH,
  CHECKAUTH_PATH,
  PREVIEW_API,
  PREVIEW_LOGOUT_PATH,
  PREVIEW_RENEW_PATH,
} from '../contract/preview.api'

/** SPEC §9: preview renewal every 5 minutes. */
export const RENEW_INTERVAL_MS = 5 * 60_000

export interface PreviewDeps {
  origin: string
  fetch: typeof fetch
  timers: Timers
}

const status = (error: unknown) => (error as { status?: number }).status

export function createPreviewModel(deps: PreviewDeps) {
  const api = createApiClient({
    baseURL: deps.origin,
    fetch: deps.fetch,
    timers: deps.timers,
    withCredentials: true,
    cache: 'no-store',
  })
  const shown = signal(false)
  const session = signal<PreviewSession | null>(null)
  const dialogOpen = signal(false)
  let timer: unknown

  function hide(): void {
    shown.value = false
    dialogOpen.value = false
    deps.timers.clearTimeout(timer)
  }

  function renew(): void {
    api.get(PREVIEW_API + PREVIEW_RENEW_PATH).catch((error: unknown) => {
      if (status(error) === 401) hide()
      else log.warn('W20', error)
    })
    timer = deps.timers.setTimeout(renew, RENEW_INTERVAL_MS)
  }

  async function start(): Promise<void> {
    api.get(ABTEST_API + ABTEST_ASSIGNMENT_PATH).catch(() => {})
    try {
      const { data } = await api.get(PREVIEW_API + CHECKAUTH_PATH)
      const [error, answer] = validate(data, PreviewSessionSchema)
      if (error) return log.warn('W21', error.message)
      if (answer.status !== 'SUCCESS') return
      session.value = answer
      shown.value = true
      renew()
    } catch (error) {
      // 401: the cookie is stale or not a staff cookie; nothing to show, nothing to say.
      if (status(error) !== 401) log.warn('W22', error)
    }
  }

  async function logout(): Promise<void> {
    try {
      await api.get(PREVIEW_API + PREVIEW_LOGOUT_PATH)
    } catch (error) {
      log.warn('W23', error)
    }
    hide()
  }

  // Read-only outside: the panel changes them only through the verbs.
  return {
    shown: shown as ReadonlySignal<boolean>,
    session: session as ReadonlySignal<PreviewSession | null>,
    dialogOpen: dialogOpen as ReadonlySignal<boolean>,
    api,
    start,
    logout,
    dispose: hide,
    /** The settings dialog opens or closes. */
    showDialog(open: boolean) {
      dialogOpen.value = open
    },
    /** Staff applied new preview settings: the bar shows them. */
    applied(next: PreviewSession) {
      session.value = next
    },
  }
}
