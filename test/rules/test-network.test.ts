/**
 * Tests talk only to this machine's loopback, or to test hosts a test makes itself (issue 42,
 * item 9): a test that plays a client on another machine injects the remote address (or uses a
 * network namespace it creates and removes), and never connects to the machine's own interface
 * addresses, which would reach whatever else listens there and the networks behind them.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'

const test = suite('tests use loopback only')

/** Every test source: test/ and the tests beside the widget's source. */
const testFiles = ['test', 'src'].flatMap((dir) =>
  readdirSync(path.join(REPO_ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file))
    .filter((file) => dir === 'test' || /\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file)),
)

test("no test looks up this machine's interface addresses to connect to them", () => {
  const self = path.join('test', 'unit', 'test-network.test.ts')
  const offenders = testFiles.filter(
    (file) =>
      file !== self &&
      /\bnetworkInterfaces\b/.test(readFileSync(path.join(REPO_ROOT, file), 'utf8')),
  )
  assert.equal(offenders, [])
})

test.run()
