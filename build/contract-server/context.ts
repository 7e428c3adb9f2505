/** State and clock shared by the route modules of one contract server instance. */
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { REPO_ROOT } from '../repo-root.ts'
import { isLoopback, type Client } from './client.ts'

/**
 * demo: the demo tools (/_mail/, /_staff/, /_fault), the fault and bench hooks and the built-in
 * staff token exist, for loopback clients at the server's own address only. contract: only the calls of
 * SPEC §7 and the pages; what a backend copying this server would run.
 */
export type ServerMode = 'demo' | 'contract'

/** Caps on what the server keeps in memory. */
export interface Limits {
  /**
   * Sign-ups awaiting confirmation; past it, new sign-ups wait (503) until links expire. Confirmed
   * subscribers have no cap: they are the consent evidence, and each took a confirmed mail.
   */
  pendingSignUps: number
  /** The outbox keeps the newest mails. */
  mails: number
  /** Staff sessions: past the cap the oldest ends. */
  staffSessions: number
  /** Live logins: past the cap the oldest ends (each ends within hours anyway). */
  logins: number
}

export const DEFAULT_LIMITS: Limits = {
  pendingSignUps: 10_000,
  mails: 500,
  staffSessions: 1_000,
  logins: 10_000,
}

export interface ServerOptions {
  /** Default 'demo', which in-process tests use; build/contract-server/serve.ts chooses explicitly. */
  mode?: ServerMode
  /**
   * Host values (host:port, as in the Host header) that count as this server's own address in
   * demo mode. Default: origin's host, and for a loopback origin its other loopback names.
   */
  ownHosts?: string[]
  limits?: Partial<Limits>
  /** The address this server runs on; in-process calls resolve relative URLs against it. */
  origin?: string
  /**
   * The shop's address for links the server sends out (the confirmation mail), taken from here and
   * never from a request: a client's Host or X-Original-Address would let anyone send mails in our
   * name that lead elsewhere. Defaults to `origin`.
   */
  publicOrigin?: string
  /** Folder of the Preact build (manifest.json, static/); defaults to dist/. */
  distDir?: string
  fixturesDir?: string
  now?: () => Date
  /** Random bytes for tokens; injectable so tests can predict them. */
  randomBytes?: (size: number) => Uint8Array
  /** How long a "timeout" fault waits before answering, in ms. */
  hangMs?: number
}

export interface ServerContext {
  mode: ServerMode
  ownHosts: string[]
  limits: Limits
  origin: string
  publicOrigin: string
  distDir: string
  fixturesDir: string
  now: () => Date
  randomToken: (bytes?: number) => string
  hangMs: number
  /** Per-feature state, keyed by feature name (each route module owns its key). */
  state: Map<string, unknown>
}

export function createContext(options: ServerOptions = {}): ServerContext {
  const random = options.randomBytes ?? ((n: number) => randomBytes(n))
  const origin = new URL(options.origin ?? 'https://shop.test').origin
  return {
    mode: options.mode ?? 'demo',
    ownHosts: options.ownHosts ?? defaultOwnHosts(new URL(origin)),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    origin,
    publicOrigin: new URL(options.publicOrigin ?? origin).origin,
    distDir: options.distDir ?? path.join(REPO_ROOT, 'dist'),
    fixturesDir: options.fixturesDir ?? path.join(REPO_ROOT, 'fixtures'),
    now: options.now ?? (() => new Date()),
    randomToken: (bytes = 16) => Buffer.from(random(bytes)).toString('base64url'),
    hangMs: options.hangMs ?? 60_000,
    state: new Map(),
  }
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]']

function defaultOwnHosts(origin: URL): string[] {
  if (!LOOPBACK.includes(origin.hostname)) return [origin.host]
  return LOOPBACK.map((name) => (origin.port ? `${name}:${origin.port}` : name))
}

/**
 * Whether the demo's tools and hooks serve this request: demo mode, a client on this machine (the
 * socket's remote address is loopback: another machine can write any Host header, but cannot
 * send from our loopback interface), and the request names the server's own address (a page on
 * another site whose name an attacker points at 127.0.0.1, DNS rebinding, reaches the server
 * from this machine's browser under that other name, and gets nothing of them).
 */
export function demoServes(ctx: ServerContext, request: Request, client: Client): boolean {
  return (
    ctx.mode === 'demo' &&
    isLoopback(client.remoteAddress) &&
    ctx.ownHosts.includes(new URL(request.url).host)
  )
}

/** Adds to a map and drops its oldest entries past `cap` (maps keep insertion order); `keep` entries are never dropped. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, cap: number, keep?: K): void {
  map.set(key, value)
  for (const oldest of map.keys()) {
    if (map.size <= cap) break
    if (oldest !== keep) map.delete(oldest)
  }
}

/** A feature's state object, created on first use. */
export function featureState<T>(ctx: ServerContext, key: string, create: () => T): T {
  if (!ctx.state.has(key)) ctx.state.set(key, create())
  return ctx.state.get(key) as T
}
