/**
 * The contract server by mode: the contract core (core/: the calls of SPEC §7 and nothing else,
 * what a backend team copies), and in demo mode the demo layer on top (demo/: pages, bundles,
 * kit, host pages, demo tools, the fault hook and the hooks handed in). `npm start` serves it over
 * HTTP (serve.ts); unit tests pass its `fetch` to the widget's API client, so tests and demo share
 * one source of truth.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { MARKETS } from '../build/product/markets.ts'
import { buildPaths } from '../build/product/output.ts'
import { REPO_ROOT } from '../build/repo-root.ts'
import type { CoreOptions, RenderFooterOptions } from './core/context.ts'
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

/**
 * The footer's server render as the build wrote it (build/product/server-render.ts, the package's
 * main export), loaded on first use; none where the build is not there (the fragment route
 * answers 503 then).
 */
export function builtRender(
  distDir: string,
): ((options: RenderFooterOptions) => Promise<string>) | undefined {
  const entry = path.join(buildPaths(distDir).server, 'index.mjs')
  if (!existsSync(entry)) return undefined
  type Module = { renderFooter(options: RenderFooterOptions): Promise<string> }
  let module: Promise<Module> | undefined
  return async (options) => {
    module ??= import(pathToFileURL(entry).href) as Promise<Module>
    return (await module).renderFooter(options)
  }
}

export function createContractServer(options: ServerOptions = {}): ContractServer {
  const { mode = 'demo', ownHosts, distDir, hangMs, hooks, ...core } = options
  const coreOptions = {
    sitePaths: SITE_PATHS,
    fixturesDir: FIXTURES_DIR,
    localesDir: LOCALES_DIR,
    renderFooter: builtRender(distDir ?? path.join(REPO_ROOT, 'dist')),
    ...core,
  }
  return mode === 'demo'
    ? createContractCore(coreOptions, demoLayer({ ownHosts, distDir, hangMs, hooks }))
    : createContractCore(coreOptions)
}
