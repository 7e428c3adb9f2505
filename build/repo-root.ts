/**
 * The repository root, found by walking up to package.json. Works both when tooling runs from
 * build/ and when unit tests run from bundles in .cache/unit/.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

function findRoot(start: string): string {
  let dir = start
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`No package.json above ${start}`)
    dir = parent
  }
  return dir
}

export const REPO_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)))
