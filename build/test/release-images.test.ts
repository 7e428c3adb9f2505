/**
 * The release folder holds every image the widget requests, under the path it requests it from
 * (build/product/images.ts): a static host serving dist/public/ serves them all.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { minifySvg, writeImages } from '../product/images.ts'
import { REPO_ROOT } from '../repo-root.ts'
import { LOGO_FOLDER, NEWSLETTER_IMAGES } from '../../src/contract/contract.ts'
import { LOGO_SOURCES } from '../../src/footer/logos.ts'
import { NEWSLETTER_PICTURES } from '../../src/newsletter/picture.ts'

const root = mkdtempSync(path.join(tmpdir(), 'lf-release-'))
const written = await writeImages(root)

/** Every image path the widget can request: logos, the fixtures' flags, the newsletter pictures. */
function requested(): string[] {
  const flags = readdirSync(path.join(REPO_ROOT, 'fixtures/footer')).flatMap((file) => {
    const content = JSON.parse(readFileSync(path.join(REPO_ROOT, 'fixtures/footer', file), 'utf8'))
    return (content.international?.items ?? []).map((item: { flag: string }) => item.flag)
  })
  const pictures = NEWSLETTER_PICTURES.map(([, file]) => file)
  assert.is(pictures.length, 3, 'the newsletter block names its three pictures')
  return [
    ...LOGO_SOURCES.map((source) => `${LOGO_FOLDER}${source}.svg`),
    ...new Set(flags.map((flag) => `${LOGO_FOLDER}${flag}`)),
    ...pictures.map((file) => `${NEWSLETTER_IMAGES}${file}`),
  ]
}

test('every image the widget requests is in the release folder under its request path', () => {
  const paths = requested()
  assert.ok(paths.length > 25, `${paths.length} paths`)
  for (const url of paths) assert.ok(existsSync(path.join(root, url)), url)
  assert.is(written.length, new Set(written).size)
})

test('SVGs are minified and have brotli and gzip copies that decode to the file', () => {
  for (const file of written.filter((f) => f.endsWith('.svg'))) {
    const body = readFileSync(path.join(root, file))
    const source = readFileSync(
      path.join(REPO_ROOT, 'fixtures/images/footer', path.relative('service/footer-images', file)),
      'utf8',
    )
    assert.ok(body.byteLength <= Buffer.byteLength(source), file)
    assert.ok(brotliDecompressSync(readFileSync(path.join(root, `${file}.br`))).equals(body), file)
    assert.ok(gunzipSync(readFileSync(path.join(root, `${file}.gz`))).equals(body), file)
  }
})

test('minifying keeps every element and rounds numbers to tenths', () => {
  const svg =
    '<?xml version="1.0"?>\n<svg viewBox="0 0 30 20">\n  <!-- flag -->\n  <rect y="6.666666666666667" height="0.50"/>\n</svg>'
  assert.is(minifySvg(svg), '<svg viewBox="0 0 30 20"><rect y="6.7" height=".5"/></svg>')
})

test.run()
