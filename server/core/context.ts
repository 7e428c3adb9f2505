/** State and clock shared by the route modules of one contract server instance. */
import { randomBytes } from 'node:crypto'
import type { Site } from '../../src/contract/sites.ts'
import { drawLoginKeys, type LoginKeys } from './login-keys.ts'
import { memoryStore } from './store/open.ts'
import type { Store } from './store/store.ts'

/** Caps on what the server keeps in memory. */
interface Limits {
  /**
   * Sign-ups awaiting confirmation; past it, new sign-ups wait (503) until links expire. Confirmed
   * subscribers have no cap: they are the consent evidence, and each took a confirmed mail.
   */
  pendingSignUps: number
  /**
   * Sign-ups awaiting confirmation from one network (networkKey): past it, that network's new
   * sign-ups wait (429) until its own links expire, so no network fills the store for everyone.
   */
  pendingPerNetwork: number
  /** The outbox keeps the newest mails. */
  mails: number
  /** Staff sessions: past the cap the oldest ends. */
  staffSessions: number
  /**
   * Live logins: past the cap new logins are refused (503) until logins end (each within hours);
   * nobody's live login is ended to make room.
   */
  logins: number
  /** Live logins of one account: past it the account's oldest ends (its owner's own logins). */
  loginsPerAccount: number
  /** Live logins started from one network: past it that network's new logins are refused (429). */
  loginsPerNetwork: number
}

const DEFAULT_LIMITS: Limits = {
  pendingSignUps: 10_000,
  pendingPerNetwork: 200,
  mails: 500,
  staffSessions: 1_000,
  logins: 10_000,
  loginsPerAccount: 20,
  loginsPerNetwork: 500,
}

/** A customer account: its address and password. */
interface Account {
  email: string
  password: string
}

/** What the footer fragment route hands the package's renderFooter (docs/server-rendering.md). */
export interface RenderFooterOptions {
  site: string
  platform: string
  /** The content call's contentJSON. */
  content: string | null
  origin: string
  assetOrigin: string
}

export interface CoreOptions {
  limits?: Partial<Limits>
  /** The address this server runs on; in-process calls resolve relative URLs against it. */
  origin?: string
  /**
   * The shop's address for links the server sends out (the confirmation mail), taken from here and
   * never from a request: a client's Host or X-Original-Address would let anyone send mails in our
   * name that lead elsewhere. Defaults to `origin`.
   */
  publicOrigin?: string
  /**
   * The path of each market's home page, where a confirmation link leads when the client did not
   * say which page it signed up on. Default: the origin's root.
   */
  sitePaths?: Partial<Record<Site, string>>
  /** The folder of the footer's content per market (footer/<site>.json) and the host pages. */
  fixturesDir: string
  /** The widget's locales/, whose newsletter strings are the consent texts (consent-texts.ts). */
  localesDir: string
  /**
   * The server render of the footer (the package's renderFooter, docs/server-rendering.md), for
   * the footer fragment route; without it that route answers 503.
   */
  renderFooter?: (options: RenderFooterOptions) => Promise<string>
  /** Where the release folder is served (pictures, logos) for the footer fragment. Defaults to `publicOrigin`. */
  assetOrigin?: string
  /**
   * Where the records live (store/open.ts): npm start's server passes the configured database;
   * default a database of its own in memory (in-process tests), which ends with the process.
   */
  store?: Store
  /** The accounts that may log in, as a shop's customer records; default: DEMO_ACCOUNT alone. */
  accounts?: readonly Account[]
  /**
   * The login tokens' signing keys (login-keys.ts), never kept in the store. Default: a key drawn
   * for this server alone (in-process tests, the demo), whose tokens end with the process.
   */
  loginKeys?: LoginKeys
  /**
   * Whether a sign-up and its confirmation keep the client's address and user agent as evidence
   * (server/README.md, CONSENT_CLIENT_EVIDENCE). Default false: the records keep neither.
   */
  keepClientEvidence?: boolean
  now?: () => Date
  /** Random bytes for tokens; injectable so tests can predict them. */
  randomBytes?: (size: number) => Uint8Array
}

export interface ServerContext {
  limits: Limits
  origin: string
  publicOrigin: string
  sitePaths: Partial<Record<Site, string>>
  fixturesDir: string
  renderFooter?: (options: RenderFooterOptions) => Promise<string>
  assetOrigin: string
  localesDir: string
  store: Store
  accounts?: readonly Account[]
  loginKeys: LoginKeys
  keepClientEvidence: boolean
  now: () => Date
  randomToken: (bytes?: number) => string
  /** Per-feature state, keyed by feature name (each route module owns its key). */
  state: Map<string, unknown>
}

export function createContext(options: CoreOptions): ServerContext {
  const random = options.randomBytes ?? ((n: number) => randomBytes(n))
  const origin = new URL(options.origin ?? 'https://shop.test').origin
  const publicOrigin = new URL(options.publicOrigin ?? origin).origin
  return {
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    origin,
    publicOrigin,
    renderFooter: options.renderFooter,
    assetOrigin: new URL(options.assetOrigin ?? publicOrigin).origin,
    sitePaths: options.sitePaths ?? {},
    fixturesDir: options.fixturesDir,
    localesDir: options.localesDir,
    store: options.store ?? memoryStore(),
    accounts: options.accounts,
    loginKeys: options.loginKeys ?? drawLoginKeys(),
    keepClientEvidence: options.keepClientEvidence ?? false,
    now: options.now ?? (() => new Date()),
    randomToken: (bytes = 16) => Buffer.from(random(bytes)).toString('base64url'),
    state: new Map(),
  }
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
