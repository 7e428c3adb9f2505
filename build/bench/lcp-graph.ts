/**
 * What Lighthouse's simulated LCP is made of: one Lighthouse run (mobile defaults) of a host page
 * with the widget and one with its script blocked, each followed by the nodes of Lantern's two
 * LCP graphs (optimistic and pessimistic; the reported LCP is their mean) with their simulated
 * start and end. A request or task the widget adds shows there with the time it ends in the model,
 * and the largest end is that graph's LCP. Issue 39's goal is read against it in
 * docs/decisions/2026-11-27-lcp-floor-under-lantern.md.
 *   npm run build && npx tsx build/bench/lcp-graph.ts [path, default /de/]   (BENCH_PORT, default 8429)
 * Tasks under 4 ms of simulated time are left out of the listing; they move no figure.
 */
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js'
import { findChromium } from '../../test/runners/ensure-chromium.ts'
import { createContractServer } from '../../server/handler.ts'
import { serve } from '../../server/core/node-adapter.ts'
import { CHROME_FLAGS, WIDGET_SCRIPTS } from './lighthouse.ts'

/** The parts of Lantern's graph nodes read here. */
interface GraphNode {
  type: 'network' | 'cpu'
  duration: number
  request?: { url: string; resourceType: string; transferSize: number; priority: string }
  childEvents?: { name: string }[]
}
interface NodeTiming {
  startTime: number
  endTime: number
}

const LISTED_EVENTS = new Set(['EvaluateScript', 'TimerFire', 'FireAnimationFrame', 'Layout'])

function describe(node: GraphNode): string {
  if (node.request) {
    const { url, resourceType, transferSize, priority } = node.request
    return `${resourceType} ${new URL(url).pathname.slice(0, 64)} (${transferSize} B, ${priority})`
  }
  const events = [
    ...new Set(node.childEvents?.map((e) => e.name).filter((n) => LISTED_EVENTS.has(n))),
  ]
  return `task ${(node.duration / 1000).toFixed(0)} ms observed${events.length ? `: ${events.join(', ')}` : ''}`
}

/** Runs Lighthouse once and lists the LCP graphs' nodes, by simulated end. */
async function lcpGraph(port: number, url: string, blocked: boolean): Promise<string[]> {
  const simulations = (
    Lantern as unknown as {
      Simulation: { Simulator: { allNodeTimings: Map<string, Map<GraphNode, NodeTiming>> } }
    }
  ).Simulation.Simulator.allNodeTimings
  simulations.clear()
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    blockedUrlPatterns: blocked ? [WIDGET_SCRIPTS] : [],
  })
  const lcp = result?.lhr.audits['largest-contentful-paint']?.numericValue ?? NaN
  const lines = [
    `${blocked ? 'blocked' : 'widget'}: LCP ${lcp.toFixed(0)} ms (the mean of the two graphs' ends)`,
  ]
  for (const [label, timings] of simulations) {
    if (!/LargestContentfulPaint/.test(label)) continue
    lines.push(`  ${label.replace('LargestContentfulPaint', '')} graph: start, end (ms), node`)
    const rows = [...timings].sort((a, b) => a[1].endTime - b[1].endTime)
    for (const [node, t] of rows) {
      if (node.type === 'cpu' && t.endTime - t.startTime < 4) continue
      lines.push(
        `    ${t.startTime.toFixed(0).padStart(5)} ${t.endTime.toFixed(0).padStart(5)}  ${describe(node)}`,
      )
    }
  }
  return lines
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Lighthouse keeps every simulation's node timings only with this set (asset-saver's debug traces).
  process.env.LANTERN_DEBUG = '1'
  const port = Number(process.env.BENCH_PORT ?? 8429)
  const origin = `http://127.0.0.1:${port}`
  const server = await serve(createContractServer({ origin }).handle, port, '127.0.0.1')
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: CHROME_FLAGS,
  })
  try {
    const url = new URL(process.argv[2] ?? '/de/', origin).href
    for (const blocked of [false, true])
      console.log((await lcpGraph(chrome.port, url, blocked)).join('\n'))
  } finally {
    chrome.kill()
    server.close()
  }
}
