/**
 * Bench part (e): the host page's own vitals, as a performance tester sees them. Lighthouse
 * (mobile defaults: simulated slow 4G, 4x CPU slowdown) on a host page with the widget and with
 * its script blocked (`blockedUrlPatterns`), median of BENCH_LH_RUNS (default 5) runs each, the
 * two kinds of run taking turns so that the machine's drift falls on both alike. Reports the
 * difference in score, TBT, LCP, CLS and Speed Index, the unthrottled timings Lighthouse
 * observed (its simulated figures are a model built from them), and every audit whose findings
 * name the widget's file.
 *
 * One Chromium (Debian's, headless) serves every run; Lighthouse empties its cache before each.
 */
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import type { Result } from 'lighthouse'
import { findChromium } from '../../test/runners/ensure-chromium.ts'
import { longTasks, type TraceEvent } from '../../test/helpers/trace.ts'
import { median } from './browser.ts'

/**
 * What this machine needs besides chrome-launcher's defaults (which already switch off background
 * networking, component updates, sync and the first-run page): headless, no sandbox, no GPU, no QUIC.
 */
export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic']

/** The widget's scripts, as `blockedUrlPatterns` takes them: the blocked run of each pair. */
export const WIDGET_SCRIPTS = '*/static/footer.*'

/** Audits that list every request or script of the page: naming the widget there is no finding. */
const INVENTORY_AUDITS = new Set([
  'network-requests',
  'network-rtt',
  'network-server-latency',
  'main-thread-tasks',
  'resource-summary',
  'script-treemap-data',
  'total-byte-weight',
  'final-screenshot',
  'screenshot-thumbnails',
  'diagnostics',
])

interface Vitals {
  score: number
  tbt: number
  lcp: number
  cls: number
  si: number
  /** Unthrottled, as the browser painted during the run Lighthouse's model starts from. */
  observedFcp: number
  observedLcp: number
  /** What the largest paint was (Lighthouse's largest-contentful-paint-element audit). */
  lcpElement: string
  /** Audits (id: figure) whose items name a URL matching `widgetFile`. */
  widgetAudits: Record<string, string>
  /** With the widget: its tasks in the run's trace (unthrottled, as observed), by thread time. */
  widgetTasks?: WidgetTasks
}

export interface WidgetTasks {
  /** The longest widget task's thread time, ms. */
  longest: number
  /** All the widget's tasks together, thread time, ms. */
  sum: number
}

/**
 * The widget's tasks in a trace, by thread time (the task's `tdur`: a loaded machine's moments
 * without the CPU are not the widget's cost), each task's widget share as test/helpers/trace.ts
 * attributes it.
 */
export function widgetTasks(events: TraceEvent[]): WidgetTasks {
  const tasks = longTasks(events, { limitMs: 0 }).map((t) => t.widgetCpuMs)
  return {
    longest: Math.max(0, ...tasks),
    sum: Math.round(tasks.reduce((sum, ms) => sum + ms, 0) * 10) / 10,
  }
}

/**
 * How Lighthouse throttles: `simulate` (its default) models slow 4G and 4x CPU from an
 * unthrottled load; `devtools` loads the page really throttled, which a server-rendered page
 * needs: the model counts a deferred script evaluated before the observed paint as blocking it.
 */
export type Throttling = 'simulate' | 'devtools'

/** One Lighthouse run of `url`; `blocked` URL patterns are refused by the browser. */
async function runOnce(
  port: number,
  url: string,
  widgetFile: RegExp,
  blocked: string[],
  throttlingMethod: Throttling = 'simulate',
): Promise<Vitals> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    blockedUrlPatterns: blocked,
    throttlingMethod,
  })
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] })?.items?.[0]
  return {
    score: lhr.categories.performance.score ?? NaN,
    tbt: value('total-blocking-time'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    observedFcp: observed?.observedFirstContentfulPaint ?? NaN,
    observedLcp: observed?.observedLargestContentfulPaint ?? NaN,
    lcpElement: lcpElement(result.artifacts.Trace),
    widgetAudits: widgetAudits(lhr, widgetFile),
    widgetTasks: blocked.length
      ? undefined
      : widgetTasks(result.artifacts.Trace.traceEvents as unknown as TraceEvent[]),
  }
}

interface LcpCandidate {
  nodeName?: string
  type?: string
  loadingAttr?: string
  imageDiscoveryTime?: number
  imageLoadStart?: number
}

/**
 * The largest paint's element from the trace's last LCP candidate (Lighthouse's own
 * largest-contentful-paint-element audit fails on this Chromium): its node, `loading=lazy` when
 * so marked, and for an image the wait between its discovery and its request (a lazy image in
 * view waits for a layout).
 */
function lcpElement(trace: {
  traceEvents: { name: string; args?: { data?: LcpCandidate } }[]
}): string {
  const candidates = trace.traceEvents.filter((e) => e.name === 'largestContentfulPaint::Candidate')
  const last = candidates[candidates.length - 1]?.args?.data
  if (!last) return '?'
  const name = (last.nodeName ?? '?').split(' ')[0].toLowerCase()
  const lazy = last.loadingAttr === 'lazy' ? ' loading=lazy' : ''
  const wait =
    last.type === 'image' &&
    last.imageLoadStart !== undefined &&
    last.imageDiscoveryTime !== undefined
      ? `, requested ${Math.round(last.imageLoadStart - last.imageDiscoveryTime)} ms after discovery`
      : ''
  return `${name}${lazy}${wait}`
}

/** Every non-inventory audit whose findings name the widget's file, with the widget row's main figure. */
function widgetAudits(lhr: Result, widgetFile: RegExp): Record<string, string> {
  const found: Record<string, string> = {}
  for (const [id, audit] of Object.entries(lhr.audits)) {
    if (INVENTORY_AUDITS.has(id)) continue
    const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items
    if (!Array.isArray(items)) continue
    const row = items.find((item) => widgetFile.test(JSON.stringify(item)))
    if (!row) continue
    const figure = [
      'wastedBytes',
      'wastedMs',
      'duration',
      'total',
      'cacheLifetimeMs',
      'transferSize',
    ]
      .filter((key) => typeof row[key] === 'number')
      .map((key) => `${key} ${Math.round(row[key] as number)}`)
      .join(', ')
    found[id] =
      `${audit.score === null ? 'info' : `score ${audit.score}`}${figure ? `; ${figure}` : ''}`
  }
  return found
}

export interface PageVitals {
  name: string
  widget: Vitals
  blocked: Vitals
  /** Every run, for the spread (run-to-run noise). */
  runs: { widget: Vitals[]; blocked: Vitals[] }
}

function medianVitals(runs: Vitals[]): Vitals {
  const pick = (key: 'score' | 'tbt' | 'lcp' | 'cls' | 'si' | 'observedFcp' | 'observedLcp') =>
    median(runs.map((r) => r[key]))
  const audits: Record<string, string> = {}
  for (const run of runs)
    for (const [id, text] of Object.entries(run.widgetAudits))
      audits[id] = `${runs.filter((r) => id in r.widgetAudits).length}/${runs.length} runs; ${text}`
  return {
    score: pick('score'),
    tbt: pick('tbt'),
    lcp: pick('lcp'),
    cls: pick('cls'),
    si: pick('si'),
    observedFcp: pick('observedFcp'),
    observedLcp: pick('observedLcp'),
    // The element of the run with the median LCP.
    lcpElement: [...runs].sort((a, b) => a.lcp - b.lcp)[runs.length >> 1].lcpElement,
    widgetAudits: audits,
  }
}

/**
 * Lighthouse on each page, with the widget and with `widgetPattern` blocked, `runs` times each.
 * `widgetFile` matches the widget's URLs in the audits' findings.
 */
export async function hostVitals(
  pages: { name: string; url: string; throttling?: Throttling }[],
  widgetPattern: string,
  widgetFile: RegExp,
  runs: number,
  log: (text: string) => void,
): Promise<PageVitals[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: CHROME_FLAGS,
  })
  const out: PageVitals[] = []
  try {
    for (const page of pages) {
      const widget: Vitals[] = []
      const blocked: Vitals[] = []
      for (let i = 0; i < runs; i++) {
        widget.push(await runOnce(chrome.port, page.url, widgetFile, [], page.throttling))
        blocked.push(
          await runOnce(chrome.port, page.url, widgetFile, [widgetPattern], page.throttling),
        )
        log(
          `  ${page.name} run ${i + 1}: widget TBT ${widget[i].tbt.toFixed(0)} / LCP ${widget[i].lcp.toFixed(0)} ms; blocked TBT ${blocked[i].tbt.toFixed(0)} / LCP ${blocked[i].lcp.toFixed(0)} ms`,
        )
      }
      out.push({
        name: page.name,
        widget: medianVitals(widget),
        blocked: medianVitals(blocked),
        runs: { widget, blocked },
      })
    }
  } finally {
    chrome.kill()
  }
  return out
}
