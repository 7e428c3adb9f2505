/** How `npm start` runs the server, and the demo tools' pages (outbox, staff, faults): one look, one policy, and a word on what they are. */
import { html } from './http.ts'
import type { ServerMode, ServerOptions } from './context.ts'
import { TOOL_PAGE_CSP } from './safety.ts'

export const DEMO_NOTICE =
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

/**
 * The server's settings from the environment of `npm start` (build/contract-server/serve.ts): PORT (8080), HOST
 * (127.0.0.1: the demo is for this machine unless asked; on any HOST the demo tools, which hand
 * out staff sessions and show everyone's confirmation links, answer loopback clients only),
 * SERVER_MODE (demo, or contract for the SPEC §7 calls and pages alone), PUBLIC_ORIGIN (the
 * confirmation links' origin; default the address served on).
 */
export function serveOptions(env: Record<string, string | undefined>): {
  port: number
  host: string
  options: ServerOptions
} {
  const port = Number(env.PORT ?? 8080)
  const host = env.HOST ?? '127.0.0.1'
  const mode = env.SERVER_MODE ?? 'demo'
  if (mode !== 'demo' && mode !== 'contract')
    throw new Error(`SERVER_MODE is demo or contract, not ${mode}`)
  const name = host === '0.0.0.0' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  return {
    port,
    host,
    options: {
      mode: mode as ServerMode,
      origin: `http://${name}:${port}`,
      publicOrigin: env.PUBLIC_ORIGIN,
    },
  }
}
