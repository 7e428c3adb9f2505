import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import { Icon } from './icon'
import { ExpandIcon } from '../expand-icon/expand-icon'
import { ICON_PATHS, close } from './icon-paths'
import { BRAND_ICON_PATHS, brandIconPath } from './brand-icons'

const test = suite('Icon')
test.after.each(cleanup)

/** The icons content names by brand (SPEC): social media, then the app stores. */
const SOCIAL = ['facebook', 'twitter', 'youtube', 'pinterest', 'instagram', 'linkedin'] as const
const BRANDS = [...SOCIAL, 'apple', 'android', 'google-play'] as const
const REQUIRED = [
  ...BRANDS,
  'chevron-down',
  'close',
  'check',
  'info',
  'warning',
  'error',
  'success',
  'mail',
  'external',
] as const
for (const name of REQUIRED) {
  test(`${name} is in the set and renders its path`, () => {
    const { container } = render(<Icon path={ICON_PATHS[name]} />)
    const path = container.querySelector('svg path')!
    assert.ok(ICON_PATHS[name].length > 10)
    assert.is(path.getAttribute('d'), ICON_PATHS[name])
  })
}

test('each icon is its own export, equal to its entry in the set', () => {
  assert.is(close, ICON_PATHS.close)
})

test('brand icons by name: the nine social and app icons, store-name aliases, any letter case', () => {
  for (const name of BRANDS) {
    assert.is(BRAND_ICON_PATHS[name], ICON_PATHS[name], name)
  }
  assert.is(brandIconPath('ios'), ICON_PATHS.apple)
  assert.is(brandIconPath('App-Store'), ICON_PATHS.apple)
  assert.is(brandIconPath('play-store'), ICON_PATHS['google-play'])
  assert.is(brandIconPath('x'), ICON_PATHS.twitter)
  assert.is(brandIconPath('myspace'), undefined)
  assert.is(brandIconPath('constructor'), undefined, 'no inherited properties')
})

test('without a label it is decorative: hidden from assistive technology, not focusable', () => {
  const { container } = render(<Icon path={ICON_PATHS.facebook} />)
  const svg = container.querySelector('svg')!
  assert.is(svg.getAttribute('aria-hidden'), 'true')
  assert.is(svg.getAttribute('focusable'), 'false')
  assert.is(screen.queryByRole('img'), null)
})

test('with a label it is an image with that name; size sets width and height', () => {
  render(<Icon path={ICON_PATHS.instagram} label="Instagram" size={32} />)
  const img = screen.getByRole('img', { name: 'Instagram' })
  assert.is(img.getAttribute('width'), '32')
  assert.is(img.getAttribute('height'), '32')
})

test('ExpandIcon: decorative, turned when expanded', () => {
  const view = render(<ExpandIcon expanded={false} />)
  const span = view.container.firstElementChild!
  assert.is(span.getAttribute('aria-hidden'), 'true')
  assert.not.ok(span.className.includes('expanded'))
  view.rerender(<ExpandIcon expanded />)
  assert.ok(view.container.firstElementChild!.className.includes('lf-expand-icon--expanded'))
})

test.run()
