import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readEmbedConfig } from './config'
import { captureConsole } from '../test/helpers/console'

const test = suite('embed config')

function tag(attrs: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script')
  for (const [k, v] of Object.entries(attrs)) script.setAttribute(k, v)
  return script
}

test('reads every attribute', () => {
  const config = readEmbedConfig(
    tag({
      'data-site': 'AT',
      'data-platform': 'tablet',
      'data-variant': 'reduced',
      'data-newsletter': 'hidden',
      'data-spa': '',
      nonce: 'abc',
      'data-voucher-footnote': 'hidden',
    }),
  )
  assert.equal(config, {
    site: 'AT',
    platform: 'TABLET',
    spa: true,
    variant: 'reduced',
    newsletterHidden: true,
    nonce: 'abc',
    voucherFootnote: 'hidden',
  })
})

test("the nonce is the script's nonce property (hidden from attributes by the browser), never a data-nonce attribute", () => {
  const script = tag({ 'data-site': 'DE', 'data-nonce': 'from-the-page' })
  assert.is(readEmbedConfig(script).nonce, undefined)
  script.nonce = 'n0nce'
  assert.is(readEmbedConfig(script).nonce, 'n0nce')
})

/** The config of a tag without attributes, or of no tag at all. */
const DEFAULTS = {
  site: 'DE',
  platform: undefined,
  spa: false,
  variant: 'full',
  newsletterHidden: false,
  nonce: undefined,
  voucherFootnote: 'shown',
}

test('defaults without attributes, with a warning about the missing site', async () => {
  const { result, warnings } = await captureConsole(() => readEmbedConfig(tag({})))
  assert.equal(result, DEFAULTS)
  assert.match(warnings.join('\n'), /\bW1\b.* data-site \(absent\)/)
})

test('no script element at all (injected without currentScript): the defaults', async () => {
  const { result, errors } = await captureConsole(() => readEmbedConfig(null))
  assert.equal(errors, [])
  assert.equal(result, DEFAULTS)
})

test('accepts site codes in any case and with a hyphen', () => {
  assert.is(readEmbedConfig(tag({ 'data-site': 'ch-fr' })).site, 'CH_FR')
  assert.is(readEmbedConfig(tag({ 'data-site': 'tr' })).site, 'TR')
})

test('an unknown site falls back to the German market with a console warning', async () => {
  const { result, warnings } = await captureConsole(() =>
    readEmbedConfig(tag({ 'data-site': 'FR' }), 'DE'),
  )
  assert.is(result.site, 'DE')
  assert.is(warnings.length, 1)
  assert.match(warnings[0], /\bW1\b.* data-site="FR"/)
})

test('a bundle serves its own market: an unknown site falls back to it, not to German', async () => {
  const { result, warnings } = await captureConsole(() =>
    readEmbedConfig(tag({ 'data-site': 'FR' }), 'TR'),
  )
  assert.is(result.site, 'TR')
  assert.is(warnings.length, 1)
  assert.match(warnings[0], /\bW1\b.* data-site="FR"/)
})

test("a bundle serves its own market: another market's site is reported and replaced", async () => {
  const { result, warnings } = await captureConsole(() =>
    readEmbedConfig(tag({ 'data-site': 'at' }), 'HU'),
  )
  assert.is(result.site, 'HU')
  assert.is(warnings.length, 1)
  assert.match(warnings[0], /\bW2\b.* data-site="AT", showing HU/)
})

test('a bundle serves its own market: its own site, in any case, without a warning', async () => {
  const { result, warnings } = await captureConsole(() =>
    readEmbedConfig(tag({ 'data-site': 'ch-fr' }), 'CH_FR'),
  )
  assert.is(result.site, 'CH_FR')
  assert.equal(warnings, [])
})

test('an empty data-site is reported as written, apart from an absent one', async () => {
  const { warnings } = await captureConsole(() => readEmbedConfig(tag({ 'data-site': '' })))
  assert.match(warnings.join('\n'), /\bW1\b.* data-site=""/)
})

test('a bundle serves its own market: without a data-site it shows that market', async () => {
  const { result, warnings } = await captureConsole(() => readEmbedConfig(null, 'PL'))
  assert.is(result.site, 'PL')
  assert.match(warnings.join('\n'), /\bW1\b.* data-site \(absent\)/)
})

test('an invalid platform or variant is reported and ignored', async () => {
  const { result, warnings } = await captureConsole(() =>
    readEmbedConfig(tag({ 'data-site': 'DE', 'data-platform': 'watch', 'data-variant': 'tiny' })),
  )
  assert.is(result.platform, undefined)
  assert.is(result.variant, 'full')
  assert.is(warnings.length, 2)
})

test('the voucher footnote is shown by default; data-voucher-footnote="hidden" (any case) turns it off', () => {
  assert.is(readEmbedConfig(tag({ 'data-site': 'DE' })).voucherFootnote, 'shown')
  assert.is(
    readEmbedConfig(tag({ 'data-site': 'DE', 'data-voucher-footnote': 'hidden' })).voucherFootnote,
    'hidden',
  )
  assert.is(
    readEmbedConfig(tag({ 'data-site': 'DE', 'data-voucher-footnote': ' Hidden ' }))
      .voucherFootnote,
    'hidden',
  )
  assert.is(
    readEmbedConfig(tag({ 'data-site': 'DE', 'data-voucher-footnote': 'shown' })).voucherFootnote,
    'shown',
  )
})

test('an unknown data-voucher-footnote value is reported and the footnote stays', async () => {
  const { result, warnings } = await captureConsole(() =>
    readEmbedConfig(tag({ 'data-site': 'DE', 'data-voucher-footnote': 'off' })),
  )
  assert.is(result.voucherFootnote, 'shown')
  assert.is(warnings.length, 1)
  assert.match(warnings[0], /\bW5\b.* data-voucher-footnote="off"/)
})

test('without a script tag it still answers', async () => {
  const { result } = await captureConsole(() => readEmbedConfig(null))
  assert.is(result.site, 'DE')
})

test.run()
