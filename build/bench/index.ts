/**
 * npm run bench: the Preact build against the React build of the same source (issue 7).
 *   (a) bytes per locale (min, gzip, brotli) of both builds and their ratio;
 *   (b) Chromium, both builds, median of BENCH_RUNS (default 15) fresh page loads at 1x and 4x
 *       CPU slowdown: script evaluation plus first render (to the newsletter block, and to the
 *       whole footer), total blocking time, longest task; ratio Preact/React;
 *   (b2) the widget's own main-thread time (from Chromium traces) to the whole footer, Preact
 *        against React at 1x and 4x, and its share of style, layout and paint: the work the widget
 *        controls, without the network's and the host page's share of the wall times in (b);
 *   (c) scaling: the largest market fixture at 1x, 10x and 50x its link lists;
 *   (d) dist/bench/report.html: the tables and a treemap of module bytes per bundle;
 *   (e)-(g) the host page's view: Lighthouse, interaction latency, first and repeat view (host-view.ts).
 *   (h) the mobile sign-up at 4x CPU slowdown (build/bench/sign-up.ts): each run's longest widget
 *       task, median and worst of BENCH_SIGNUP_RUNS (default 7) per build; written into
 *       docs/performance.md between its markers.
 *   (i) the reference backend (build/bench/backend.ts): sign-ups per second beside a bare
 *       node:http server doing the same committed INSERT, on SQLite and PostgreSQL, and the
 *       footer content brotli-compressed beside plain.
 * Builds both flavors first, serves them with the contract server on BENCH_PORT (default 8429).
 * Not part of npm test. Figures are noisy on a busy machine: run it on an idle one.
 * The long-task check of the footer with 500 SEO links is build/bench/long-tasks.ts.
 */
import { chromium } from '@playwright/test'
import { mkdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { buildAll, outDirFor } from '../product/build.ts'
import { createContractServer } from '../../server/handler.ts'
import { serve } from '../../server/core/node-adapter.ts'
import { findChromium } from '../../test/runners/ensure-chromium.ts'
import { MARKETS, REFERENCE_LOCALE } from '../product/markets.ts'
import { REPO_ROOT } from '../repo-root.ts'
import { countLinks, median, runOnce, summarize, type RunOptions, type Summary } from './browser.ts'
import { footerTreemaps, reportHtml } from '../product/module-report.ts'
import { formatTable, readManifest, sizeRows, sizeTable } from './sizes.ts'
import { benchSignUp, signUpRows, signUpVariants, writeSignUpDocs } from './sign-up.ts'
import { hostViewBench, type HostViewResult } from './host-view.ts'
import { benchBackend } from './backend.ts'
import { benchScaleHook } from './scale.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const SCALE_RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 5)
const WORK_RUNS = Number(process.env.BENCH_WORK_RUNS ?? 5)
const SIGNUP_RUNS = Number(process.env.BENCH_SIGNUP_RUNS ?? 7)
const SCALES = [1, 10, 50]
const port = Number(process.env.BENCH_PORT ?? 8429)
const started = performance.now()
const log = (text: string) => console.log(text)
const ms = (n: number) => n.toFixed(0)
const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : '–')

log('Building both flavors ...')
const preactDir = outDirFor('preact')
const reactDir = outDirFor('react')
await buildAll('preact', preactDir)
await buildAll('react', reactDir)

// (a) bytes
const sizes = sizeRows(await readManifest(preactDir), await readManifest(reactDir))
const sizeRowsText = sizeTable(sizes)
log(
  `\n(a) Bytes per locale, kB (Preact build = shipped; React 19 build of the same source)\n${formatTable(sizeRowsText)}`,
)

const server = await serve(
  createContractServer({ origin: `http://127.0.0.1:${port}`, hooks: [benchScaleHook] }).handle,
  port,
  '127.0.0.1',
)
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-gpu'],
})
const reference = MARKETS.find((m) => m.locale === REFERENCE_LOCALE)!
const largest = (
  await Promise.all(
    MARKETS.map(async (m) => ({
      m,
      bytes: (
        await stat(path.join(REPO_ROOT, 'fixtures/footer', `${m.site.toLowerCase()}.json`))
      ).size,
    })),
  )
).sort((a, b) => b.bytes - a.bytes)[0].m
const pageUrl = (flavor: 'preact' | 'react', marketPath: string) =>
  `http://127.0.0.1:${port}${flavor === 'react' ? '/react' : ''}${marketPath}?platform=CLASSIC`

async function measure(options: RunOptions, runs: number): Promise<Summary> {
  const expectedLinks = await countLinks(browser, options)
  const results = []
  for (let i = 0; i < runs; i++) results.push(await runOnce(browser, { ...options, expectedLinks }))
  return summarize(results)
}

const perfRows: string[][] = [
  [
    'build',
    'CPU',
    'eval + first render (newsletter), ms',
    'whole footer, ms',
    'TBT, ms',
    'longest task, ms',
  ],
]
const ratioRows: string[][] = [
  ['CPU', 'newsletter P/R', 'whole footer P/R', 'TBT P/R', 'longest task P/R'],
]
const workRows: string[][] = [
  [
    'CPU',
    'Preact, ms',
    'React, ms',
    'P/R',
    'of it rendering P, ms',
    'R, ms',
    'script P, ms',
    'R, ms',
    'script P/R',
  ],
]
let signUp: string[][] = []
const scaleRows: string[][] = [
  ['build', 'content', 'links', 'whole footer, ms', 'per 1x', 'TBT, ms', 'longest task, ms'],
]
let hostView: HostViewResult | undefined
try {
  // (b) both builds, 1x and 4x
  log(
    `\n(b) ${reference.name} page, content from the local contract server, median of ${RUNS} runs each ...`,
  )
  for (const cpu of [1, 4]) {
    const by: Record<string, Summary> = {}
    for (const flavor of ['preact', 'react'] as const) {
      const s = (by[flavor] = await measure({ url: pageUrl(flavor, reference.path), cpu }, RUNS))
      perfRows.push([
        flavor === 'preact' ? 'Preact' : 'React',
        `${cpu}x`,
        ms(s.newsletter),
        ms(s.footer),
        ms(s.tbt),
        ms(s.longest),
      ])
    }
    const [p, r] = [by.preact, by.react]
    ratioRows.push([
      `${cpu}x`,
      ratio(p.newsletter, r.newsletter),
      ratio(p.footer, r.footer),
      ratio(p.tbt, r.tbt),
      ratio(p.longest, r.longest),
    ])
  }
  log(formatTable(perfRows))
  log(`\nRatio Preact/React (under 1: Preact is faster)\n${formatTable(ratioRows)}`)

  // (b2) the work the widget controls, from traces (the wall times above include the network's
  // and the host page's share, which both builds pay alike)
  log(
    `\n(b2) The widget's own main-thread time to the whole footer, median of ${WORK_RUNS} traced runs ...`,
  )
  for (const cpu of [1, 4]) {
    const by: Record<string, { total: number; rendering: number }> = {}
    for (const flavor of ['preact', 'react'] as const) {
      const options = { url: pageUrl(flavor, reference.path), cpu, trace: true }
      const expectedLinks = await countLinks(browser, options)
      const runs = []
      for (let i = 0; i < WORK_RUNS; i++)
        runs.push((await runOnce(browser, { ...options, expectedLinks })).work!)
      by[flavor] = {
        total: median(runs.map((w) => w.total)),
        rendering: median(runs.map((w) => w.rendering)),
      }
    }
    const [p, r] = [by.preact, by.react]
    workRows.push([
      `${cpu}x`,
      ms(p.total),
      ms(r.total),
      ratio(p.total, r.total),
      ms(p.rendering),
      ms(r.rendering),
      ms(p.total - p.rendering),
      ms(r.total - r.rendering),
      ratio(p.total - p.rendering, r.total - r.rendering),
    ])
  }
  log(formatTable(workRows))

  // (c) scaling
  log(
    `\n(c) Scaling: ${largest.name} (the largest fixture), link lists 1x/10x/50x, 4x CPU, median of ${SCALE_RUNS} runs ...`,
  )
  for (const flavor of ['preact', 'react'] as const) {
    let base = 0
    for (const scale of SCALES) {
      const options = { url: pageUrl(flavor, largest.path), cpu: 4, scale }
      const links = await countLinks(browser, options)
      const s = await measure(options, SCALE_RUNS)
      if (scale === 1) base = s.footer
      scaleRows.push([
        flavor === 'preact' ? 'Preact' : 'React',
        `${scale}x`,
        String(links),
        ms(s.footer),
        ratio(s.footer, base),
        ms(s.tbt),
        ms(s.longest),
      ])
    }
  }
  log(formatTable(scaleRows))

  // (h) the mobile sign-up's longest widget task
  log(
    `\n(h) The mobile sign-up (360 px, touch, 4x CPU, 400 kbit/s), longest widget task, ${SIGNUP_RUNS} runs per build ...`,
  )
  const variants = signUpVariants(`http://127.0.0.1:${port}`)
  signUp = signUpRows(variants, await benchSignUp(browser, variants, SIGNUP_RUNS))
  log(formatTable(signUp))
  await writeSignUpDocs(signUp, SIGNUP_RUNS)

  hostView = await hostViewBench(`http://127.0.0.1:${port}`, browser, log)
} finally {
  await browser.close()
  server.close()
}

// (i) the reference backend, side by side with its yardsticks
log('\n(i) The reference backend at concurrency 8 ...')
const [backendRows, footerRows] = await benchBackend(3, log)
log(formatTable(backendRows))
log(formatTable(footerRows))

// (d) HTML report with treemaps
const maps = await footerTreemaps(preactDir, reactDir)
const reportDir = path.join(REPO_ROOT, 'dist/bench')
await mkdir(reportDir, { recursive: true })
const reportFile = path.join(reportDir, 'report.html')
await writeFile(
  reportFile,
  reportHtml({
    title: 'Lumora footer: benchmark',
    command: 'npm run bench',
    generated: new Date().toISOString(),
    tables: [
      { title: '(a) Bytes per locale, kB', rows: sizeRowsText },
      {
        title: `(b) ${reference.name} page, median of ${RUNS} runs`,
        rows: perfRows,
        note: "Times from the footer script's response end: evaluation plus rendering. TBT and longest task: page-wide long tasks until 500 ms after the footer is complete.",
      },
      { title: 'Ratio Preact/React', rows: ratioRows },
      {
        title: `(b2) The widget's own main-thread time to the whole footer, median of ${WORK_RUNS} traced runs`,
        rows: workRows,
        note: "Thread time of the tasks the trace attributes to the widget (test/helpers/trace.ts); rendering is the browser's style, layout and paint of the same DOM in both builds.",
      },
      {
        title: `(c) Scaling: ${largest.name}, 4x CPU, median of ${SCALE_RUNS} runs`,
        rows: scaleRows,
      },
      {
        title: `(h) The mobile sign-up at 4x CPU, longest widget task, ${SIGNUP_RUNS} runs per build`,
        rows: signUp,
        note: "Each run's longest task the trace attributes to the widget (test/helpers/trace.ts), by the widget's thread time in it and by wall time.",
      },
      ...(hostView?.tables ?? []),
      {
        title: '(i) Sign-ups per second, server/ beside a bare node:http INSERT, concurrency 8',
        rows: backendRows,
      },
      { title: '(i) The footer content, plain and brotli, concurrency 8', rows: footerRows },
    ],
    maps,
  }),
)
log(
  `\nReport: ${path.relative(REPO_ROOT, reportFile)} · bench took ${((performance.now() - started) / 1000).toFixed(0)} s`,
)
