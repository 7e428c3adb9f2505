/**
 * What the sign-up block's component tests share: `renderNewsletter(site, options)` renders the
 * block on the contract server as a visitor of that site meets it, and the queries and fetch
 * wrappers the tests use to act as the visitor and hold or fail the server's answers.
 */
import { cleanup, screen } from '@testing-library/preact'
import { createContractServer, type ContractServer } from '../../server/handler'
import { makeLoginToken } from '../../server/core/routes/login'
import { t } from '../../src/i18n/i18n'
import type { EmbedConfig } from '../../src/config'
import type { PsData } from '../../src/api/psdata'
import type { Site } from '../../src/contract/sites'
import { NewsletterBlock, SIGN_UP_EVENT, SUBMITTED_EVENT } from '../../src/newsletter'
import { typeAndLeave } from './input'
import {
  type DrainOptions,
  recordingWidget,
  renderInWidget,
  type SentRequest,
  TEST_ORIGIN,
} from './widget'

/** The newsletter API on the test origin. */
export const NL = `${TEST_ORIGIN}/service/newsletter/api`

/** A newsletter text in the current locale. */
export const text = (key: string, params?: Record<string, unknown>) =>
  t(`newsletter.${key}`, params)

export interface NewsletterOptions {
  config?: Partial<EmbedConfig>
  /** The contract server to answer (a fresh one by default), e.g. one that sent a confirmation mail. */
  server?: ContractServer
  /** Wraps the contract server's fetch, e.g. to fail or delay. */
  wrap?: (inner: typeof fetch) => typeof fetch
  pageAddress?: string
  /** The newsletter status answer; a promise holds it back until the test resolves it. */
  psdata?: PsData | null | Promise<PsData | null>
  /** With a LoginToken cookie the server signed. */
  loggedIn?: boolean
  /** The double opt-in landing: the token mount took from the address bar. */
  subscriberToken?: string
}

let drainWidget: (options?: DrainOptions) => Promise<void> = async () => {}

/** The current test's widget, drained: its staged steps, renders, effects and answers (test/helpers/widget.tsx). */
export const settle = (options?: DrainOptions) => drainWidget(options)

/** The sign-up block of a site in its locale, mounted in the page, recording requests and events. */
export async function renderNewsletter(site: Site = 'DE', options: NewsletterOptions = {}) {
  const server = options.server ?? createContractServer({ origin: TEST_ORIGIN })
  const loginToken = options.loggedIn ? await makeLoginToken(server.ctx, 'l1') : undefined
  if (loginToken) document.cookie = `LoginToken=${loginToken}`
  const { widget, clock, drain, requests } = await recordingWidget(site, server, options)
  drainWidget = drain
  if (options.pageAddress) widget.pageAddress = options.pageAddress
  if (options.psdata !== undefined) widget.psdata = async () => options.psdata ?? null
  if (options.subscriberToken) widget.subscriberToken = options.subscriberToken
  const events: { type: string; detail: unknown }[] = []
  for (const type of [SIGN_UP_EVENT, SUBMITTED_EVENT])
    widget.mountElement.addEventListener(type, (e) =>
      events.push({ type, detail: (e as CustomEvent).detail }),
    )
  document.body.appendChild(widget.mountElement)
  const view = renderInWidget(<NewsletterBlock />, widget)
  return { widget, server, clock, drain, view, events, requests, loginToken }
}

export const windowAny = window as unknown as { dataLayer?: unknown[] }

/** After each test: no block, no page content, no login cookie, no analytics layer. */
export function resetNewsletterTest() {
  cleanup()
  document.body.innerHTML = ''
  document.cookie = 'LoginToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
  delete windowAny.dataLayer
}

/** A text as Testing Library compares it: its whitespace, no-break spaces too, collapsed. */
export const shown = (key: string, params?: Record<string, unknown>) =>
  text(key, params).replace(/\s+/g, ' ')
/** An accessible name that starts with a text (a required field's name ends in its asterisk). */
export const label = (key: string) =>
  new RegExp(`^${text(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
/** The email field, once the whole form has rendered (its lower part comes a step after the fields). */
export const email = async (options?: DrainOptions) => {
  await settle(options)
  screen.getByRole('button', { name: label('submit') })
  return screen.getByRole('textbox', { name: label('email') })
}
export const submit = () => screen.getByRole('button', { name: label('submit') })
export const posts = (requests: Request[]) => requests.filter((r) => r.method === 'POST')
/** The sign-up request, when a test holds its answer back. */
export const signUp = ({ method }: SentRequest) => method === 'POST'

export const type = (input: HTMLElement, value: string) => typeAndLeave(input, value, settle)

/** A fetch whose sign-up answer waits until released. */
export function gate() {
  let release!: () => void
  const open = new Promise<void>((r) => (release = r))
  const wrap = (inner: typeof fetch) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (
        (init?.method ?? (input as Request).method) === 'POST' ||
        (input instanceof Request && input.method === 'POST')
      )
        await open
      return inner(input, init)
    }) as typeof fetch
  return { wrap, release: () => release() }
}

/** A fetch that answers the sign-up with this status and problem body. */
export function answer(status: number, body: unknown) {
  return (inner: typeof fetch) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = input instanceof Request ? input.method : init?.method
      if (method === 'POST')
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/problem+json' },
        })
      return inner(input, init)
    }) as typeof fetch
}
