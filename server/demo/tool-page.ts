/** The demo tools' pages (outbox, staff, faults): one look, one policy, and a word on what they are. */
import { html } from '../core/http.ts'

/** Policy of the demo tool pages: no script at all, our stylesheet, forms to us. */
const TOOL_PAGE_CSP =
  "default-src 'none'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

const DEMO_NOTICE =
  'Demo tool: it exists only while the contract server runs in demo mode (npm start), for browsers on the machine it runs on.'

export function toolPage(
  title: string,
  body: string,
  headers: Record<string, string> = {},
  status = 200,
): Response {
  return html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/_demo/host.css"></head><body><main class="host-main">${body}<p><small>${DEMO_NOTICE}</small></p></main></body></html>`,
    status,
    { 'content-security-policy': TOOL_PAGE_CSP, ...headers },
  )
}
