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
import { createContractServer } from '../contract-server/handler.ts'
import { serve } from '../contract-server/core/node-adapter.ts'
import { formatTable } from './sizes.ts'
import { hostVitals, type PageVitals } from './lighthouse.ts'
import { median } from './browser.ts'
import { interactionLatencies } from './interactions.ts'
import { repeatView } from './repeat-view.ts'

const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 5)
const INP_RUNS = Number(process.env.BENCH_INP_RUNS ?? 5)
const VIEW_RUNS = Number(process.env.BENCH_VIEW_RUNS ?? 5)

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
  const pages = await hostVitals(
    [
      { name: 'short /de/', url: shortPage },
      { name: 'long /_hosts/article.html', url: `${origin}/_hosts/article.html` },
    ],
    '*/static/footer.*',
    /\/static\/footer\./,
    LH_RUNS,
    log,
  )
  const vitals = vitalsRows(pages)
  const audits = [...pairedLines(pages), ...auditLines(pages)]

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
    `(e) Host page vitals, Lighthouse ${LH_RUNS} runs each (median; mobile, simulated slow 4G, 4x CPU)`,
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
