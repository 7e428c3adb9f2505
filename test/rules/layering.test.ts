/**
 * The widget's folders import one way: app/ (the root) → the features → base/ (the ground they
 * stand on). A feature never reaches the root, and base/ reaches neither (docs/ARCHITECTURE.md).
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { importGraph } from '../helpers/import-graph.ts'

const test = suite('layering')

const FEATURES = ['footer', 'newsletter', 'preview', 'session']

/** The non-test source files of a folder under src/, as repository paths. */
function sources(folder: string): string[] {
  return readdirSync(path.join(REPO_ROOT, 'src', folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|fuzz\.test|test-utils)\.tsx?$/.test(f))
    .map((f) => `src/${folder}/${f.split(path.sep).join('/')}`)
}

/** The files under `folder` that `entries` reach, each with the file that imports it. */
function reached(entries: string[], folder: string): string[] {
  return [...importGraph(entries)]
    .filter(([file]) => file.startsWith(`src/${folder}/`))
    .map(([file, by]) => `${by} → ${file}`)
}

test('base/ reaches no feature and nothing of the root', () => {
  for (const folder of ['app', ...FEATURES])
    assert.equal(reached(sources('base'), folder), [], `base/ reaches ${folder}/`)
})

test('no feature reaches the root (app/)', () => {
  for (const feature of FEATURES)
    assert.equal(reached(sources(feature), 'app'), [], `${feature}/ reaches app/`)
})

test.run()
