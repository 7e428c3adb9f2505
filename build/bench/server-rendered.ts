/**
 * Bench part (e)'s server-rendered short page alone, against its one-tag twin (host-view.ts
 * SERVER_RENDERED_PAGES): Lighthouse mobile with devtools throttling, widget and blocked, paired.
 *   npx tsx build/bench/server-rendered.ts   (serves dist/ on BENCH_PORT, default 8429)
 * BENCH_LH_RUNS (default 5) sets the pairs per page; BENCH_PAGE=ssr runs the server-rendered page alone.
 * Prints the table and the paired differences; `npm run bench` writes them into docs/performance.md.
 */
import { createContractServer } from '../../server/handler.ts'
import { serve } from '../../server/core/node-adapter.ts'
import { SERVER_RENDERED_PAGES, pairedLines } from './host-view.ts'
import { WIDGET_SCRIPTS, hostVitals } from './lighthouse.ts'

const port = Number(process.env.BENCH_PORT ?? 8429)
const origin = `http://127.0.0.1:${port}`
const server = await serve(createContractServer({ origin }).handle, port, '127.0.0.1')
try {
  const pages = await hostVitals(
    SERVER_RENDERED_PAGES(`${origin}/de/`).filter(
      (p) => process.env.BENCH_PAGE !== 'ssr' || p.url.includes('ssr'),
    ),
    WIDGET_SCRIPTS,
    /\/static\/footer\./,
    Number(process.env.BENCH_LH_RUNS ?? 5),
    console.log,
  )
  for (const p of pages)
    console.log(
      `${p.name}: widget LCP ${p.widget.lcp.toFixed(0)} ms, CLS ${p.widget.cls.toFixed(3)}, element ${p.widget.lcpElement}; blocked LCP ${p.blocked.lcp.toFixed(0)} ms, element ${p.blocked.lcpElement}`,
    )
  for (const line of pairedLines(pages)) console.log(line)
} finally {
  server.close()
}
