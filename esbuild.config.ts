/**
 * Builds one classic script (IIFE) per locale, all in one process.
 *
 *   npm run build          Preact bundles (what ships) -> dist/public/, the release folder;
 *                          the demo's kit gallery -> dist/kit/, beside it
 *   npm run build:react    the same source on real React 19 -> dist/react/public/ (the yardstick)
 *   npm run build:react:yardstick   the React build of the German market only: what the
 *                                   browser suite's React tests load (docs/TESTING.md)
 *
 * FOOTER_PUBLIC_PATH sets the address the manifest's tags load the bundles from (default
 * `/static/`), e.g. `https://cdn.example.com/lumora/static/` for a CDN, or the asset origin alone
 * (`https://cdn.example.com`, then `/static/` is added); any other path stops the build.
 *
 * The command line only: the build itself (options, aliases, plugins, buildAll) is
 * build/product/build.ts.
 */
import * as esbuild from 'esbuild'
import { pathToFileURL } from 'node:url'
import { buildAll, outDirFor, publicPathFrom, type Flavor } from './build/product/build.ts'
import { floorQueries } from './build/product/browser-floor.ts'
import { MARKETS } from './build/product/markets.ts'
import { buildServerRender } from './build/product/server-render.ts'

/** Why a finished build fails: bundles over their budget, or code below the browser floor. */
export function buildFailures(result: { violations: string[]; belowFloor: string[] }): string[] {
  return [
    ...(result.violations.length > 0
      ? [`Size budget exceeded:\n  ${result.violations.join('\n  ')}`]
      : []),
    ...(result.belowFloor.length > 0
      ? [
          `Below the browser floor (${floorQueries().join(', ')}), unguarded:\n  ${result.belowFloor.join('\n  ')}`,
        ]
      : []),
  ]
}

async function main(): Promise<void> {
  const flavor: Flavor = process.argv.includes('--react') ? 'react' : 'preact'
  // --markets=DE,AT: only these markets' footers (the React yardstick of the test plan).
  const sites = process.argv.find((a) => a.startsWith('--markets='))?.slice('--markets='.length)
  const markets = sites ? MARKETS.filter((m) => sites.split(',').includes(m.site)) : MARKETS
  if (flavor === 'preact' && markets.length < MARKETS.length)
    throw new Error('The shipped build is built for every market: --markets is for --react')
  try {
    const result = await buildAll(
      flavor,
      outDirFor(flavor),
      publicPathFrom(process.env.FOOTER_PUBLIC_PATH),
      markets,
    )
    // The server's render and the package (docs/server-rendering.md): the shipped build's only.
    if (flavor === 'preact') await buildServerRender(outDirFor(flavor))
    const gallery = { ...result.gallery, file: `kit/${result.gallery.file}` }
    for (const b of [...result.manifest.bundles, gallery]) {
      console.log(
        `${b.file.padEnd(34)} ${String(b.bytes.min).padStart(7)} B min ${String(b.bytes.brotli).padStart(6)} B br`,
      )
    }
    const count = result.manifest.bundles.length + 1
    console.log(
      `built ${count} ${flavor} bundles in ${Math.round(result.ms)} ms (the kit gallery outside the release folder)`,
    )
    const failures = buildFailures(result)
    for (const failure of failures) console.error(failure)
    if (failures.length > 0) process.exitCode = 1
    else if (flavor === 'preact') console.log(`browser floor check: ${count} bundles clean`)
  } catch (error) {
    const failure = error as esbuild.BuildFailure
    if (failure.errors) {
      const text = await esbuild.formatMessages(failure.errors, { kind: 'error' })
      console.error(text.join('\n'))
    } else console.error(error)
    process.exitCode = 1
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
