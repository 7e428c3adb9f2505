/**
 * The staff preview file runs on the footer bundle's runtime: one Preact, one signals instance
 * and one copy of every module both need (kit, API client, contexts) on the page.
 *
 * A module is shared when the footer bundle already contains it and it is not part of the preview
 * itself (src/preview/). The build finds out which of its exports the preview uses by bundling the
 * preview once with those modules external (`sharedImports`). Then:
 *  - each footer bundle gets `virtual:preview-runtime`, an object holding exactly those bindings
 *    (`footerRuntimePlugin`), which src/preview/load.ts hands to the preview file;
 *  - the preview file is built with each shared module replaced by a read from that object
 *    (`previewOnRuntimePlugin`) and wrapped in a function that receives it (`handOffWrapper`).
 * No global is read for it: the object travels as a function argument. A name the preview needs
 * that the runtime lacks fails the preview's build ("No matching export").
 */
import * as esbuild from 'esbuild'
import path from 'node:path'
import { REPO_ROOT } from '../repo-root.ts'
import { GLOBAL_KEY } from '../../src/contract/contract.ts'

/** Module key → the export names the preview takes from it. */
export type SharedImports = Record<string, string[]>

/** The parameter name through which the preview file's code reaches the runtime. */
const RUNTIME_PARAM = '__lumoraRuntime'

/**
 * A lazily loaded file (the preview, src/lazy-file.ts) hands its exports to the footer's loader
 * without a global of its own: it calls its name (`preview`, `doi`, `login`) on the footer's
 * marker object (window.__lumoraFooter) with a function that takes the runtime and returns the
 * file's exports. The file is built as a module whose closing `export { ... }` becomes that
 * function's `return { ... }` (`exportsAsReturn`): esbuild's own exports object for a named
 * global would be filled by a `for...in` over an object literal, which walks what a host page's
 * polluted Object.prototype adds (tests: prototype-pollution.spec.ts) and throws.
 */
export function handOffWrapper(name: string) {
  return {
    format: 'esm' as const,
    banner: { js: `(function(f){f&&f.${name}&&f.${name}(function(${RUNTIME_PARAM}){` },
    footer: { js: `})})(window.${GLOBAL_KEY});` },
  }
}

/** The module's last `export { local as name, ... }` as `return { name: local, ... }`. */
export function exportsAsReturn(code: string): string {
  const clauses = [...code.matchAll(/export\s*\{([^}]*)\};?/g)]
  if (clauses.length !== 1) throw new Error(`expected one export clause, found ${clauses.length}`)
  const [clause] = clauses
  const properties = clause[1]
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter(([local]) => local)
    .map(([local, exported = local]) => `${JSON.stringify(exported)}:${local}`)
  return (
    code.slice(0, clause.index) +
    `return{${properties.join(',')}};` +
    code.slice(clause.index + clause[0].length)
  )
}

/** The shared imports of several files as one runtime: each module's names, all of them. */
export function mergeImports(all: SharedImports[]): SharedImports {
  const merged: SharedImports = {}
  for (const imports of all)
    for (const [key, names] of Object.entries(imports))
      merged[key] = [...new Set([...(merged[key] ?? []), ...names])].sort()
  return merged
}

const relative = (file: string) => path.relative(REPO_ROOT, file).split(path.sep).join('/')

/** The repo-relative paths of every module in the footer bundle (as its metafile names them). */
export function footerModules(metafile: esbuild.Metafile): Set<string> {
  return new Set(Object.keys(metafile.inputs))
}

/** The repo-relative key of an import when it resolves to a module the preview shares, else undefined. */
async function sharedKey(
  build: esbuild.PluginBuild,
  args: esbuild.OnResolveArgs,
  footer: Set<string>,
): Promise<string | undefined> {
  if (args.pluginData === 'inner' || args.kind === 'entry-point') return undefined
  const resolved = await build.resolve(args.path, {
    kind: args.kind,
    importer: args.importer,
    resolveDir: args.resolveDir,
    pluginData: 'inner',
  })
  if (resolved.errors.length > 0 || resolved.namespace !== 'file') return undefined
  const key = relative(resolved.path)
  return footer.has(key) && !key.startsWith('src/preview/') ? key : undefined
}

/** Marks the shared modules external under their repo-relative key. */
function externalSharedPlugin(footer: Set<string>): esbuild.Plugin {
  return {
    name: 'external-shared',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        const key = await sharedKey(build, args, footer)
        return key ? { path: key, external: true } : undefined
      })
    },
  }
}

/**
 * The exports the preview takes from each shared module, read off a throwaway ESM build of the
 * preview in which those modules are external (esbuild then lists exactly the names used).
 */
export async function sharedImports(
  options: esbuild.BuildOptions,
  footer: Set<string>,
): Promise<SharedImports> {
  const result = await esbuild.build({
    ...options,
    format: 'esm',
    minify: false,
    write: false,
    metafile: false,
    plugins: [externalSharedPlugin(footer), ...(options.plugins ?? [])],
  })
  const code = result.outputFiles![0].text
  const imports: SharedImports = {}
  for (const [, clause, key] of code.matchAll(/^import\s+([^;]*?)\s+from\s+"([^"]+)";$/gm)) {
    if (clause.startsWith('*'))
      throw new Error(
        `The preview imports all of ${key}; import its names instead, so the footer carries only those.`,
      )
    const names = clause
      .replace(/[{}]/g, '')
      .split(',')
      .map((part) => part.trim().split(/\s+as\s+/)[0])
      .filter(Boolean)
    // A bare default import (`import x from`) reads as its local name; esbuild writes it first.
    const defaultName = /^[\w$]+(?=\s*(,|$))/.exec(clause)?.[0]
    // esbuild writes one import statement per importing module, so names add up per key.
    imports[key] = [
      ...new Set([
        ...(imports[key] ?? []),
        ...names.map((name) => (name === defaultName ? 'default' : name)),
      ]),
    ].sort()
  }
  return imports
}

/**
 * `virtual:preview-runtime` in the footer bundles: the shared bindings as arrays, one per module
 * in the order of `imports` (indices cost the footer fewer bytes than module and export names).
 */
export function footerRuntimePlugin(imports: SharedImports): esbuild.Plugin {
  return {
    name: 'preview-runtime',
    setup(build) {
      build.onResolve({ filter: /^virtual:preview-runtime$/ }, () => ({
        path: 'runtime',
        namespace: 'preview-runtime',
      }))
      build.onLoad({ filter: /.*/, namespace: 'preview-runtime' }, () => {
        const modules = Object.entries(imports)
        const lines = modules.map(
          ([key, names], i) =>
            `import { ${names.map((name, j) => `${name} as m${i}_${j}`).join(', ')} } from ${JSON.stringify(path.join(REPO_ROOT, key))}`,
        )
        const arrays = modules.map(
          ([, names], i) => `[${names.map((_, j) => `m${i}_${j}`).join(', ')}]`,
        )
        return {
          contents: `${lines.join('\n')}\nexport default [${arrays.join(', ')}]`,
          loader: 'js',
          resolveDir: REPO_ROOT,
        }
      })
    },
  }
}

/** In the preview build, every shared module becomes a read from the runtime it is handed. */
export function previewOnRuntimePlugin(
  footer: Set<string>,
  imports: SharedImports,
): esbuild.Plugin {
  const modules = Object.keys(imports)
  return {
    name: 'preview-on-runtime',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        const key = await sharedKey(build, args, footer)
        return key ? { path: key, namespace: 'runtime-module' } : undefined
      })
      build.onLoad({ filter: /.*/, namespace: 'runtime-module' }, (args) => {
        const i = modules.indexOf(args.path)
        const reads = (imports[args.path] ?? []).map((name, j) => {
          const read = `${RUNTIME_PARAM}[${i}][${j}]`
          return name === 'default' ? `export default ${read}` : `export const ${name} = ${read}`
        })
        return { contents: reads.join('\n'), loader: 'js' }
      })
    },
  }
}
