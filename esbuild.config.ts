/**
 * Builds one classic script (IIFE) per locale, all in one process.
 *
 *   npm run build          Preact bundles (what ships) -> dist/
 *   npm run build:react    the same source on real React 19 -> dist/react/ (the yardstick)
 *
 * The command line only: the build itself (options, aliases, plugins, buildAll) is
 * build/product/build.ts.
 */
import * as esbuild from 'esbuild'
import { pathToFileURL } from 'node:url'
import { buildAll, outDirFor, type Flavor } from './build/product/build.ts'
import { floorQueries } from './build/product/browser-floor.ts'
import { floorViolations } from './build/product/floor-check.ts'

async function main(): Promise<void> {
  const flavor: Flavor = process.argv.includes('--react') ? 'react' : 'preact'
  try {
    const { manifest, violations, ms } = await buildAll(flavor, outDirFor(flavor))
    for (const b of manifest.bundles) {
      console.log(
        `${b.file.padEnd(34)} ${String(b.bytes.min).padStart(7)} B min ${String(b.bytes.brotli).padStart(6)} B br`,
      )
    }
    console.log(`built ${manifest.bundles.length} ${flavor} bundles in ${Math.round(ms)} ms`)
    // The React build is a yardstick for comparison, not shipped, so only Preact bundles have budgets.
    if (flavor === 'preact' && violations.length > 0) {
      console.error(`Size budget exceeded:\n  ${violations.join('\n  ')}`)
      process.exitCode = 1
    }
    // What ships must run on the browser floor (package.json browserslist); the React build is not shipped.
    if (flavor === 'preact') {
      const started = performance.now()
      const below = await floorViolations(
        outDirFor(flavor),
        manifest.bundles.map((b) => b.file),
      )
      if (below.length > 0) {
        console.error(
          `Below the browser floor (${floorQueries().join(', ')}), unguarded:\n  ${below.map((v) => `${v.file}: ${v.message}`).join('\n  ')}`,
        )
        process.exitCode = 1
      } else
        console.log(
          `browser floor check: ${manifest.bundles.length} bundles clean in ${Math.round(performance.now() - started)} ms`,
        )
    }
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
