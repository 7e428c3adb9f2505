/**
 * Which room of the repository may import which: one table for the widget's floors, the contract,
 * the server and the tools (docs/ARCHITECTURE.md, "Floors and parts"). Walked statically over
 * relative imports, type-only ones included (a copy of a folder needs them too). Tests may import
 * what they test; nothing but the bench and the server's start (serve.ts, which hands the demo
 * its hook) imports the bench. And no import cycle anywhere, type-only ones included.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { importGraph, importsOf } from '../helpers/import-graph.ts'

/** The widget's ground: files that stand on nothing of the widget but each other and the contract. */
const GROUND = [
  'src/shims/',
  'src/dom.ts',
  'src/log.ts',
  'src/cookies.ts',
  'src/platform.ts',
  'src/own-script.ts',
  'src/styles/',
  'src/i18n/',
]
const CONTRACT = 'src/contract/'
const FEATURES = ['src/footer/', 'src/newsletter/', 'src/preview/', 'src/session/']
/** A feature reaches another only through its door. */
const DOORS = FEATURES.map((feature) => `${feature}index.ts`)
/** I/O and settings: the API client, the embed config, the loader of lazily loaded files. */
const PARTS = ['src/api/', 'src/config.ts', 'src/lazy-file.ts']
/** A lazily loaded file's entry, whose exports the features name by type (the loader hands them over). */
const LAZY_ENTRIES = ['src/login.lazy.ts']

interface Rule {
  /** Folders (ending in /) and files this rule is for; a file takes the first rule that names it. */
  room: string[]
  /** What their imports may reach besides the room itself. */
  may: string[]
  why: string
}

const RULES: Rule[] = [
  {
    room: [CONTRACT],
    may: [],
    why: 'what widget and server share imports nothing else of the repository',
  },
  { room: GROUND, may: [...GROUND, CONTRACT], why: 'the ground imports nothing above it' },
  {
    room: ['src/kit/'],
    may: [...GROUND, CONTRACT],
    why: 'the kit imports no feature and no base/',
  },
  {
    room: PARTS,
    may: [...GROUND, CONTRACT],
    why: 'I/O and config stand on the ground',
  },
  {
    room: ['src/base/'],
    may: [...PARTS, ...GROUND, CONTRACT],
    why: 'base/ imports no feature and nothing of the root',
  },
  ...FEATURES.map((feature) => ({
    room: [feature],
    may: ['src/base/', 'src/kit/', ...PARTS, ...GROUND, CONTRACT, ...DOORS, ...LAZY_ENTRIES],
    why: 'a feature imports no root (app/, mount) and other features only through their index.ts',
  })),
  {
    room: ['src/app/'],
    may: [...FEATURES, 'src/base/', 'src/kit/', ...PARTS, ...GROUND, CONTRACT],
    why: 'app/ is the root below mount',
  },
  {
    room: ['src/'],
    may: ['src/'],
    why: 'the entries (mount.ts, mount-point.ts, the lazily loaded files) import only the widget',
  },
  {
    room: ['server/core/'],
    may: [CONTRACT],
    why: 'the core, what a backend team copies, imports only the contract and itself',
  },
  {
    room: ['server/'],
    // The demo's pages listen to the view changer's event (src/footer/view-change.ts).
    may: [
      CONTRACT,
      'build/product/',
      'build/repo-root.ts',
      'src/footer/view-change.ts',
      'build/bench/scale.ts',
    ],
    why: 'the demo and the server’s start may use the build',
  },
  {
    room: ['build/product/', 'build/docs-block.ts', 'build/repo-root.ts', 'esbuild.config.ts'],
    may: ['build/product/', 'build/docs-block.ts', 'build/repo-root.ts', 'src/', 'types/'],
    why: 'the product build reads the widget and the types the package publishes, and writes docs; it needs no server and no bench',
  },
  {
    room: ['build/bench/'],
    may: ['build/', 'server/', 'src/', 'test/'],
    why: 'the bench measures the build on the server, with the tests’ browser helpers',
  },
]

/** The bench is imported by the bench and by the server's start, which hands the demo its hook. */
const BENCH = 'build/bench/'
const BENCH_IMPORTERS = [BENCH, 'server/serve.ts']

const under = (file: string, place: string) =>
  place.endsWith('/') ? file.startsWith(place) : file === place
const isTest = (file: string) =>
  /\.(test|fuzz\.test|test-utils)\.tsx?$/.test(file) ||
  /^(test|server\/test|build\/test)\//.test(file)

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts') && !f.includes('node_modules'))
    .map((f) => `${folder}/${f.split(path.sep).join('/')}`)
}

const FILES = [...['src', 'server', 'build', 'test'].flatMap(filesUnder), 'esbuild.config.ts']
const EDGES = new Map(FILES.map((file) => [file, importsOf(file)]))

test('every source file has its rule', () => {
  const ruleless = FILES.filter(
    (f) => !isTest(f) && !RULES.some((r) => r.room.some((p) => under(f, p))),
  )
  assert.equal(ruleless, [])
})

test('each room imports only itself and what its rule allows', () => {
  const broken: string[] = []
  for (const [file, imports] of EDGES) {
    if (isTest(file)) continue
    const rule = RULES.find((r) => r.room.some((place) => under(file, place)))!
    for (const target of imports)
      if (![...rule.room, ...rule.may].some((place) => under(target, place)))
        broken.push(`${file} → ${target} (${rule.why})`)
  }
  assert.equal(broken, [])
})

test('nothing imports the bench but the bench and the server’s start', () => {
  const importers = [...EDGES]
    .filter(
      ([file, imports]) =>
        imports.some((t) => under(t, BENCH)) && !BENCH_IMPORTERS.some((p) => under(file, p)),
    )
    .map(([file]) => file)
  assert.equal(importers, [])
})

test('no import cycle anywhere, type-only imports included', () => {
  // Tarjan's strongly connected components: a component of more than one file is a cycle.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const cycles: string[][] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file)!)
    stack.push(file)
    for (const next of EDGES.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!))
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || EDGES.get(file)?.includes(file)) cycles.push(component.sort())
  }
  for (const file of FILES) if (!index.has(file)) visit(file)
  assert.equal(cycles, [])
})

test("the widget's entries (footer, preview file, kit gallery) never import the table of calls", () => {
  // The table is for the server and the tests; the bundles import the contract's constants one by one.
  assert.ok(
    importGraph(['src/mount.ts']).has('src/contract/contract.ts'),
    'the walk reaches the contract',
  )
  for (const entry of ['src/mount.ts', 'src/preview/index.tsx', 'src/kit/gallery/main.tsx'])
    assert.not.ok(
      importGraph([entry]).has('src/contract/contract-calls.ts'),
      `${entry} reaches the table`,
    )
})

test.run()
