import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { parseContent } from './content'
import { headingIds } from './links'
import { logoPath, flagPath, reportUnknownLogos } from './logos'
import { captureConsole } from '../../test/helpers/console'

const test = suite('footer content parsing, heading ids, logo map')

const link = (url: string, text = 'x') => ({ url, text })

test('valid content comes back whole', async () => {
  const content = {
    legalLinks: [link('/impressum-s1.html', 'Impressum')],
    seo: { heading: 'Kategorien', columns: [{ links: [link('/c1', 'Kaffee')] }] },
  }
  const { result, warnings } = await captureConsole(() => parseContent(JSON.stringify(content)))
  assert.equal(result, content)
  assert.equal(warnings, [])
})

test('content that is not JSON, or not an object, gives nothing and is logged', async () => {
  for (const bad of ['{"legalLinks": [', 'null', '[]', '42']) {
    const { result, warnings } = await captureConsole(() => parseContent(bad))
    assert.is(result, null, bad)
    assert.is(warnings.length, 1, bad)
  }
})

test('a wrong part is logged with its path and left out; its valid siblings stay', async () => {
  const content = {
    legalLinks: [link('/a-s1.html', 'A'), { url: 5, text: 'B' }, link('/c-s3.html', 'C')],
    seo: 'not an object',
    teaserGroups: [
      {
        heading: { link: link('/x-s1.html', 'Service') },
        links: [{ link: link('/contact', 'Kontakt') }, { link: { text: 'no url' } }],
      },
    ],
  }
  const { result, warnings } = await captureConsole(() => parseContent(JSON.stringify(content)))
  assert.equal(
    result!.legalLinks!.map((l) => l.text),
    ['A', 'C'],
  )
  assert.is(result!.seo, undefined)
  assert.equal(
    result!.teaserGroups![0].links.map((l) => l.link.text),
    ['Kontakt'],
  )
  const log = warnings.join('\n')
  assert.match(log, /legalLinks\.1\.url/)
  assert.match(log, /seo /)
  assert.match(log, /teaserGroups\.0\.links\.1\.link\.url is missing/)
})

test('unsafe links are refused at their path, whatever their disguise', async () => {
  const unsafe = [
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<b>x</b>',
    'vbscript:x',
    '\\\\evil.example',
  ]
  const content = {
    legalLinks: [
      ...unsafe.map((u) => link(u)),
      link('https://ok.example/'),
      link('mailto:a@b.example'),
      link('/ok-s1.html'),
    ],
  }
  const { result, warnings } = await captureConsole(() => parseContent(content))
  assert.equal(
    result!.legalLinks!.map((l) => l.url),
    ['https://ok.example/', 'mailto:a@b.example', '/ok-s1.html'],
  )
  assert.is(
    warnings.filter((w) => /legalLinks\.\d\.url is an unsafe link/.test(w)).length,
    unsafe.length,
  )
})

test('an unknown social icon drops only that icon', async () => {
  const content = {
    socialMedia: {
      heading: 'Folgen',
      socialMediaIcons: [
        { iconName: 'myspace', link: link('https://m.example') },
        { iconName: 'youtube', link: link('https://y.example') },
      ],
    },
  }
  const { result, warnings } = await captureConsole(() => parseContent(content))
  assert.equal(
    result!.socialMedia!.socialMediaIcons.map((i) => i.iconName),
    ['youtube'],
  )
  assert.match(warnings[0], /socialMedia\.socialMediaIcons\.0\.iconName/)
})

test('heading ids keep letters of every script, digits and hyphens, and are unique', () => {
  const id = headingIds()
  const cases: [string, string][] = [
    ['Zahlung & Versand', 'lf-zahlung-versand'],
    ['Über Lumora', 'lf-über-lumora'],
    ['Zahlung & Versand', 'lf-zahlung-versand-2'],
    ['Ödeme ve teslimat', 'lf-ödeme-ve-teslimat'],
    ['Płatność i dostawa', 'lf-płatność-i-dostawa'],
    ['Lumora hakkında', 'lf-lumora-hakkında'],
    ['Doprava a platba 24/7', 'lf-doprava-a-platba-247'],
    ['Fizetés – szállítás', 'lf-fizetés-szállítás'],
    ['<script>"x"</script>', 'lf-scriptxscript'],
    ['!!!', 'lf-section'],
    ['', 'lf-section-2'],
  ]
  for (const [text, expected] of cases) {
    const made = id(text)
    assert.is(made, expected, text)
    assert.match(made, /^[\p{L}\p{M}\p{N}-]+$/u)
  }
})

test('heading ids: decomposed input comes out composed, so the same heading gets the same id', () => {
  assert.is(headingIds()('Płatnos\u0301c\u0301'), 'lf-płatność')
})

test('logo map: known sources map to the footer logo folder; an unknown one yields no image', () => {
  assert.is(logoPath('payment-invoice'), '/service/footer-images/logos/payment-invoice.svg')
  assert.is(logoPath('trust-secure-shop'), '/service/footer-images/logos/trust-secure-shop.svg')
  assert.is(logoPath('../../evil'), '')
})

test('unknown logo sources are reported once each, from teaser groups and quality logos', async () => {
  const image = (source: string) => ({ label: source, source })
  const link = { url: '/q', text: 'Q' }
  const { warnings } = await captureConsole(() =>
    reportUnknownLogos({
      teaserGroups: [
        { heading: { link }, links: [], images: [image('payment-card'), image('../../evil')] },
        { heading: { link }, links: [], images: [image('../../evil')] },
      ],
      qualityLogos: [{ link, source: 'acme-seal', width: 1, height: 1 }],
    }),
  )
  assert.equal(warnings, [
    '[Lumora footer] W16 (console-codes.html#w16) ../../evil',
    '[Lumora footer] W16 (console-codes.html#w16) acme-seal',
  ])
})

test('flags come from the logo folder, plain file names only', () => {
  assert.is(flagPath('cz.svg'), '/service/footer-images/logos/cz.svg')
  assert.is(flagPath('../x.svg'), '')
  assert.is(flagPath('javascript:alert(1)'), '')
})

test.run()
