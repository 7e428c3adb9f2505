/**
 * Bench: the longest widget task during the mobile sign-up, the Preact build beside the React build.
 *   npm run build && npm run build:react && npx tsx build/bench/sign-up.ts [runs=5]
 * The journey of the mobile-webview browser test (test/browser/webview.spec.ts: 360 px, touch,
 * 4x CPU slowdown, 400 kbit/s at 400 ms), traced from before navigation to the success view, on
 * the clean host page. Each run's tasks are attributed as in build/bench/long-tasks.ts
 * (test/helpers/trace.ts); the figure is each run's longest widget task by the widget's thread time
 * in it (what the task costs on a slow phone's core of its own, without the moments another process
 * held the core), and by wall time beside it. Reported as median and worst of the runs, which
 * alternate between the builds so a machine that gets busier or quieter affects both alike.
 * BENCH_DIST=dirA,dirB measures the Preact builds in those directories (e.g. before and after a
 * change: FOOTER_OUTDIR=/tmp/before npm run build) and the React build of the first;
 * BENCH_VERBOSE=1 prints every widget task over 20 ms with its breakdown; BENCH_TRACE=1 keeps each
 * run's trace in dist/bench/sign-up-<run>.json (DevTools Performance panel). `npm run bench` runs
 * it too and writes its table into docs/performance.md; so does BENCH_WRITE_DOCS=1 here.
 */
import { chromium, type Browser } from '@playwright/test'
import path from 'node:path'
import { mkdir, writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { createContractServer } from '../../server/handler.ts'
import { serve } from '../../server/core/node-adapter.ts'
import { findChromium } from '../../test/runners/ensure-chromium.ts'
import {
  formatTask,
  longTasks,
  startTrace,
  stopTrace,
  WIDGET_SCRIPT,
  type TraceEvent,
} from '../../test/helpers/trace.ts'
import { emulateSlowPhone, WEBVIEW } from '../../test/helpers/webview.ts'
import { emailField, market, submitButton } from '../../test/browser/hosts-helpers.ts'
import { REPO_ROOT } from '../repo-root.ts'
import { markdownTable, writeDocsBlock } from '../docs-block.ts'
import { median } from './browser.ts'
import { formatTable } from './sizes.ts'

export interface SignUpVariant {
  label: string
  /** The clean host page of this build. */
  url: string
}

/** One run's longest widget task (0: the widget had no task over 2 ms). */
export interface SignUpRun {
  /** The widget's thread time in its longest task, ms. */
  cpuMs: number
  /** Wall time of the longest widget task by wall time, ms. */
  wallMs: number
  /** The longest single layout after the widget's script ran, thread time, ms. */
  layoutMs: number
}

const MIN_TASK_MS = 2
const VERBOSE_MS = 20
const verbose = !!process.env.BENCH_VERBOSE

/** The longest Layout on the widget's thread after its script's evaluation, by thread time (ms). */
function longestLayout(events: TraceEvent[]): number {
  const evaluation = events.find(
    (e) => e.name === 'EvaluateScript' && WIDGET_SCRIPT.test(e.args?.data?.url ?? ''),
  )!
  const layouts = events.filter(
    (e) =>
      e.name === 'Layout' &&
      e.ph === 'X' &&
      e.pid === evaluation.pid &&
      e.tid === evaluation.tid &&
      e.ts > evaluation.ts,
  )
  return Math.round(Math.max(0, ...layouts.map((e) => (e.tdur ?? e.dur ?? 0) / 1000)) * 10) / 10
}

/** The sign-up by touch, traced; returns the run's longest widget task. */
async function signUpOnce(browser: Browser, url: string, run: number): Promise<SignUpRun> {
  const context = await browser.newContext(WEBVIEW)
  try {
    const page = await context.newPage()
    const cdp = await emulateSlowPhone(page)
    await startTrace(cdp)
    const m = market('DE')
    await page.goto(url, { timeout: 120_000 })
    await page.locator('#footer .lf-root[data-platform=smartphone]').waitFor({ timeout: 120_000 })
    await emailField(page, m).tap({ timeout: 120_000 })
    await emailField(page, m).fill(`bench.${run}.${Date.now()}@example.com`)
    await page.getByRole('checkbox').first().tap()
    await submitButton(page, m).tap()
    await page.locator('.lf-nl__success h3').waitFor({ timeout: 120_000 })
    const events = await stopTrace(cdp)
    if (process.env.BENCH_TRACE) {
      const file = path.join(REPO_ROOT, 'dist/bench', `sign-up-${run}.json`)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, JSON.stringify({ traceEvents: events }))
    }
    const widget = longTasks(events, { limitMs: MIN_TASK_MS }).filter((t) => t.owner === 'widget')
    if (verbose)
      for (const t of widget.filter((t) => t.widgetCpuMs > VERBOSE_MS))
        console.log(`  ${formatTask(t)}`)
    return {
      cpuMs: Math.max(0, ...widget.map((t) => t.widgetCpuMs)),
      wallMs: Math.max(0, ...widget.map((t) => t.ms)),
      layoutMs: longestLayout(events),
    }
  } finally {
    await context.close()
  }
}

/** `runs` sign-ups per variant, alternating between the variants. */
export async function benchSignUp(
  browser: Browser,
  variants: SignUpVariant[],
  runs: number,
): Promise<SignUpRun[][]> {
  const results: SignUpRun[][] = variants.map(() => [])
  for (let run = 0; run < runs * variants.length; run++) {
    const v = run % variants.length
    const result = await signUpOnce(browser, variants[v].url, run + 1)
    console.log(
      `run ${run + 1} (${variants[v].label}): longest widget task ${result.cpuMs} ms thread time, ${result.wallMs} ms wall; longest layout ${result.layoutMs} ms`,
    )
    results[v].push(result)
  }
  return results
}

const worst = (values: number[]) => Math.max(...values)
const ms = (n: number) => n.toFixed(0)

/** The table: one row per variant, median and worst of its runs. */
export function signUpRows(variants: SignUpVariant[], results: SignUpRun[][]): string[][] {
  return [
    [
      'build',
      'runs',
      'longest widget task, thread ms: median',
      'worst',
      'wall ms: median',
      'worst',
      'longest layout, thread ms: median',
      'worst',
    ],
    ...variants.map((v, i) => {
      const cpu = results[i].map((r) => r.cpuMs)
      const wall = results[i].map((r) => r.wallMs)
      const layout = results[i].map((r) => r.layoutMs)
      return [
        v.label,
        String(cpu.length),
        ms(median(cpu)),
        ms(worst(cpu)),
        ms(median(wall)),
        ms(worst(wall)),
        ms(median(layout)),
        ms(worst(layout)),
      ]
    }),
  ]
}

/** The clean host page of the Preact and of the React build on a contract server at `origin`. */
export const signUpVariants = (origin: string): SignUpVariant[] => [
  { label: 'Preact', url: `${origin}/_hosts/clean.html` },
  { label: 'React', url: `${origin}/_hosts/clean.html?react` },
]

/** Writes the table between its markers in docs/performance.md. */
export async function writeSignUpDocs(rows: string[][], runs: number): Promise<void> {
  await writeDocsBlock(
    'docs/performance.md',
    'bench:sign-up',
    'npm run bench',
    `${markdownTable(rows)}\n\n${runs} runs per build, alternating, ${new Date().toISOString().slice(0, 10)}, load average ${loadavg()[0].toFixed(1)} at the end.`,
  )
}

async function main() {
  const runs = Number(process.argv[2] ?? 5)
  const port = Number(process.env.BENCH_PORT ?? 8429)
  const dists = (process.env.BENCH_DIST ?? path.join(REPO_ROOT, 'dist')).split(',')
  const servers = await Promise.all(
    dists.map((distDir, i) =>
      serve(
        createContractServer({ distDir, origin: `http://127.0.0.1:${port + i}` }).handle,
        port + i,
        '127.0.0.1',
      ),
    ),
  )
  const origin = (i: number) => `http://127.0.0.1:${port + i}`
  const [preact, react] = signUpVariants(origin(0))
  const variants: SignUpVariant[] =
    dists.length > 1
      ? [
          ...dists.map((dir, i) => ({ ...signUpVariants(origin(i))[0], label: `Preact (${dir})` })),
          react,
        ]
      : [preact, react]
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-gpu'],
  })
  try {
    const results = await benchSignUp(browser, variants, runs)
    console.log(`\nThe mobile sign-up at 4x CPU slowdown, ${runs} runs per build:`)
    const rows = signUpRows(variants, results)
    console.log(formatTable(rows))
    if (process.env.BENCH_WRITE_DOCS && dists.length === 1) await writeSignUpDocs(rows, runs)
  } finally {
    await browser.close()
    for (const server of servers) server.close()
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main()
