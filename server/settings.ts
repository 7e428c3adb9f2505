/** How `npm start` runs the server: its settings from the environment. */
import type { ServerMode, ServerOptions } from './handler.ts'
import { trustedProxies, type TrustedProxies } from './core/client.ts'
import { configuredLoginKeys } from './core/login-keys.ts'
import { StartRefused } from './core/private-files.ts'

/**
 * The server's settings from the environment of `npm start` (server/serve.ts): PORT (8080), HOST
 * (127.0.0.1: the demo is for this machine unless asked; 0.0.0.0 or :: for every interface; on any HOST the demo tools, which hand
 * out staff sessions and show everyone's confirmation links, answer loopback clients only),
 * SERVER_MODE (demo, or contract for the SPEC §7 calls alone), PUBLIC_ORIGIN (the
 * confirmation links' origin; default the address served on), ASSET_ORIGIN (where the release
 * folder is served, for the server-rendered footer's pictures; default PUBLIC_ORIGIN),
 * LOGIN_KEYS or LOGIN_KEYS_FILE
 * (the login tokens' signing keys, core/login-keys.ts: contract mode does not start without
 * them; demo mode draws its own, and its logins end with the process), CONSENT_CLIENT_EVIDENCE
 * (`keep`: a sign-up and its confirmation keep the client's address and user agent; `none`, the
 * default: neither is kept), TRUST_PROXY (the reverse proxies, addresses or CIDR networks,
 * comma-separated, whose X-Forwarded-For or Forwarded names the client; default none: the client
 * is the socket's address).
 */
/** HOST values that listen on every interface. */
const ALL_INTERFACES = ['0.0.0.0', '::']

export function serveOptions(env: Record<string, string | undefined>): {
  port: number
  host: string
  options: ServerOptions
  trustProxy?: TrustedProxies
} {
  const port = Number(env.PORT ?? 8080)
  // A bracketed IPv6 address ([::1]) is the address inside: listen() takes it bare.
  const host = (env.HOST ?? '127.0.0.1').replace(/^\[(.*)\]$/, '$1')
  const mode = env.SERVER_MODE ?? 'demo'
  if (mode !== 'demo' && mode !== 'contract')
    throw new Error(`SERVER_MODE is demo or contract, not ${mode}`)
  // On all interfaces (0.0.0.0, or :: for IPv6 and IPv4) the server's own address is its
  // loopback one: the wildcard is no address a link or a Host header can name.
  const name = ALL_INTERFACES.includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  const loginKeys = configuredLoginKeys(env)
  if (!loginKeys && mode === 'contract')
    throw new StartRefused(
      'contract mode needs the login keys: set LOGIN_KEYS or LOGIN_KEYS_FILE (server/README.md)',
    )
  const evidence = env.CONSENT_CLIENT_EVIDENCE ?? 'none'
  if (evidence !== 'keep' && evidence !== 'none')
    throw new StartRefused(`CONSENT_CLIENT_EVIDENCE is keep or none, not ${evidence}`)
  return {
    port,
    host,
    ...(env.TRUST_PROXY ? { trustProxy: trustedProxies(env.TRUST_PROXY) } : {}),
    options: {
      mode: mode as ServerMode,
      origin: `http://${name}:${port}`,
      publicOrigin: env.PUBLIC_ORIGIN,
      assetOrigin: env.ASSET_ORIGIN,
      ...(loginKeys ? { loginKeys } : {}),
      keepClientEvidence: evidence === 'keep',
    },
  }
}
