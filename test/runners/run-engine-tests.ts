/**
 * Runs the visitor journeys (test/engines/journeys.ts) in Firefox ESR and WebKit against the built
 * bundles (run `npm run build` first; `npm test` does), the engines side by side on one server.
 * Chromium is the browser suite's engine (test/browser/): every journey is proven there by a
 * Playwright spec (docs/TESTING.md lists which), so it runs the journeys only when named.
 *
 *   npm run test:engines                       Firefox and WebKit, every journey
 *   npm run test:engines -- chromium           some engines
 *   npm run test:engines -- --grep "HU"        journeys whose name contains the text
 *
 * Starts the demo server on ENGINES_PORT (default 8392). Installs Debian's engines when missing
 * and root. A failed journey is tried once more (the machine is shared and slow at times); it
 * counts as passed only if the second attempt passes, and the report says so. Exits non-zero when
 * any journey fails.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { ensureEngines, type EnginePaths } from './ensure-engines.ts'
import { REPO_ROOT } from '../../build/repo-root.ts'
import type { Engine, EngineName } from '../engines/driver.ts'

// Nothing here may fetch a browser: puppeteer-core never does; these keep its relatives from trying.
process.env.PUPPETEER_SKIP_DOWNLOAD = '1'
process.env.PUPPETEER_SKIP_CHROME_DOWNLOAD = '1'

const ENGINES: EngineName[] = ['chromium', 'firefox', 'webkit']
/** The engines a run without names drives: the ones the browser suite does not. */
const DEFAULT_ENGINES: EngineName[] = ['firefox', 'webkit']
const JOURNEY_TIMEOUT_MS = 90_000

function parseArgs(argv: string[]): { engines: EngineName[]; grep?: string } {
  const grepAt = argv.indexOf('--grep')
  const grep = grepAt >= 0 ? argv[grepAt + 1] : undefined
  const names = argv.filter((a, i) => !a.startsWith('--') && (grepAt < 0 || i !== grepAt + 1))
  const engines = names.length
    ? names.filter((n): n is EngineName => (ENGINES as string[]).includes(n))
    : DEFAULT_ENGINES
  if (names.length && engines.length !== names.length)
    throw new Error(`Unknown engine in ${names.join(', ')}; known: ${ENGINES.join(', ')}`)
  return { engines, grep }
}

async function launch(name: EngineName, paths: Required<EnginePaths>): Promise<Engine> {
  if (name === 'webkit') {
    const { launchWebKit } = await import('../engines/webdriver-engine.ts')
    return launchWebKit(paths.webkitDriver, paths.miniBrowser)
  }
  const { launchPuppeteer } = await import('../engines/puppeteer-engine.ts')
  return launchPuppeteer(name, name === 'firefox' ? paths.firefox : paths.chromium)
}

async function startServer(port: number): Promise<() => void> {
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'server/serve.ts')],
    {
      // A store of its own in memory: no run inherits another's sign-ups or logins (and their caps).
      env: { ...process.env, PORT: String(port), DATA_DIR: ':memory:' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const stop = () => void server.kill()
  // Up to 60 s: on a loaded machine compiling the server with tsx alone takes several seconds.
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return stop
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  stop()
  throw new Error(`The demo server did not start on port ${port}`)
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>(
    (_, reject) =>
      (timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms)),
  )
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

interface EngineResult {
  engine: EngineName
  passed: number
  failed: number
  seconds: number
}

async function runEngine(
  name: EngineName,
  paths: Required<EnginePaths>,
  baseUrl: string,
  grep?: string,
): Promise<EngineResult> {
  const { JOURNEYS } = await import('../engines/journeys.ts')
  const journeys = JOURNEYS.filter((j) => !grep || j.name.includes(grep))
  const started = performance.now()
  const result: EngineResult = { engine: name, passed: 0, failed: 0, seconds: 0 }
  console.log(`${name}: ${journeys.length} journeys`)
  let engine: Engine
  try {
    engine = await launch(name, paths)
  } catch (error) {
    console.log(`${name} FAIL did not start: ${(error as Error).message}`)
    return { ...result, failed: journeys.length, seconds: (performance.now() - started) / 1000 }
  }
  try {
    for (const journey of journeys) {
      let failure: string | undefined
      for (let attempt = 1; attempt <= 2; attempt++) {
        const t0 = performance.now()
        const page = await engine.newPage(baseUrl)
        try {
          await withTimeout(journey.run(page), JOURNEY_TIMEOUT_MS, journey.name)
          const note = attempt > 1 ? ` (passed on the second attempt; first: ${failure})` : ''
          console.log(
            `${name} ok   ${journey.name} (${((performance.now() - t0) / 1000).toFixed(1)} s)${note}`,
          )
          failure = undefined
          break
        } catch (error) {
          failure = (error as Error).message.split('\n')[0]
        } finally {
          await page.close().catch(() => {})
        }
      }
      if (failure) {
        result.failed++
        console.log(`${name} FAIL ${journey.name}: ${failure}`)
      } else result.passed++
    }
  } finally {
    await engine.close().catch(() => {})
  }
  result.seconds = (performance.now() - started) / 1000
  return result
}

async function main(): Promise<void> {
  const { engines, grep } = parseArgs(process.argv.slice(2))
  const paths = ensureEngines()
  const port = Number(process.env.ENGINES_PORT ?? 8392)
  const stopServer = await startServer(port)
  let results: EngineResult[] = []
  try {
    // Side by side: each engine keeps about one core busy, and the journeys share nothing but the
    // server (each signs up its own address).
    results = await Promise.all(
      engines.map((name) => runEngine(name, paths, `http://127.0.0.1:${port}`, grep)),
    )
  } finally {
    stopServer()
  }
  console.log('')
  for (const r of results)
    console.log(`${r.engine}: ${r.passed} passed, ${r.failed} failed (${Math.round(r.seconds)} s)`)
  const passed = results.reduce((n, r) => n + r.passed, 0)
  const failed = results.reduce((n, r) => n + r.failed, 0)
  console.log(`total: ${passed} passed, ${failed} failed`)
  process.exit(failed > 0 || passed === 0 ? 1 : 0)
}

await main()
