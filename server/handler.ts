/**
 * The contract server by mode: the contract core (core/: the calls of SPEC §7 and nothing else,
 * what a backend team copies), and in demo mode the demo layer on top (demo/: pages, bundles,
 * kit, host pages, demo tools, the fault hook and the hooks handed in). `npm start` serves it over
 * HTTP (serve.ts); unit tests pass its `fetch` to the widget's API client, so tests and demo share
 * one source of truth.
 */
import { MARKETS } from '../build/product/markets.ts'
import type { CoreOptions } from './core/context.ts'
import { createContractCore, type ContractServer } from './core/handler.ts'
import { demoLayer, type DemoOptions } from './demo/index.ts'
import { FIXTURES_DIR, LOCALES_DIR } from './paths.ts'

export type { ContractServer }

/** demo: the core and the demo layer. contract: the core alone. */
export type ServerMode = 'demo' | 'contract'

export interface ServerOptions
  extends Omit<CoreOptions, 'fixturesDir' | 'localesDir'>,
    DemoOptions {
  /** Default: the checkout's fixtures/ (paths.ts). */
  fixturesDir?: string
  /** Default: the checkout's locales/ (paths.ts). */
  localesDir?: string
  /** Default 'demo', which in-process tests use; serve.ts chooses explicitly. */
  mode?: ServerMode
}

/** The market pages' paths, where a confirmation link leads when the client named no page. */
const SITE_PATHS = Object.fromEntries(MARKETS.map((m) => [m.site, m.path]))

export function createContractServer(options: ServerOptions = {}): ContractServer {
  const { mode = 'demo', ownHosts, distDir, hangMs, hooks, ...core } = options
  const coreOptions = {
    sitePaths: SITE_PATHS,
    fixturesDir: FIXTURES_DIR,
    localesDir: LOCALES_DIR,
    ...core,
  }
  return mode === 'demo'
    ? createContractCore(coreOptions, demoLayer({ ownHosts, distDir, hangMs, hooks }))
    : createContractCore(coreOptions)
}
