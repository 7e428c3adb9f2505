/**
 * Benchmark (run by hand, not a timed test): the footer with 500 SEO links renders without a
 * long task over 50 ms from the widget in Chromium at 4x CPU slowdown (CDP
 * Emulation.setCPUThrottlingRate; why 4x: docs/performance.md).
 *   npm run build && npx tsx build/bench/long-tasks.ts [runs=5] [platform=CLASSIC]
 * Each run is a fresh page traced from before navigation until the last SEO link is there (plus
 * 500 ms); every task over 50 ms on the page's main thread is printed with its owner (widget,
 * playwright = the harness's CDP commands, host) and what it spent its time on, attributed as in
 * the mobile sign-up bench (test/helpers/trace.ts, build/bench/sign-up.ts). Exits non-zero when any run had a task
 * over 50 ms from the widget; the harness's and the host page's tasks are reported, not counted.
 * BENCH_RATE=1 runs at 1x (each run's longest widget task by thread time, times four, estimates its
 * work at 4x without the noise the throttling and the machine's other processes add).
 * BENCH_DIST=dirA,dirB compares two builds (FOOTER_OUTDIR=dirB npm run build), runs alternating;
 * BENCH_DIST=dist,dist/react compares the Preact and the React build of the same source. Each run
 * also prints the widget's main-thread time over the whole run (all its tasks by thread time):
 * the work the widget controls, without the network's and the host page's share of the wall time.
 * BENCH_EMPTY=1 answers 404 (no content); BENCH_BASELINE=1 serves an empty script instead of the
 * widget (every task is then the host page's own, nothing is counted); BENCH_TRACE=1 keeps each
 * run's trace in dist/bench/long-tasks-<run>.json (opens in the DevTools Performance panel).
 * Serves the built bundles with the contract server on BENCH_PORT (default 8429) and answers
 * SHOP_FOOTER with the German fixture plus 500 SEO links.
 */
import { chromium } from '@playwright/test'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createContractServer } from '../../server/handler.ts'
import { FOOTER_CONTENT_PATH } from '../../src/contract/contract.ts'
import { serve } from '../../server/core/node-adapter.ts'
import { findChromium } from '../../test/runners/ensure-chromium.ts'
import { REPO_ROOT } from '../repo-root.ts'
import {
  formatTask,
  LONG_TASK_MS,
  longTasks,
  startTrace,
  stopTrace,
  widgetWork,
  type LongTask,
} from '../../test/helpers/trace.ts'

const runs = Number(process.argv[2] ?? 5)
const platform = process.argv[3] ?? 'CLASSIC'
const port = Number(process.env.BENCH_PORT ?? 8429)
// BENCH_RATE=1: the same at 1x (see above).
const rate = Number(process.env.BENCH_RATE ?? 4)

const content = JSON.parse(readFileSync(path.join(REPO_ROOT, 'fixtures/footer/de.json'), 'utf8'))
content.seo.columns = Array.from({ length: 5 }, (_, c) => ({
  heading: `Kategorie ${c + 1}`,
  links: Array.from({ length: 100 }, (_, i) => ({
    url: `/c${c * 1000 + i}`,
    text: `Kategorie ${c + 1}.${i + 1} mit längerem Namen`,
  })),
}))

// BENCH_DIST=dirA,dirB compares builds (e.g. FOOTER_OUTDIR=/tmp/before npm run build): runs
// alternate between them, so a machine that gets busier or quieter meanwhile affects both alike.
const dists = (process.env.BENCH_DIST ?? path.join(REPO_ROOT, 'dist')).split(',')
// The bench's answers come from the server, not from Playwright routes: with any route set,
// Playwright intercepts every request of the page (Fetch.enable for all URLs), so each image and
// script would wait on this process, and the harness would compete with the page for the CPU.
const footerAnswer = process.env.BENCH_EMPTY
  ? () => new Response('', { status: 404 })
  : () => Response.json({ contentJSON: JSON.stringify(content) })
const benchHandler =
  (handle: (request: Request) => Promise<Response>) =>
  async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url)
    if (pathname === FOOTER_CONTENT_PATH) return footerAnswer()
    if (!process.env.BENCH_BASELINE) return handle(request)
    // BENCH_BASELINE=1: the same host page with an empty script instead of the widget, to tell the
    // page's own long tasks apart (the page without its SRI hash, which the empty script won't match).
    if (/^\/static\/footer\..*\.js$/.test(pathname))
      return new Response('', { headers: { 'content-type': 'text/javascript' } })
    const response = await handle(request)
    if (!response.headers.get('content-type')?.startsWith('text/html')) return response
    return new Response((await response.text()).replace(/ integrity="[^"]*"/g, ''), {
      status: response.status,
      headers: response.headers,
    })
  }
const servers = await Promise.all(
  dists.map((distDir, i) =>
    serve(
      benchHandler(
        createContractServer({ distDir, origin: `http://127.0.0.1:${port + i}` }).handle,
      ),
      port + i,
      '127.0.0.1',
    ),
  ),
)
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-gpu'],
})
type Run = {
  tasks: LongTask[]
  /** The widget's main-thread time over the whole run (every task, thread time): the work it controls. */
  widgetCpuMs: number
  /** Of that, the browser's style, layout and paint after the widget's first run (thread time). */
  renderingCpuMs: number
  links: number
  renderMs: number
  longest: { ms: number; cpuMs: number }
}
const results: Run[][] = dists.map(() => [])
try {
  for (let run = 0; run < runs * dists.length; run++) {
    const variant = run % dists.length
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    await startTrace(cdp)
    const started = Date.now()
    await page.goto(`http://127.0.0.1:${port + variant}/de/?platform=${platform}`)
    // Polled with plain CDP evaluation: Playwright's own waitForFunction and evaluate install its
    // injected script in the page (a long task of its own at 4x slowdown, attributed to it anyway).
    const inPage = async <T>(expression: string): Promise<T> =>
      (await cdp.send('Runtime.evaluate', { expression, returnByValue: true })).result.value as T
    const seoLinks = `document.getElementById('footer')?.shadowRoot?.querySelectorAll('.lf-seo a').length ?? 0`
    const ready = process.env.BENCH_BASELINE
      ? 'true'
      : process.env.BENCH_EMPTY
        ? `!!document.getElementById('footer')?.shadowRoot?.querySelector('footer')`
        : `(${seoLinks}) >= ${platform === 'CLASSIC' ? 500 : 1}`
    while (!(await inPage<boolean>(ready))) await new Promise((resolve) => setTimeout(resolve, 100))
    const renderMs = Date.now() - started
    await new Promise((resolve) => setTimeout(resolve, 500))
    const links = await inPage<number>(seoLinks)
    const events = await stopTrace(cdp)
    if (process.env.BENCH_TRACE) {
      const file = path.join(REPO_ROOT, 'dist/bench', `long-tasks-${run + 1}.json`)
      mkdirSync(path.dirname(file), { recursive: true })
      writeFileSync(file, JSON.stringify({ traceEvents: events }))
    }
    const tasks = longTasks(events)
    // Each run's longest widget task, also when under the limit: a figure to compare changes by.
    const widgetTasks = longTasks(events, { limitMs: 2 }).filter((t) => t.owner === 'widget')
    const longest = {
      ms: Math.max(0, ...widgetTasks.map((t) => t.ms)),
      cpuMs: Math.max(0, ...widgetTasks.map((t) => t.widgetCpuMs)),
    }
    const { total: widgetCpuMs, rendering: renderingCpuMs } = widgetWork(events)
    console.log(
      `run ${run + 1}${dists.length > 1 ? ` (${dists[variant]})` : ''}: ${links} SEO links, page to last link ${renderMs} ms${tasks.map((t) => `\n  ${formatTask(t)}`).join('') || ', no long task'}`,
    )
    results[variant].push({ tasks, widgetCpuMs, renderingCpuMs, links, renderMs, longest })
    await page.close()
  }
} finally {
  await browser.close()
  for (const server of servers) server.close()
}
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return `median ${Math.round(sorted[Math.floor(sorted.length / 2)])}, worst ${Math.round(sorted[sorted.length - 1])} ms`
}
let over = false
for (const [variant, runsOf] of results.entries()) {
  const all = runsOf.flatMap((r) => r.tasks)
  if (dists.length > 1) console.log(`\n${dists[variant]}:`)
  if (process.env.BENCH_BASELINE) {
    // The empty stand-in is not the widget: every task here is the host page's (or the harness's).
    console.log(
      `${platform}, ${rate}x CPU slowdown, ${runs} runs without the widget: ${all.filter((t) => t.owner !== 'playwright').length} long tasks of the host page, ${all.filter((t) => t.owner === 'playwright').length} of the harness (not counted)`,
    )
    continue
  }
  const widget = all.filter((t) => t.owner === 'widget')
  const worst = Math.max(0, ...widget.map((t) => t.ms))
  const clean = runsOf.filter((r) => !r.tasks.some((t) => t.owner === 'widget')).length
  console.log(
    `${platform}, ${rate}x CPU slowdown, ${runs} runs: ${clean} without a widget task over ${LONG_TASK_MS} ms, longest widget task ${worst ? `${Math.round(worst)} ms` : 'none'} ` +
      `(not counted: ${all.filter((t) => t.owner === 'playwright').length} harness, ${all.filter((t) => t.owner === 'host').length} host tasks) -> ${widget.length ? 'OVER' : 'ok'}`,
  )
  // The same judged by the widget's thread time in each task (as build/bench/sign-up.ts does): what the
  // tasks cost on a core of their own, without the moments other processes held it.
  const cpuClean = runsOf.filter(
    (r) => !r.tasks.some((t) => t.owner === 'widget' && t.widgetCpuMs > LONG_TASK_MS),
  ).length
  console.log(
    `by thread time: ${cpuClean} of ${runs} runs without a widget task over ${LONG_TASK_MS} ms, longest ${Math.round(Math.max(0, ...widget.map((t) => t.widgetCpuMs)))} ms`,
  )
  console.log(
    `each run's longest widget task: by wall time ${spread(runsOf.map((r) => r.longest.ms))}; by thread time ${spread(runsOf.map((r) => r.longest.cpuMs))}`,
  )
  console.log(
    `the widget's main-thread time over the run (all its tasks, thread time): ${spread(runsOf.map((r) => r.widgetCpuMs))}; of it the browser's style, layout and paint: ${spread(runsOf.map((r) => r.renderingCpuMs))}`,
  )
  over ||= widget.length > 0
}
process.exitCode = over ? 1 : 0
