/**
 * Builds one classic script (IIFE) per locale, all in one process.
 *
 *   npm run build          Preact bundles (what ships) -> dist/public/, the release folder
 *   npm run build:react    the same source on real React 19 -> dist/react/public/ (the yardstick)
 *
 * FOOTER_PUBLIC_PATH sets the address the manifest's tags load the bundles from (default
 * `/static/`), e.g. `https://cdn.example.com/lumora/static/` for a CDN.
 *
 * The command line only: the build itself (options, aliases, plugins, buildAll) is
 * build/product/build.ts.
 */
import * as esbuild from 'esbuild'
import { pathToFileURL } from 'node:url'
import { buildAll, outDirFor, type Flavor } from './build/product/build.ts'
import { floorQueries } from './build/product/browser-floor.ts'

async function main(): Promise<void> {
  const flavor: Flavor = process.argv.includes('--react') ? 'react' : 'preact'
  try {
    const { manifest, violations, belowFloor, ms } = await buildAll(
      flavor,
      outDirFor(flavor),
      process.env.FOOTER_PUBLIC_PATH,
    )
    for (const b of manifest.bundles) {
      console.log(
        `${b.file.padEnd(34)} ${String(b.bytes.min).padStart(7)} B min ${String(b.bytes.brotli).padStart(6)} B br`,
      )
    }
    console.log(`built ${manifest.bundles.length} ${flavor} bundles in ${Math.round(ms)} ms`)
    if (violations.length > 0) {
      console.error(`Size budget exceeded:\n  ${violations.join('\n  ')}`)
      process.exitCode = 1
    }
    if (belowFloor.length > 0) {
      console.error(
        `Below the browser floor (${floorQueries().join(', ')}), unguarded:\n  ${belowFloor.join('\n  ')}`,
      )
      process.exitCode = 1
    } else if (flavor === 'preact')
      console.log(`browser floor check: ${manifest.bundles.length} bundles clean`)
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
