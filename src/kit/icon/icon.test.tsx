import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import { Icon } from './icon'
import { ExpandIcon } from '../expand-icon/expand-icon'
import { ICON_PATHS } from './icon-paths'

const test = suite('Icon')
test.after.each(cleanup)

const REQUIRED = ['facebook', 'twitter', 'youtube', 'pinterest', 'instagram', 'linkedin', 'apple', 'android', 'google-play', 'chevron-down', 'close', 'check', 'info', 'warning', 'error', 'success', 'mail', 'external'] as const
for (const name of REQUIRED) {
  test(`${name} is in the set and renders a path`, () => {
    const { container } = render(<Icon name={name} />)
    const path = container.querySelector('svg path')!
    assert.is(path.getAttribute('d'), ICON_PATHS[name])
  })
}

test('aliases: ios is the Apple App Store icon, play-store the Google Play one', () => {
  const { container } = render(<><Icon name="ios" /><Icon name="play-store" /></>)
  const paths = [...container.querySelectorAll('path')].map((p) => p.getAttribute('d'))
  assert.equal(paths, [ICON_PATHS.apple, ICON_PATHS['google-play']])
})

test('without a label it is decorative: hidden from assistive technology, not focusable', () => {
  const { container } = render(<Icon name="facebook" />)
  const svg = container.querySelector('svg')!
  assert.is(svg.getAttribute('aria-hidden'), 'true')
  assert.is(svg.getAttribute('focusable'), 'false')
  assert.is(screen.queryByRole('img'), null)
})

test('with a label it is an image with that name; size sets width and height', () => {
  render(<Icon name="instagram" label="Instagram" size={32} />)
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
