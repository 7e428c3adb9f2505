/**
 * The contract core (build/contract-server/core/) is what a backend team copies: its import graph
 * reaches the widget's contract in src/ and node's built-ins, never the product build, the demo
 * layer or the bench. Walked statically, type-only imports included (a copy needs them too).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'

const CORE = 'build/contract-server/core'
const FORBIDDEN = ['build/product/', 'build/contract-server/demo/', 'build/bench/']

const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g

/** A relative specifier as a repository file, the way TypeScript resolves it (with or without extension). */
function resolve(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(path.join(REPO_ROOT, from)), specifier)
  const file = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  )
  if (!file) throw new Error(`${from}: cannot resolve ${specifier}`)
  return path.relative(REPO_ROOT, file).split(path.sep).join('/')
}

/** Every repository file reachable from `entries` by relative imports, each with a file importing it. */
function importGraph(entries: string[]): Map<string, string> {
  const seen = new Map<string, string>(entries.map((entry) => [entry, '(entry)']))
  const queue = [...entries]
  for (let file = queue.shift(); file; file = queue.shift()) {
    const text = readFileSync(path.join(REPO_ROOT, file), 'utf8')
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2]
      if (!specifier.startsWith('.')) continue
      const target = resolve(file, specifier)
      if (seen.has(target)) continue
      seen.set(target, file)
      queue.push(target)
    }
  }
  return seen
}

const coreFiles = readdirSync(path.join(REPO_ROOT, CORE), { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts'))
  .map((name) => `${CORE}/${name.split(path.sep).join('/')}`)

test('the contract core imports nothing from the product build, the demo layer or the bench', () => {
  assert.ok(coreFiles.length > 10, `core files found: ${coreFiles.length}`)
  const graph = importGraph(coreFiles)
  const outside = [...graph]
    .filter(([file]) => FORBIDDEN.some((folder) => file.startsWith(folder)))
    .map(([file, importer]) => `${importer} imports ${file}`)
  assert.equal(outside, [])
  assert.ok(graph.has('src/contract.ts'), 'the walk follows imports into src/')
})

test.run()
