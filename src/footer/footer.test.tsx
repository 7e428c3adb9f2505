import { suite } from 'uvu'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root'
import * as assert from 'uvu/assert'
import { fireEvent, screen, within } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { readEmbedConfig } from '../config'
import { captureConsole } from '../../test/helpers/console'
import { createTestWidget, recordRequests, renderInWidget } from '../../test/helpers/widget'
import { Footer } from './footer'
import { REQUEST_TIMEOUT_MS } from '../api/client'
import { createContractServer } from '../../server/handler'
import { AFFILIATE_COOKIE, NEW_APP_COOKIE } from '../contract/contract'
import { contentFetch, renderFooter, resetFooterTest } from './footer.test-utils'
import type { Platform } from '../platform'

const test = suite('Footer')
test.after.each(resetFooterTest)

const nav = (name: string | RegExp) => screen.getByRole('navigation', { name })
const link = (name: string | RegExp) => screen.getByRole('link', { name })

test('one contentinfo landmark, named by its headline, with every section of the German footer on classic', async () => {
  await renderFooter()
  assert.is(screen.getAllByRole('contentinfo').length, 1)
  // Named, so that beside the host page's own footer the two landmarks tell apart.
  screen.getByRole('contentinfo', { name: 'Lumora – Kaffee, Mode und Wohnideen' })
  // 2: payment and delivery tiles: a generic icon, the label as text in the page's language
  const logos = screen.getByRole('list', { name: 'Zahlungsarten und Versand' })
  assert.equal(
    [...logos.querySelectorAll('img')].map((i) => i.getAttribute('alt')),
    Array(7).fill(''),
    'the icons say nothing the label does not',
  )
  assert.equal(
    within(logos)
      .getAllByRole('listitem')
      .map((i) => i.textContent),
    [
      'Kauf auf Rechnung',
      'Kreditkarte',
      'Lastschrift',
      'Online-Wallet',
      'Paketversand',
      'Expressversand',
      'Abholstation',
    ],
  )
  assert.is(
    logos.querySelector('img')!.getAttribute('src'),
    'https://shop.test/service/footer-images/logos/payment-invoice.svg',
  )
  // 3: teaser groups, a labelled navigation region
  const teasers = nav('Service und Informationen')
  assert.equal(
    within(teasers)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent),
    ['Zahlung & Versand', 'Kundenservice', 'Geschenke & Ratgeber', 'Über Lumora'],
  )
  assert.is(
    within(teasers).getByRole('link', { name: 'Filialfinder' }).getAttribute('href'),
    'https://shop.test/service/storefinder/',
  )
  assert.ok(screen.getByText('30 Tage Rückgaberecht und Lieferung bis an die Haustür.'))
  // 4: SEO columns, labelled by their heading
  const seo = nav('Beliebte Kategorien')
  assert.equal(
    within(seo)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent),
    ['Kaffee', 'Wohnen & Küche', 'Mode & Sport'],
  )
  assert.is(within(seo).getAllByRole('list').length, 3)
  assert.is(
    within(seo).getByRole('link', { name: 'Kaffeebohnen' }).getAttribute('href'),
    'https://shop.test/c1101',
  )
  // 5: icon groups
  assert.is(link('Lumora auf Facebook').getAttribute('href'), 'https://www.facebook.com/lumora')
  // The content's "twitter" icon is X's logo, named X and linking to x.com.
  assert.is(link('Lumora auf X').getAttribute('href'), 'https://x.com/lumora')
  assert.is(screen.getAllByRole('link', { name: /^Lumora auf / }).length, 6)
  assert.ok(link('Lumora-App im App Store laden') && link('Lumora-App bei Google Play laden'))
  // 6: bottom group
  assert.equal(
    within(nav('Rechtliche Hinweise'))
      .getAllByRole('link')
      .map((a) => a.textContent!.replace(/ \(.*\)$/, '')),
    [
      'Impressum',
      'Datenschutz',
      'AGB',
      'Widerrufsrecht',
      'Vertrag widerrufen',
      'Cookie-Einstellungen',
      'Barrierefreiheit',
      'Datenschutzbeauftragte',
    ],
  )
  // A mailto link opens the mail program, not a tab, and says so.
  assert.ok(link('Datenschutzbeauftragte (öffnet Ihr E-Mail-Programm)'))
  assert.match(
    screen.getByText(/Alle Preise inkl\. gesetzl\. MwSt\./).textContent!,
    /Versandkosten\.$/,
  )
  const countries = within(nav('Land und Sprache')).getAllByRole('link')
  assert.is(countries.length, 9)
  assert.equal(
    countries.filter((a) => a.getAttribute('aria-current') === 'true').map((a) => a.textContent),
    ['Deutschland'],
  )
  assert.is(link('Česko').getAttribute('href'), 'https://cz.lumora.example/')
})

const PLATFORMS: { platform: Platform; panels: boolean; switcher: boolean; account: boolean }[] = [
  { platform: 'MATCH', panels: true, switcher: false, account: true },
  { platform: 'SMARTPHONE', panels: true, switcher: false, account: true },
  { platform: 'TABLET', panels: false, switcher: false, account: true },
  { platform: 'CLASSIC', panels: false, switcher: true, account: false },
]

for (const { platform, panels, switcher, account } of PLATFORMS) {
  test(`${platform}: ${panels ? 'collapsed panels' : 'columns'}, switcher ${switcher ? 'shown' : 'hidden'}, hideInClassic link ${account ? 'shown' : 'hidden'}`, async () => {
    await renderFooter({ platform })
    const toggles = screen.queryAllByRole('button', { expanded: false })
    assert.is(toggles.length, panels ? 5 : 0, 'four teaser groups and the SEO group')
    assert.is(screen.queryByRole('navigation', { name: 'Land und Sprache' }) !== null, switcher)
    if (panels) fireEvent.click(screen.getByRole('button', { name: 'Kundenservice' }))
    assert.is(screen.queryByRole('link', { name: 'Mein Konto' }) !== null, account)
  })
}

test('phones: SEO columns merge into one list inside one panel', async () => {
  await renderFooter({ platform: 'SMARTPHONE' })
  const toggle = screen.getByRole('button', { name: 'Beliebte Kategorien' })
  assert.is(toggle.closest('h2') !== null, true)
  fireEvent.click(toggle)
  const seo = nav('Beliebte Kategorien')
  assert.is(within(seo).getAllByRole('list').length, 1)
  assert.is(within(seo).getAllByRole('link').length, 12)
  assert.is(within(seo).queryAllByRole('heading', { level: 3 }).length, 0)
})

test('teaser groups arrive one per step (four in one render were a long task at 4x CPU slowdown)', async () => {
  const counts: number[] = []
  const observer = new MutationObserver(() => {
    const n = document.querySelectorAll('nav.lf-teasers > .lf-col').length
    if (n && n !== counts[counts.length - 1]) counts.push(n)
  })
  observer.observe(document.body, { childList: true, subtree: true })
  await renderFooter()
  observer.disconnect()
  assert.equal(counts, [1, 2, 3, 4])
})

test('a long SEO column reads as lists of 50 on desktop; phones keep one list', async () => {
  const links = Array.from({ length: 120 }, (_, i) => ({
    url: `/c${i}`,
    text: `Kategorie ${i + 1}`,
  }))
  const content = JSON.stringify({
    seo: {
      heading: 'Beliebte Kategorien',
      columns: [
        { heading: 'Kaffee', links },
        { heading: 'Mode', links: links.slice(0, 3) },
      ],
    },
    legalLinks: [{ url: '/i-s1.html', text: 'I' }],
  })
  await renderFooter({ fetch: contentFetch(content) })
  const lists = within(nav('Beliebte Kategorien')).getAllByRole('list')
  assert.equal(
    lists.map((list) => within(list).getAllByRole('link').length),
    [50, 50, 20, 3],
  )
  assert.equal(
    within(lists[2])
      .getAllByRole('link')
      .map((a) => a.textContent),
    links.slice(100).map((l) => l.text),
    'in order',
  )
  resetFooterTest()
  await renderFooter({ platform: 'SMARTPHONE', fetch: contentFetch(content) })
  fireEvent.click(screen.getByRole('button', { name: 'Beliebte Kategorien' }))
  const merged = within(nav('Beliebte Kategorien')).getAllByRole('list')
  assert.is(merged.length, 1)
  assert.is(within(merged[0]).getAllByRole('link').length, 123)
})

test('phones: panels collapse and expand by keyboard, with aria-expanded and aria-controls', async () => {
  const { drain } = await renderFooter({ platform: 'SMARTPHONE' })
  const user = userEvent.setup({ document })
  const toggle = screen.getByRole('button', { name: 'Zahlung & Versand' })
  const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!
  assert.is(panel.hidden, true)
  toggle.focus()
  await user.keyboard('{Enter}')
  await drain()
  assert.is(toggle.getAttribute('aria-expanded'), 'true')
  assert.is(panel.hidden, false)
  assert.ok(within(panel).getByRole('link', { name: 'Zahlungsarten' }))
  await user.keyboard(' ')
  await drain()
  assert.is(toggle.getAttribute('aria-expanded'), 'false')
  assert.is(panel.hidden, true)
})

/** Elements of the footer's own sections, leaving out the newsletter block (tested on its own). */
const outsideNewsletter = <T extends Element>(elements: Iterable<T>) =>
  [...elements].filter((e) => !e.closest('.lf-nl'))

test('the layout follows the platform when it changes (a breakpoint crossed)', async () => {
  const { widget, drain } = await renderFooter({ platform: 'CLASSIC' })
  assert.is(outsideNewsletter(screen.queryAllByRole('button')).length, 0)
  ;(widget.platform as { value: Platform }).value = 'SMARTPHONE'
  await drain()
  assert.is(screen.getAllByRole('button', { expanded: false }).length, 5)
  assert.is(screen.queryByRole('navigation', { name: 'Land und Sprache' }), null)
})

const REDUCED: [string, () => Parameters<typeof renderFooter>[0]][] = [
  ['data-variant="reduced"', () => ({ config: { variant: 'reduced' } })],
  [
    `${AFFILIATE_COOKIE} cookie`,
    () => ((document.cookie = `${AFFILIATE_COOKIE}=P-4711; path=/`), {}),
  ],
  [`${NEW_APP_COOKIE} cookie`, () => ((document.cookie = `${NEW_APP_COOKIE}=1; path=/`), {})],
]

for (const [trigger, setup] of REDUCED) {
  test(`reduced by ${trigger}: no SEO or icon groups, only teaser groups not hidden in checkout, surface bottom`, async () => {
    const { view } = await renderFooter(setup())
    assert.equal(
      within(nav('Service und Informationen'))
        .getAllByRole('heading')
        .map((h) => h.textContent),
      ['Zahlung & Versand', 'Kundenservice'],
    )
    assert.is(screen.queryByRole('navigation', { name: 'Beliebte Kategorien' }), null)
    assert.is(screen.queryByRole('link', { name: /^Lumora auf / }), null)
    assert.is(screen.queryByRole('link', { name: /App Store/ }), null)
    assert.ok(view.container.querySelector('.lf-footer--reduced .lf-bottom'))
    assert.ok(nav('Rechtliche Hinweise'))
  })
}

test("every image is an absolute address on the origin the widget's script came from (a <base href> cannot bend it)", async () => {
  const { view } = await renderFooter({
    assetOrigin: 'https://assets.shop.test',
    platform: 'CLASSIC',
  })
  const sources = [...view.container.querySelectorAll('img[src], source[srcset]')].map(
    (e) => e.getAttribute('src') ?? e.getAttribute('srcset')!,
  )
  assert.ok(sources.length > 10, String(sources.length))
  assert.equal(
    sources.filter((src) => !src.startsWith('https://assets.shop.test/service/')),
    [],
  )
})

test('full variant keeps all four teaser groups (the control for the reduced tests)', async () => {
  await renderFooter()
  assert.is(within(nav('Service und Informationen')).getAllByRole('heading').length, 4)
})

test('legal, sales-tax and quality links starting with http open in a new tab without referrer; mailto and others do not', async () => {
  const content = {
    legalLinks: [
      { url: '/impressum-s1.html', text: 'Impressum' },
      { url: 'mailto:dsb@lumora.example', text: 'DSB' },
      { url: 'https://agb.example/', text: 'AGB' },
    ],
    qualityLogos: [
      {
        link: { url: 'https://siegel.example/', text: 'Siegel' },
        source: 'trust-secure-shop',
        width: 70,
        height: 70,
      },
    ],
    salesTax: {
      textBeforeLink: 'Preise inkl. MwSt. ',
      link: { url: 'http://versand.example/', text: 'Versand' },
      textAfterLink: '.',
    },
    teaserGroups: [
      {
        heading: { link: { url: '/a-s1.html', text: 'Mehr' } },
        links: [{ link: { url: 'https://karriere.example/', text: 'Karriere' } }],
      },
    ],
  }
  await renderFooter({ fetch: contentFetch(JSON.stringify(content)) })
  const blank = (a: HTMLElement) => [a.getAttribute('target'), a.getAttribute('rel')]
  assert.equal(blank(link(/^Impressum/)), [null, null])
  // A mailto link opens the mail program: a tab would stay empty where none is set.
  assert.equal(blank(link(/^DSB/)), [null, null])
  for (const name of [/^AGB/, /^Versand/])
    assert.equal(blank(link(name)), ['_blank', 'noopener noreferrer'], String(name))
  assert.equal(blank(screen.getByRole('img', { name: 'Siegel' }).closest('a')!), [
    '_blank',
    'noopener noreferrer',
  ])
  assert.equal(
    blank(link('Karriere')),
    [null, 'noreferrer'],
    'teaser links follow no new-tab rule; another origin gets no referrer',
  )
})

test('heading ids: letters of every script, digits and hyphens only, unique even for equal headings', async () => {
  const group = (text: string) => ({ heading: { link: { url: '/x-s1.html', text } }, links: [] })
  const content = {
    teaserGroups: [group('Über & Co.'), group('Über & Co.'), group('"><img src=x>')],
    seo: { heading: 'Über & Co.', columns: [{ links: [{ url: '/c1', text: 'K' }] }] },
    legalLinks: [{ url: '/i-s1.html', text: 'I' }],
  }
  const { view } = await renderFooter({ fetch: contentFetch(JSON.stringify(content)) })
  const ids = outsideNewsletter(view.container.querySelectorAll('h2[id], h3[id]')).map((h) => h.id)
  assert.equal(ids, ['lf-über-co', 'lf-über-co-2', 'lf-img-srcx', 'lf-über-co-3'])
})

test('an unknown logo source is logged once, however often the footer renders, and shows no image', async () => {
  const content = {
    teaserGroups: [
      {
        heading: { link: { url: '/z-s1.html', text: 'Zahlung' } },
        links: [],
        images: [
          { label: 'Rechnung', source: 'payment-invoice' },
          { label: 'Fremd', source: 'acme-pay' },
        ],
      },
    ],
    legalLinks: [{ url: '/i-s1.html', text: 'I' }],
  }
  const { result, warnings } = await captureConsole(() =>
    renderFooter({ fetch: contentFetch(JSON.stringify(content)) }),
  )
  assert.equal(
    outsideNewsletter(result.view.container.querySelectorAll('img')).map(
      (i) => i.parentElement!.textContent,
    ),
    ['Rechnung'],
  )
  assert.equal(
    warnings.filter((w) => /\bW16\b/.test(w)),
    ['[Lumora footer] W16 (console-codes.html#w16) acme-pay'],
  )
})

test('an unknown market falls back to German: German content is requested and shown', async () => {
  const script = document.createElement('script')
  script.setAttribute('data-site', 'FR')
  const { result: config } = await captureConsole(() => readEmbedConfig(script))
  const { requests, fetch } = recordRequests(createContractServer().fetch)
  await renderFooter({ config, fetch })
  const contentRequest = requests.find((r) => r.url.endsWith('/promotion/SHOP_FOOTER'))
  assert.is(contentRequest?.headers.get('x-hunter-site'), 'DE')
  assert.is(link('Deutschland').getAttribute('aria-current'), 'true')
})

test('texts from content are text, never HTML', async () => {
  const content = {
    legalLinks: [
      { url: '/i-s1.html', text: '<img src=x onerror="alert(1)"><b id="injected">fett</b>' },
    ],
  }
  const { view } = await renderFooter({ fetch: contentFetch(JSON.stringify(content)) })
  assert.is(view.container.querySelector('#injected'), null)
  assert.is(view.container.querySelector('[onerror]'), null)
  assert.ok(screen.getByText(/<b id="injected">fett<\/b>/))
})

test("a newsletter status that never comes does not hold the footer back for the request's 15 s time-out", async () => {
  const { widget, clock, drain } = createTestWidget()
  widget.psdata = () => new Promise(() => {})
  renderInWidget(<Footer />, widget)
  await drain()
  assert.is(screen.queryByRole('navigation', { name: 'Service und Informationen' }), null)
  await clock.advance(REQUEST_TIMEOUT_MS - 1)
  await drain()
  assert.ok(screen.getByRole('textbox', { name: /^E-Mail/ }))
  assert.ok(nav('Service und Informationen'))
  assert.match(screen.getByRole('contentinfo').textContent!, /Alle Rechte vorbehalten/)
})

test('404 renders the bottom group without content sections', async () => {
  const { widget, drain } = createTestWidget({
    fetch: (async () => new Response('', { status: 404 })) as typeof fetch,
  })
  const view = renderInWidget(<Footer />, widget)
  // The bottom group comes once the newsletter block above it has settled (its form, staged, after paints).
  const { warnings } = await captureConsole(drain)
  assert.match(warnings.join(), /\bW11\b/, 'psdata answers 404 too')
  assert.ok(screen.getByRole('contentinfo'))
  assert.is(view.container.querySelectorAll('nav').length, 0)
  assert.match(screen.getByRole('contentinfo').textContent!, /Alle Rechte vorbehalten/)
})

test('footer styles use px, never rem; footer images are 4.4rem x 6.6rem in px', () => {
  const css = readFileSync(path.join(REPO_ROOT, 'src/footer/footer.css'), 'utf8').replace(
    /\/\*[\s\S]*?\*\//g,
    '',
  )
  assert.not.match(css, /\d\s*rem\b/)
  assert.match(css, /\.lf-logo\s*\{[^}]*width:\s*105\.6px;\s*height:\s*70\.4px/)
})

test.run()
