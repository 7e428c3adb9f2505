/**
 * A static walk of relative imports (type-only ones included), for tests of what a module graph
 * holds: which room imports which (test/rules/imports.test.ts), what the widget's entries never reach.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'

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

/** The repository files `file` imports by relative specifiers, type-only ones included. */
export function importsOf(file: string): string[] {
  const text = readFileSync(path.join(REPO_ROOT, file), 'utf8')
  return [...text.matchAll(SPECIFIER)]
    .map((match) => match[1] ?? match[2])
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(file, specifier))
}

/** Every repository file reachable from `entries` by relative imports, each with a file importing it. */
export function importGraph(entries: string[]): Map<string, string> {
  const seen = new Map<string, string>(entries.map((entry) => [entry, '(entry)']))
  const queue = [...entries]
  for (let file = queue.shift(); file; file = queue.shift()) {
    for (const target of importsOf(file)) {
      if (seen.has(target)) continue
      seen.set(target, file)
      queue.push(target)
    }
  }
  return seen
}
