/**
 * FOOTER_PUBLIC_PATH (build/product/build.ts publicPathFrom): the release folder keeps the bundles
 * in static/, so the manifest's tags work only with a path that ends there; the asset origin alone
 * is taken with /static/ added, anything else stops the build with a message that says why.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { publicPathFrom } from '../product/build.ts'

test('unset: /static/ on the page origin', () => assert.is(publicPathFrom(undefined), '/static/'))

test('an address ending in /static/ is taken as it is', () => {
  assert.is(publicPathFrom('https://cdn.example.com/static/'), 'https://cdn.example.com/static/')
  assert.is(
    publicPathFrom('https://cdn.example.com/lumora/static/'),
    'https://cdn.example.com/lumora/static/',
  )
})

test('the asset origin alone gets /static/', () => {
  assert.is(publicPathFrom('https://cdn.example.com'), 'https://cdn.example.com/static/')
  assert.is(publicPathFrom('https://cdn.example.com/'), 'https://cdn.example.com/static/')
})

test('any other path stops the build, naming the value and the two forms that work', () => {
  for (const value of [
    'https://cdn.example.com/lumora/',
    'https://cdn.example.com/static',
    '/assets/',
  ])
    assert.throws(
      () => publicPathFrom(value),
      (error: Error) =>
        error.message.includes(value) && /asset origin .* or end in \/static\//.test(error.message),
    )
})

test.run()
