import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { TextLink } from './text-link'
import { safeUrl } from './safe-url'

const test = suite('TextLink')
test.after.each(cleanup)

const SAFE = ['https://shop.test/a?b=c#d', 'http://shop.test', 'HTTPS://SHOP.TEST', 'mailto:service@shop.test', 'tel:+4930123', '/de/agb', 'agb.html', '#top', '?q=1', '//cdn.shop.test/x']
const UNSAFE = [
  'javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', '\u0000javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd', 'blob:https://x/y', 'ftp://shop.test', '\\\\evil.test', '/\\evil.test', '', null, undefined,
]
for (const url of SAFE) test(`safe: ${url}`, () => assert.is(safeUrl(url), url))
for (const url of UNSAFE) test(`unsafe: ${JSON.stringify(url)}`, () => assert.is(safeUrl(url), null))

test('an unsafe address renders its text, never a link', () => {
  const { container } = render(<TextLink href="javascript:alert(1)">Klick</TextLink>)
  assert.is(screen.queryByRole('link'), null)
  assert.is(container.querySelector('[href]'), null)
  assert.is(container.textContent, 'Klick')
})

for (const href of ['https://shop.test/', 'http://shop.test/', 'mailto:a@shop.test']) {
  test(`newTab: ${href} opens in a new tab with rel="noopener noreferrer" and says so`, () => {
    render(<TextLink href={href} newTab>Seite</TextLink>)
    const link = screen.getByRole('link', { name: 'Seite (öffnet sich in einem neuen Tab)' })
    assert.is(link.getAttribute('target'), '_blank')
    assert.is(link.getAttribute('rel'), 'noopener noreferrer')
  })
}

test('newTab is ignored for relative and tel: addresses', () => {
  render(<><TextLink href="/agb" newTab>AGB</TextLink><TextLink href="tel:+49301" newTab>Anrufen</TextLink></>)
  for (const link of screen.getAllByRole('link')) {
    assert.is(link.getAttribute('target'), null)
    assert.is(link.getAttribute('rel'), null)
  }
})

test('without newTab: same tab, no rel', () => {
  render(<TextLink href="https://shop.test/">Seite</TextLink>)
  const link = screen.getByRole('link', { name: 'Seite' })
  assert.is(link.getAttribute('target'), null)
})

test('keyboard: Tab reaches it and Enter activates it', async () => {
  const user = userEvent.setup({ document })
  let clicks = 0
  render(<TextLink href="/x" onClick={(e) => { e.preventDefault(); clicks++ }}>Weiter</TextLink>)
  await user.tab()
  assert.is(document.activeElement, screen.getByRole('link', { name: 'Weiter' }))
  await user.keyboard('{Enter}')
  assert.is(clicks, 1)
})

test.run()
