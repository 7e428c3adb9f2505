/**
 * Bench parts (e) to (g), the view from the host page: (e) Lighthouse with and without the widget
 * (lighthouse.ts), (f) interaction to next paint (interactions.ts), (g) first and repeat view
 * (repeat-view.ts). `npm run bench` runs them after its own parts (index.ts); alone, on a built
 * Preact bundle (`npm run build`):
 *   npx tsx build/bench/host-view.ts         (serves dist/ on BENCH_PORT, default 8429)
 * BENCH_LH_RUNS (default 5), BENCH_INP_RUNS (5) and BENCH_VIEW_RUNS (5) set the runs.
 * The tables go to the console and, between its markers (build/docs-block.ts), into docs/performance.md, so the
 * figures there are always a run's output.
 */
import { chromium, type Browser } from '@playwright/test'
import { writeDocsBlock } from '../docs-block.ts'
import { findChromium } from '../../test/runners/ensure-chromium.ts'
import { createContractServer } from '../../server/handler.ts'
import { serve } from '../../server/core/node-adapter.ts'
import { formatTable } from './sizes.ts'
import { WIDGET_SCRIPTS, hostVitals, type PageVitals, type WidgetTasks } from './lighthouse.ts'
import { observedWidgetTasks } from './observed-tasks.ts'
import { median } from './browser.ts'
import { interactionLatencies } from './interactions.ts'
import { repeatView } from './repeat-view.ts'

const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 5)
const INP_RUNS = Number(process.env.BENCH_INP_RUNS ?? 5)
const VIEW_RUNS = Number(process.env.BENCH_VIEW_RUNS ?? 5)
/** Traced loads per page at an observed 4x CPU (observed-tasks.ts). */
const TASK_RUNS = Number(process.env.BENCH_TASK_RUNS ?? 3)

/** The short page server-rendered (the backend's phone fragment in #footer, then the tag) and with the one tag, both devtools-throttled. */
export const SERVER_RENDERED_PAGES = (shortPage: string) => [
  { name: 'short /de/ one tag, devtools', url: shortPage, throttling: 'devtools' as const },
  {
    name: 'short /de/?ssr=smartphone, devtools',
    url: `${shortPage}?ssr=smartphone`,
    throttling: 'devtools' as const,
  },
]

const ms = (n: number) => n.toFixed(0)
const signed = (n: number, digits = 0) => `${n > 0 ? '+' : ''}${n.toFixed(digits)}`

function vitalsRows(pages: PageVitals[]): string[][] {
  const rows = [
    [
      'page',
      'run',
      'score',
      'TBT, ms',
      'LCP, ms',
      'CLS',
      'Speed Index, ms',
      'observed FCP / LCP, ms',
    ],
  ]
  for (const p of pages) {
    for (const [run, v] of [
      ['widget', p.widget],
      ['blocked', p.blocked],
    ] as const)
      rows.push([
        p.name,
        run,
        v.score.toFixed(2),
        ms(v.tbt),
        ms(v.lcp),
        v.cls.toFixed(3),
        ms(v.si),
        `${ms(v.observedFcp)} / ${ms(v.observedLcp)}`,
      ])
    const lcps = [...p.runs.blocked.map((r) => r.lcp)]
    rows.push([
      p.name,
      'difference',
      signed((p.widget.score - p.blocked.score) * 100) + ' pt',
      signed(p.widget.tbt - p.blocked.tbt),
      signed(p.widget.lcp - p.blocked.lcp),
      signed(p.widget.cls - p.blocked.cls, 3),
      signed(p.widget.si - p.blocked.si),
      `noise: blocked LCP ${ms(Math.min(...lcps))}-${ms(Math.max(...lcps))}`,
    ])
  }
  return rows
}

/**
 * The paired per-run differences, widget minus blocked, run i against run i (the two took turns,
 * so each pair shares the machine's load of its moment): median and range of LCP, TBT and score.
 */
export function pairedLines(pages: PageVitals[]): string[] {
  return pages.map((p) => {
    const { widget, blocked } = p.runs
    const spread = (of: (v: (typeof widget)[number]) => number, scale = 1, unit = ' ms') => {
      const d = widget.map((w, i) => (of(w) - of(blocked[i])) * scale)
      return `${signed(median(d))}${unit} (${signed(Math.min(...d))} to ${signed(Math.max(...d))})`
    }
    return `${p.name}: paired per run, widget minus blocked, median (range) of ${widget.length}: LCP ${spread((v) => v.lcp)}, TBT ${spread((v) => v.tbt)}, score ${spread((v) => v.score, 100, ' pt')}`
  })
}

const range = (values: number[]) =>
  `${ms(median(values))} ms median (${ms(Math.min(...values))} to ${ms(Math.max(...values))})`

/**
 * The widget's tasks by thread time: at 1x from Lighthouse's own traces (its runs with the
 * widget), and at 4x from traced loads with Chromium's throttling (`at4x`, by page name).
 */
function taskLines(pages: PageVitals[], at4x: Map<string, WidgetTasks[]>): string[] {
  return pages.flatMap((p) => {
    const tasks = p.runs.widget.flatMap((r) => (r.widgetTasks ? [r.widgetTasks] : []))
    if (!tasks.length) return []
    const lines = [
      `${p.name}: the widget's tasks by thread time in Lighthouse's traces (1x, ${tasks.length} runs): longest ${range(tasks.map((t) => t.longest))}, sum ${range(tasks.map((t) => t.sum))}`,
    ]
    const slow = at4x.get(p.name)
    if (slow?.length)
      lines.push(
        `${p.name}: the widget's tasks by thread time at 4x CPU (Chromium's throttling, phone screen, ${slow.length} traced loads): longest ${range(slow.map((t) => t.longest))}, sum ${range(slow.map((t) => t.sum))}`,
      )
    return lines
  })
}

function auditLines(pages: PageVitals[]): string[] {
  const lines = []
  for (const p of pages) {
    lines.push(
      `${p.name}: largest paint with the widget: ${p.widget.lcpElement}; blocked: ${p.blocked.lcpElement}`,
    )
    const audits = Object.entries(p.widget.widgetAudits)
    if (!audits.length) lines.push(`${p.name}: no Lighthouse audit names the widget's file`)
    for (const [id, text] of audits) lines.push(`${p.name}: audit ${id} names the widget (${text})`)
  }
  return lines
}

export interface HostViewResult {
  text: string
  tables: { title: string; rows: string[][]; note?: string }[]
}

/** Runs (e) to (g) against the server at `origin`; `browser` drives (f) and (g). */
export async function hostViewBench(
  origin: string,
  browser: Browser,
  log: (text: string) => void,
): Promise<HostViewResult> {
  const shortPage = `${origin}/de/`
  log(
    `\n(e) Host page vitals: Lighthouse mobile defaults, widget and blocked, median of ${LH_RUNS} runs each ...`,
  )
  const hostPages = [
    { name: 'short /de/', url: shortPage },
    // The host's hint: the picture's preload from the manifest (docs/EMBEDDING.md).
    { name: 'short /de/ + preload', url: `${shortPage}?hint` },
    { name: 'long /_hosts/article.html', url: `${origin}/_hosts/article.html` },
    // The server-rendered footer (docs/server-rendering.md) beside the one tag, both loaded really
    // throttled (Lighthouse's devtools throttling: its model would count the deferred script
    // evaluated before the server's paint as blocking it).
    ...SERVER_RENDERED_PAGES(shortPage),
  ]
  const pages = await hostVitals(hostPages, WIDGET_SCRIPTS, /\/static\/footer\./, LH_RUNS, log)
  log(`\n(e) The widget's tasks at 4x CPU, ${TASK_RUNS} traced loads per page ...`)
  const at4x = new Map<string, WidgetTasks[]>()
  for (const { name, url } of hostPages.filter(
    (p) => !p.url.endsWith('?hint') && !('throttling' in p),
  ))
    at4x.set(name, await observedWidgetTasks(browser, url, TASK_RUNS))
  const vitals = vitalsRows(pages)
  const audits = [...pairedLines(pages), ...taskLines(pages, at4x), ...auditLines(pages)]

  log(`\n(f) Interaction to next paint at 4x CPU, ${INP_RUNS} runs each ...`)
  const inp = await interactionLatencies(browser, shortPage, INP_RUNS)
  const inpRows = [
    ['interaction', 'median, ms', 'worst, ms'],
    ...inp.map((i) => [i.name, i.median ? ms(i.median) : '< 16', i.worst ? ms(i.worst) : '< 16']),
  ]

  log(`\n(g) First and repeat view, slow 4G and 4x CPU, median of ${VIEW_RUNS} ...`)
  const views = await repeatView(browser, shortPage, VIEW_RUNS)
  const viewRows = [
    ['view', "widget's bytes over the network", 'whole footer, ms', 'content call answered by'],
    ...(
      [
        ['first', views.first],
        ['repeat', views.repeat],
      ] as const
    ).map(([name, v]) => [name, String(v.bytes), ms(v.footer), v.content]),
  ]

  const text = [
    `(e) Host page vitals, Lighthouse ${LH_RUNS} runs each (median; mobile, slow 4G, 4x CPU; simulated unless the page says devtools)`,
    formatTable(vitals),
    ...audits,
    '',
    `(f) Interaction to next paint at 4x CPU (Event Timing), ${INP_RUNS} runs`,
    formatTable(inpRows),
    '',
    `(g) First and repeat view of the German page (slow 4G, 4x CPU), median of ${VIEW_RUNS}`,
    formatTable(viewRows),
  ].join('\n')
  log(`\n${text}`)
  await writeDocBlock(text)
  return {
    text,
    tables: [
      { title: '(e) Host page vitals (Lighthouse)', rows: vitals, note: audits.join(' · ') },
      { title: '(f) Interaction to next paint at 4x CPU', rows: inpRows },
      { title: '(g) First and repeat view', rows: viewRows },
    ],
  }
}

/** Puts `text` between its markers in docs/performance.md. */
const writeDocBlock = (text: string) =>
  writeDocsBlock(
    'docs/performance.md',
    'bench:host-view',
    'npm run bench',
    `\n\`\`\`\n${text}\n\`\`\`\n`,
  )

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.BENCH_PORT ?? 8429)
  const origin = `http://127.0.0.1:${port}`
  const server = await serve(createContractServer({ origin }).handle, port, '127.0.0.1')
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-gpu'],
  })
  try {
    await hostViewBench(origin, browser, console.log)
  } finally {
    await browser.close()
    server.close()
  }
}
