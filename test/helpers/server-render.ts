/**
 * The footer's server render as the build writes it (build/product/server-render.ts): the one
 * `npm test` built first (FOOTER_BUILT_DIR), or, when a test file runs alone, the render alone
 * built once into a temporary folder (a few seconds).
 */
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildPaths } from '../../build/product/output.ts'
import { buildServerRender } from '../../build/product/server-render.ts'
import type * as ServerRender from '../../types/lumora-footer-server.d.ts'

let built: Promise<string> | undefined

/** The build folder holding `server/` (and, from FOOTER_BUILT_DIR, the release folder too). */
export function builtServerDir(): Promise<string> {
  built ??= (async () => {
    const given = process.env.FOOTER_BUILT_DIR
    if (given && existsSync(path.join(buildPaths(given).server, 'index.mjs'))) return given
    const outDir = mkdtempSync(path.join(tmpdir(), 'footer-server-'))
    await buildServerRender(outDir)
    return outDir
  })()
  return built
}

/** The package's main export, as an integrator imports it. */
export async function serverRender(): Promise<typeof ServerRender> {
  const entry = path.join(buildPaths(await builtServerDir()).server, 'index.mjs')
  return (await import(pathToFileURL(entry).href)) as typeof ServerRender
}
