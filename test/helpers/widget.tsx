/**
 * Component-test helpers: a Widget context wired to the in-process contract server, and
 * switching the texts to another locale. Usage:
 *   const { widget, server } = createTestWidget({ config: { site: 'TR' } })
 *   const view = renderInWidget(<NewsletterBlock />, widget)
 */
import { signal } from '@preact/signals-react'
import { act, render } from '@testing-library/preact'
import { options } from 'preact'
import type { ReactNode } from 'react'
import { WidgetProvider, type Widget } from '../../src/base/widget-context'
import { createWidget } from '../../src/app/create-widget'
import type { EmbedConfig } from '../../src/config'
import { swapDictionary } from '../../src/i18n/i18n'
import { SITE_LOCALE, type Locale, type Site } from '../../src/contract/sites'
import type { Platform } from '../../src/platform'
import { createContractServer, type ContractServer } from '../../server/handler'
import { loadDictionary } from '../../build/product/locales'
import { fakeClock, type FakeClock } from './fake-timers'
import type { LazyFile, LoadFile } from '../../src/lazy-file'
import * as doiLandingFile from '../../src/newsletter/doi-landing.lazy'
import * as loginFile from '../../src/login.lazy'

/**
 * The lazily loaded files from source, as the widget's loader hands them over (src/lazy-file.ts):
 * a promise of the file's exports. The preview file's loading is load.test.ts's and preview-panel.test.tsx's.
 */
const SOURCE_FILES: Partial<Record<LazyFile, unknown>> = {
  doi: doiLandingFile,
  login: loginFile,
}
export const loadFromSource: LoadFile = <Exports,>(name: LazyFile) =>
  name in SOURCE_FILES
    ? Promise.resolve(SOURCE_FILES[name] as Exports)
    : Promise.reject(new Error(`no source for ${name}`))

export const TEST_ORIGIN = 'https://shop.test'

/**
 * The frames Preact asks for (its effects run after a paint). They run only when drain() asks,
 * as preact's test-utils setupRerender runs renders only when asked: no test waits for a real
 * frame, and none sees a frame come by timing luck.
 */
const frames = new Set<() => void>()
;(options as { requestAnimationFrame?: (callback: () => void) => void }).requestAnimationFrame = (
  callback,
) => {
  const run = () => void (frames.delete(run) && callback())
  frames.add(run)
}
let framesRun = 0
const runFrames = () => {
  if (frames.size) framesRun++
  for (const run of [...frames]) run()
}
/** How many frames drain() has run so far: what happens in one frame, and how many frames lie between two things. */
export const framesSoFar = () => framesRun

export interface TestWidgetOptions {
  config?: Partial<EmbedConfig>
  platform?: Platform
  /** The device class the width gives (the view changer compares it with the platform); default: the platform. */
  device?: Platform
  server?: ContractServer
  clock?: FakeClock
  /** Replace the fetch (e.g. to record requests); defaults to the contract server. */
  fetch?: typeof fetch
  /** Where the widget's script came from; defaults to the page's origin. */
  assetOrigin?: string
  /** How the widget loads its lazily loaded files; defaults to taking them from source. */
  load?: LoadFile
}

/** A request the widget sent, as drain() tells requests apart. */
export interface SentRequest {
  method: string
  url: string
}

export interface DrainOptions {
  /** Requests whose answers the test holds back, not to be waited for. */
  except?: (request: SentRequest) => boolean
}

/**
 * The I/O a test hands the widget: a fake clock and a fetch whose answers drain() waits for.
 * Usable without a Widget (mount.test.tsx boots the real entry on a window built from them).
 */
export function createTestIO(options: { clock?: FakeClock; fetch: typeof fetch }) {
  // The widget's steps (zero-delay timers) run only when the test drains them or advances the clock.
  const clock = options.clock ?? fakeClock()
  // Requests still out, so drain() can wait for their answers instead of for a while. An answer
  // counts once its body is read: the widget's own read of it then needs no further I/O.
  const inflight = new Map<Promise<unknown>, SentRequest>()
  const baseFetch = options.fetch
  const fetchImpl: typeof fetch = (input, init) => {
    const answer = Promise.resolve(baseFetch(input, init)).then(async (response) => {
      const body = await response.arrayBuffer()
      return new Response(body.byteLength ? body : null, response)
    })
    inflight.set(answer, {
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      url: input instanceof Request ? input.url : String(input),
    })
    const done = () => void inflight.delete(answer)
    answer.then(done, done)
    return answer
  }
  /**
   * Runs the widget's staged work until nothing is left to do now: every zero-delay step, the
   * renders and effects they cause (act), and the answers to requests already sent. Timers with
   * a delay (time-outs, renewals) stay for clock.advance(). No waiting in real time.
   * `except` names the requests a test holds back: their answers are not waited for, so the
   * test sees the state while they are out (the form while submitting).
   */
  async function drain({ except }: DrainOptions = {}): Promise<void> {
    // Inside act, so the renders and effects an answer or a step causes run before it returns.
    for (let round = 0; round < 10_000; round++) {
      // Work can be a promise reaction away from being scheduled (the sliced scheduler asks for
      // its time in a microtask; the footer's parts below the newsletter wait on a promise):
      // let every queued reaction run before deciding nothing is left.
      await new Promise<void>((resolve) => setImmediate(resolve))
      const pending = [...inflight]
        .filter(([, request]) => !except?.(request))
        .map(([answer]) => answer)
      if (!pending.length && !clock.due() && !frames.size) return
      await act(async () => {
        await Promise.allSettled(pending)
        runFrames()
        await clock.advance(0)
      })
    }
    throw new Error('drain(): the widget keeps scheduling work that is due at once')
  }
  return { clock, fetch: fetchImpl, drain }
}

export function createTestWidget(options: TestWidgetOptions = {}) {
  const server = options.server ?? createContractServer({ origin: TEST_ORIGIN })
  const {
    clock,
    fetch: fetchImpl,
    drain,
  } = createTestIO({ clock: options.clock, fetch: options.fetch ?? server.fetch })
  const config: EmbedConfig = {
    site: 'DE',
    spa: false,
    variant: 'full',
    newsletterHidden: false,
    voucherFootnote: 'shown',
    ...options.config,
  }
  const mountElement = document.createElement('div')
  mountElement.id = 'footer'
  const platform = signal(options.platform ?? 'CLASSIC')
  const widget = createWidget({
    config,
    locale: SITE_LOCALE[config.site],
    platform,
    device: signal(options.device ?? platform.value),
    choosePlatform: (chosen: Platform) => void (platform.value = chosen),
    origin: TEST_ORIGIN,
    assetOrigin: options.assetOrigin ?? TEST_ORIGIN,
    pageAddress: `${TEST_ORIGIN}/${config.site.toLowerCase()}/`,
    subscriberToken: null,
    fetch: fetchImpl,
    timers: clock,
    frame: (callback: () => void) => {
      const run = () => void (frames.delete(run) && callback())
      frames.add(run)
    },
    // Every staged step in a task of its own, as on a slow device: tests see each stage.
    later: (step: () => void) => void clock.setTimeout(step, 0),
    document,
    mountElement,
    load: options.load ?? loadFromSource,
  })
  return { widget, server, clock, drain }
}

export function renderInWidget(ui: ReactNode, widget: Widget) {
  return render(<WidgetProvider widget={widget}>{ui}</WidgetProvider>)
}

/** Switches t() to a locale's full dictionary (with inheritance), as that locale's bundle would carry. */
export async function useLocale(locale: Locale): Promise<void> {
  swapDictionary(locale, await loadDictionary(locale))
}

/** Records every request made through a fetch, then passes it on. */
export function recordRequests(inner: typeof fetch) {
  const requests: Request[] = []
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(
      new URL(String(input instanceof Request ? input.url : input), TEST_ORIGIN),
      init,
    )
    requests.push(request.clone())
    return inner(request)
  }) as typeof fetch
  return { requests, fetch: fetchImpl }
}

/**
 * A widget for a site, in the site's locale, on the given contract server, recording every request
 * it makes (`wrap` goes between, e.g. to fail or delay answers).
 */
export async function recordingWidget(
  site: Site,
  server: ContractServer,
  options: { config?: Partial<EmbedConfig>; wrap?: (inner: typeof fetch) => typeof fetch } = {},
) {
  await useLocale(SITE_LOCALE[site])
  const recorded = recordRequests(options.wrap ? options.wrap(server.fetch) : server.fetch)
  const test = createTestWidget({
    config: { site, ...options.config },
    server,
    fetch: recorded.fetch,
  })
  return { ...test, requests: recorded.requests }
}
