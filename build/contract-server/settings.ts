/** How `npm start` runs the server: its settings from the environment. */
import type { ServerMode, ServerOptions } from './handler.ts'

/**
 * The server's settings from the environment of `npm start` (build/contract-server/serve.ts): PORT (8080), HOST
 * (127.0.0.1: the demo is for this machine unless asked; on any HOST the demo tools, which hand
 * out staff sessions and show everyone's confirmation links, answer loopback clients only),
 * SERVER_MODE (demo, or contract for the SPEC §7 calls alone), PUBLIC_ORIGIN (the
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
