/** The host pages' vendored libraries are the exact Debian files (fixtures/hosts/vendor/README.md). */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { HOST_LIBRARIES } from '../../server/demo/hosts.ts'

const VENDOR = path.join(REPO_ROOT, 'fixtures/hosts/vendor')
const sums = readFileSync(path.join(VENDOR, 'SHA256SUMS'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.split(/\s+\*?/) as [string, string])

test('every vendored library has its SHA-256 listed, and matches it', () => {
  const files = readdirSync(VENDOR).filter((f) => f.endsWith('.js'))
  assert.equal(sums.map(([, file]) => file).sort(), files.sort())
  for (const [sum, file] of sums)
    assert.is(
      createHash('sha256')
        .update(readFileSync(path.join(VENDOR, file)))
        .digest('hex'),
      sum,
      file,
    )
})

test('every library a host page loads exists (vendored or an installed devDependency)', () => {
  for (const [name, file] of Object.entries(HOST_LIBRARIES))
    assert.ok(
      readdirSync(path.dirname(path.join(REPO_ROOT, file))).includes(path.basename(file)),
      `${name}: ${file}`,
    )
})

test.run()
