/**
 * The browser floor: the one list is `browserslist` in package.json (docs/EMBEDDING.md, "Browser
 * support", says why these versions). Everything that must agree with it derives from it here:
 * esbuild's syntax target for the bundles and their CSS, and the API and CSS checks of the built
 * bundles (build/product/floor-check.ts).
 */
import browserslist from 'browserslist'
import { REPO_ROOT } from '../repo-root.ts'

/** The floor's browsers, e.g. ['chrome 79', 'ios_saf 12.0-12.1', ...]. */
export function floorBrowsers(): string[] {
  return browserslist(floorQueries())
}

/** The queries as written in package.json (for tools that take queries, not resolved browsers). */
export function floorQueries(): string[] {
  const queries = browserslist.loadConfig({ path: REPO_ROOT })
  if (!queries?.length)
    throw new Error('package.json has no browserslist entry: the browser floor is missing')
  return queries
}

/** browserslist family -> esbuild engine. Android webviews and other Chromium browsers follow Chrome's version. */
const ESBUILD_ENGINE: Record<string, string> = {
  chrome: 'chrome',
  and_chr: 'chrome',
  android: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  and_ff: 'firefox',
  safari: 'safari',
  ios_saf: 'ios',
}

/** esbuild's target: the oldest version of each engine on the floor (e.g. ios_saf "12.0-12.1" -> ios12.0). */
export function esbuildTarget(browsers = floorBrowsers()): string[] {
  const oldest = new Map<string, number[]>()
  for (const entry of browsers) {
    const [family, range] = entry.split(' ')
    const engine = ESBUILD_ENGINE[family]
    if (!engine)
      throw new Error(
        `The floor names ${entry}, which esbuild has no target for: add its engine to ESBUILD_ENGINE`,
      )
    const version = range.split('-')[0].split('.').map(Number)
    const known = oldest.get(engine)
    if (!known || compareVersions(version, known) < 0) oldest.set(engine, version)
  }
  return [...oldest].map(([engine, version]) => `${engine}${version.join('.')}`).sort()
}

function compareVersions(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}
