import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { TextLink } from './text-link'
import { checkLink, safeUrl } from './safe-url'
import { SPACES_AND_INVISIBLES } from '../../../test/helpers/fuzz'

const test = suite('TextLink')
test.after.each(cleanup)

// The jsdom page is https://shop.test/de/ (test/setup/dom.ts): what the links resolve against.
const SAFE: [string, string][] = [
  ['https://shop.test/a?b=c#d', 'https://shop.test/a?b=c#d'],
  ['http://shop.test', 'http://shop.test/'],
  ['HTTPS://SHOP.TEST', 'https://shop.test/'],
  ['mailto:service@shop.test', 'mailto:service@shop.test'],
  ['tel:+4930123', 'tel:+4930123'],
  ['/de/agb', 'https://shop.test/de/agb'],
  ['agb.html', 'https://shop.test/de/agb.html'],
  ['#top', 'https://shop.test/de/#top'],
  ['?q=1', 'https://shop.test/de/?q=1'],
  ['//cdn.shop.test/x', 'https://cdn.shop.test/x'],
  ['/de/gift cards-s12.html', 'https://shop.test/de/gift%20cards-s12.html'],
]
const UNSAFE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0000javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://x/y',
  'ftp://shop.test',
  '\\\\evil.test',
  '/\\evil.test',
  '\\/evil.test',
  '',
  null,
  undefined,
  // Every Unicode space and invisible character, before a scheme, before a backslash host, after a link and inside one.
  ...SPACES_AND_INVISIBLES.flatMap((c) => [
    `${c}javascript:alert(1)`,
    `${c}data:text/html,x`,
    `${c}vbscript:x`,
    `${c}\\\\evil.test`,
    `https://shop.test/${c}`,
    `https://sh${c}op.test/`,
    `${c}/de/agb`,
  ]),
]
for (const [url, rendered] of SAFE)
  test(`safe: ${url} renders as ${rendered}`, () => assert.is(safeUrl(url), rendered))
for (const url of UNSAFE)
  test(`unsafe: ${JSON.stringify(url)}`, () => assert.is(safeUrl(url), null))

test('the address rendered is the absolute one that was checked, whatever <base href> the page has', () => {
  const base = document.createElement('base')
  base.href = 'https://cdn.shop.example/assets/'
  document.head.appendChild(base)
  try {
    render(
      <>
        <TextLink href="/de/agb">AGB</TextLink>
        <TextLink href="hilfe.html">Hilfe</TextLink>
      </>,
    )
    assert.equal(
      screen.getAllByRole('link').map((a) => a.getAttribute('href')),
      ['https://shop.test/de/agb', 'https://shop.test/de/hilfe.html'],
    )
  } finally {
    base.remove()
  }
})

for (const href of [
  '\u00a0javascript:alert(1)',
  '\ufeffjavascript:alert(1)',
  '\u3000javascript:alert(1)',
  '\u200bjavascript:alert(1)',
]) {
  test(`${JSON.stringify(href)} renders as text, never as a link`, () => {
    const { container } = render(<TextLink href={href}>Klick</TextLink>)
    assert.is(container.querySelector('[href]'), null)
  })
}

test('an address is parsed once: the content schema and the link read the same answer', () => {
  const parses: string[] = []
  const NativeURL = globalThis.URL
  globalThis.URL = class extends NativeURL {
    constructor(url: string | URL, base?: string | URL) {
      super(url, base)
      parses.push(String(url))
    }
  } as typeof URL
  try {
    assert.is(safeUrl('/once-s1.html'), `${location.origin}/once-s1.html`)
    render(<TextLink href="/once-s1.html">Once</TextLink>)
    assert.is(
      screen.getByRole('link', { name: 'Once' }).getAttribute('href'),
      `${location.origin}/once-s1.html`,
    )
    assert.is(checkLink('javascript:once()'), null)
    assert.is(checkLink('javascript:once()'), null, 'a refused address stays refused')
  } finally {
    globalThis.URL = NativeURL
  }
  assert.equal(parses, ['/once-s1.html', 'javascript:once()'])
})

test('a relative address follows the page to its new address (history.pushState), from the next task on', async () => {
  const start = location.href
  try {
    history.pushState(null, '', '/de/kaffee/')
    await Promise.resolve()
    assert.is(safeUrl('agb.html'), `${location.origin}/de/kaffee/agb.html`)
    history.pushState(null, '', '/de/mode/')
    await new Promise((resolve) => setTimeout(resolve))
    assert.is(safeUrl('agb.html'), `${location.origin}/de/mode/agb.html`)
  } finally {
    history.replaceState(null, '', start)
  }
})

test('a link to another origin sends no referrer; one to the shop keeps it', () => {
  render(
    <>
      <TextLink href="https://partner.example/x">Partner</TextLink>
      <TextLink href="//cdn.example/y">CDN</TextLink>
      <TextLink href="/de/agb">AGB</TextLink>
      <TextLink href="https://shop.test/de/">Shop</TextLink>
    </>,
  )
  const rel = (name: string) => screen.getByRole('link', { name }).getAttribute('rel')
  assert.is(rel('Partner'), 'noreferrer')
  assert.is(rel('CDN'), 'noreferrer')
  assert.is(rel('AGB'), null)
  assert.is(rel('Shop'), null)
})

test('an unsafe address renders its text, never a link', () => {
  // biome-ignore lint/security/noScriptUrl: the unsafe address is what this test feeds in
  const { container } = render(<TextLink href="javascript:alert(1)">Klick</TextLink>)
  assert.is(screen.queryByRole('link'), null)
  assert.is(container.querySelector('[href]'), null)
  assert.is(container.textContent, 'Klick')
})

for (const [href, hint] of [
  ['https://shop.test/', 'öffnet sich in einem neuen Tab'],
  ['http://shop.test/', 'öffnet sich in einem neuen Tab'],
]) {
  test(`newTab: ${href} opens in a new tab with rel="noopener noreferrer" and says: ${hint}`, () => {
    render(
      <TextLink href={href} newTab>
        Seite
      </TextLink>,
    )
    const link = screen.getByRole('link', { name: `Seite (${hint})` })
    assert.is(link.getAttribute('target'), '_blank')
    assert.is(link.getAttribute('rel'), 'noopener noreferrer')
  })
}

// A mailto: link opens the visitor's mail program, not a page: no tab (an empty one where no mail
// program is set), and its hint says what it opens.
for (const href of ['mailto:a@shop.test', 'MAILTO:a@shop.test'])
  for (const newTab of [true, false])
    test(`${href}${newTab ? ' with newTab' : ''}: no target, and it says it opens the mail program`, () => {
      render(
        <TextLink href={href} newTab={newTab}>
          Datenschutzbeauftragte
        </TextLink>,
      )
      const link = screen.getByRole('link', {
        name: 'Datenschutzbeauftragte (öffnet Ihr E-Mail-Programm)',
      })
      assert.is(link.getAttribute('target'), null)
    })

test('newTab is ignored for relative and tel: addresses', () => {
  render(
    <>
      <TextLink href="/agb" newTab>
        AGB
      </TextLink>
      <TextLink href="tel:+49301" newTab>
        Anrufen
      </TextLink>
    </>,
  )
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
  render(
    <TextLink
      href="/x"
      onClick={(e) => {
        e.preventDefault()
        clicks++
      }}
    >
      Weiter
    </TextLink>,
  )
  await user.tab()
  assert.is(document.activeElement, screen.getByRole('link', { name: 'Weiter' }))
  await user.keyboard('{Enter}')
  assert.is(clicks, 1)
})

test.run()
