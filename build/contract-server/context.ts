/** State and clock shared by the route modules of one contract server instance. */
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { REPO_ROOT } from '../repo-root.ts'

export interface ServerOptions {
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

/** A feature's state object, created on first use. */
export function featureState<T>(ctx: ServerContext, key: string, create: () => T): T {
  if (!ctx.state.has(key)) ctx.state.set(key, create())
  return ctx.state.get(key) as T
}
