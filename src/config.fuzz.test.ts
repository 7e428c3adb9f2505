/**
 * Embed attributes, fuzzed: whatever a page puts on the script tag (any attribute, any string,
 * any Unicode), readEmbedConfig never throws and answers a config the schema accepts; a bad
 * value falls back to its default with a warning, never an error.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { is } from 'superstruct'
import { EmbedConfigSchema, readEmbedConfig } from './config'
import { SITES } from './contract/sites'
import { PLATFORMS } from './platform'
import { anyString } from '../test/helpers/fuzz'

const test = suite('embed attributes (fuzz)')

const KNOWN = [
  'data-site',
  'data-platform',
  'data-variant',
  'data-newsletter',
  'data-spa',
  'data-nonce',
  'nonce',
  'data-voucher-footnote',
]
/** Near-miss values: right words in other cases, with spaces, dashes, underscores. */
const nearMiss = fc
  .tuple(
    fc.constantFrom(...SITES, ...PLATFORMS, 'full', 'reduced', 'hidden', 'shown', 'ch-fr', 'CH_fr'),
    fc.constantFrom('', ' ', '\t', '\u00a0', '-', '_'),
    fc.boolean(),
  )
  .map(([word, pad, lower]) => pad + (lower ? word.toLowerCase() : word) + pad)
const attributeName = fc.oneof(
  fc.constantFrom(...KNOWN),
  fc.stringMatching(/^data-[a-z][a-z0-9-]{0,12}$/),
)
const attributes = fc.dictionary(attributeName, fc.oneof(anyString(), nearMiss), { maxKeys: 8 })

test('any attributes: no exception, a valid config, only warnings', () => {
  fc.assert(
    fc.property(attributes, (attrs) => {
      const script = document.createElement('script')
      for (const [name, value] of Object.entries(attrs)) script.setAttribute(name, value)
      let config: unknown
      const { errors } = captureSync(() => (config = readEmbedConfig(script)))
      assert.ok(is(config, EmbedConfigSchema), JSON.stringify(config))
      assert.equal(errors, [])
      const c = config as ReturnType<typeof readEmbedConfig>
      // What the page asked for, when it is one of the values, is what it gets.
      const site = attrs['data-site']?.trim().toUpperCase().replace('-', '_')
      if (site && (SITES as readonly string[]).includes(site)) assert.is(c.site, site)
      assert.is(c.spa, 'data-spa' in attrs)
      // The nonce comes from the element's nonce property (which a browser hides from attributes), never from data-nonce.
      assert.is(c.nonce, attrs.nonce || undefined)
      assert.is(
        c.voucherFootnote,
        attrs['data-voucher-footnote']?.trim().toLowerCase() === 'hidden' ? 'hidden' : 'shown',
      )
    }),
    { numRuns: 400, seed: 7001 },
  )
})

/** captureConsole for synchronous code. */
function captureSync(fn: () => void) {
  const errors: string[] = []
  const { warn, error } = console
  console.warn = () => {}
  console.error = (...args: unknown[]) => void errors.push(args.join(' '))
  try {
    fn()
  } finally {
    console.warn = warn
    console.error = error
  }
  return { errors }
}

test.run()
