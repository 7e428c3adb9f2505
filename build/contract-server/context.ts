/** State and clock shared by the route modules of one contract server instance. */
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { REPO_ROOT } from '../repo-root.ts'

export interface ServerOptions {
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
  return {
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
