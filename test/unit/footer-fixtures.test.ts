/** Every market's footer fixture fits the one content schema and carries the pages and facts SPEC §2 and §9 ask for. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { validate } from 'superstruct'
import { footerFixture } from '../helpers/footer-fixtures.ts'
import { SITES, type Site } from '../../src/contract/sites.ts'
import { FooterContentSchema, type FooterContent } from '../../src/footer/footer.schema.ts'
import { LOGO_SOURCES } from '../../src/footer/logos.ts'
import { SITE_RULES } from '../../src/newsletter/newsletter.sites.ts'

const test = suite('footer fixtures')

const urls = (c: FooterContent) => [
  ...c.teaserGroups.flatMap((g) => [g.heading.link.url, ...g.links.map((l) => l.link.url)]),
  ...c.seo.columns.flatMap((col) => col.links.map((l) => l.url)),
  ...c.legalLinks.map((l) => l.url),
  ...(c.salesTax ? [c.salesTax.link.url] : []),
]
const texts = (c: FooterContent) => JSON.stringify(c)

/** SPEC §9 market facts that must be visible in the content, per site. */
const FACTS: Record<Site, RegExp[]> = {
  DE: [/30\sTage Rückgaberecht/],
  // AT's 14 days are exactly the statutory Rücktrittsrecht (FAGG): the legal link names it, and
  // advertising it as the shop's offer is blacklisted (UWG Anhang Z 10; the locale lint checks).
  AT: [],
  CH: [/3\sMonate Rückgaberecht/],
  CH_FR: [/retour de 3\smois/],
  CZ: [/30\sdní/, /999\sKč/, /499\sKč/, /každá 11\.\skáva/, /včetně DPH/],
  SK: [/30\sdní/, /40\s€/, /20\s€/, /každá 11\.\skáva/, /vrátane DPH/],
  HU: [/30\snapos visszaküldési/],
  TR: [
    /90\sgün içinde ücretsiz iade ve değişim/,
    /1\.000\sTL/,
    /1–2\siş günü/,
    /haftanın her günü 09:00–19:00/,
  ],
  PL: [/100\szł/, /30\sdni na\szwrot/],
}
/**
 * The legal page about withdrawal or returns, by its name in each market: the EU markets link the
 * statutory right of withdrawal (Austria's FAGG calls it Rücktrittsrecht); Swiss law gives none for
 * online purchases, so CH and CH_FR link the shop's own return policy instead (naming a statutory
 * right that does not exist would mislead, UWG).
 */
const RETURNS_PAGE: Record<Site, string> = {
  DE: 'Widerrufsrecht',
  AT: 'Rücktrittsrecht',
  CH: 'Rückgaberecht',
  CH_FR: 'Droit de retour',
  CZ: 'Odstoupení od smlouvy',
  SK: 'Odstúpenie od zmluvy',
  HU: 'Elállási jog',
  TR: 'Cayma hakkı',
  PL: 'Prawo odstąpienia od umowy',
}
/**
 * The online withdrawal function of EU consumer law (Art. 11a of Directive 2011/83, inserted by
 * Directive 2023/2673; § 356a BGB in Germany): a legal link right after the information about the
 * right, labelled as the market's law words it. Swiss law gives no right of withdrawal online and
 * Turkey's regulation asks for no such function, so CH, CH_FR and TR have none.
 */
const WITHDRAWAL_FUNCTION: Record<Site, string | null> = {
  DE: 'Vertrag widerrufen',
  AT: 'Vom Vertrag zurücktreten',
  CH: null,
  CH_FR: null,
  CZ: 'Odstoupit od smlouvy',
  SK: 'Odstúpiť od zmluvy',
  HU: 'Elállás a szerződéstől',
  TR: null,
  PL: 'Odstąp od umowy',
}
/** The accessibility information the European Accessibility Act asks of a shop in the EU (BFSG, BaFG and the other national acts). */
const ACCESSIBILITY_PAGE: Record<Site, string | null> = {
  DE: 'Barrierefreiheit',
  AT: 'Barrierefreiheit',
  CH: null,
  CH_FR: null,
  CZ: 'Přístupnost',
  SK: 'Prístupnosť',
  HU: 'Akadálymentesség',
  TR: null,
  PL: 'Dostępność',
}
const POPULAR: Site[] = ['CZ', 'HU', 'SK', 'TR']

/** SPEC §2 linked pages that are fixed paths, the same in every market. */
const FIXED_PAGES = [
  '/contact',
  '/account',
  '/service/storefinder/',
  '/registerfreelumoracard',
  '/subscribenewsletter',
  '/life/',
  '/blog/',
]

for (const site of SITES) {
  test(`${site}: passes the footer content schema`, () => {
    const [error] = validate(footerFixture(site), FooterContentSchema)
    assert.is(error, undefined, error && `${error.path.join('.')}: ${error.message}`)
  })

  test(`${site}: links every page SPEC §2 lists, content pages as slug-s/c<digits>.html, categories as /c<number>`, () => {
    const content = footerFixture(site)
    const all = urls(content)
    for (const page of FIXED_PAGES) assert.ok(all.includes(page), `${site} links ${page}`)
    const internal = all.filter((u) => u.startsWith('/') && !FIXED_PAGES.includes(u))
    for (const url of internal) assert.match(url, /^\/([a-z0-9-]+-[sc]\d+\.html|c\d+)$/, url)
    // payment, delivery, click and collect, returns, gift card, gift ideas, manuals, disposal, size advisor, sustainability, press, imprint, privacy, terms, withdrawal, cookie settings
    assert.ok(internal.filter((u) => u.endsWith('.html')).length >= 15, `${site} content pages`)
    assert.ok(
      content.teaserGroups.some((g) => g.links.some((l) => /^https:\/\//.test(l.link.url))),
      `${site} careers page`,
    )
    assert.is(content.legalLinks.length >= 5, true)
  })

  test(`${site}: the legal links name the right to withdraw or return that this market's law gives`, () => {
    const legal = footerFixture(site).legalLinks.map((l) => l.text)
    assert.ok(legal.includes(RETURNS_PAGE[site]), `${site}: ${legal.join(', ')}`)
    if (site === 'CH' || site === 'CH_FR' || site === 'AT')
      assert.not.match(legal.join(' '), /Widerruf|rétractation/)
  })

  test(`${site}: one page, one address: the sign-up links the footer's privacy notice, and no page number or slug names two pages`, () => {
    const content = footerFixture(site)
    const legal = content.legalLinks.map((l) => l.url)
    const { privacy, info, contact, ...own } = SITE_RULES[site].links
    for (const notice of [privacy, info])
      if (notice)
        assert.ok(legal.includes(notice), `${site}: ${notice} is not among ${legal.join(', ')}`)
    const slugOf = new Map<string, string>()
    const numberOf = new Map<string, string>()
    for (const url of [...urls(content), privacy, info, contact, ...Object.values(own)]) {
      const [, slug, number] = /^\/([a-z0-9-]+)-s(\d+)\.html$/.exec(url ?? '') ?? []
      if (!slug || !number) continue
      assert.is(
        slugOf.get(number) ?? slug,
        slug,
        `${site}: s${number} names ${slugOf.get(number)} and ${slug}`,
      )
      assert.is(
        numberOf.get(slug) ?? number,
        number,
        `${site}: ${slug} is s${numberOf.get(slug)} and s${number}`,
      )
      slugOf.set(number, slug)
      numberOf.set(slug, number)
    }
  })

  test(`${site}: an EU market links the withdrawal function right after the right, and its accessibility information`, () => {
    const legal = footerFixture(site).legalLinks.map((l) => l.text)
    const fn = WITHDRAWAL_FUNCTION[site]
    if (fn) assert.is(legal[legal.indexOf(RETURNS_PAGE[site]) + 1], fn, legal.join(', '))
    else
      for (const label of Object.values(WITHDRAWAL_FUNCTION))
        assert.not.ok(label && legal.includes(label), `${site}: ${label}`)
    const accessibility = ACCESSIBILITY_PAGE[site]
    if (accessibility) assert.ok(legal.includes(accessibility), legal.join(', '))
  })

  test(`${site}: market facts of SPEC §9`, () => {
    for (const fact of FACTS[site]) assert.match(texts(footerFixture(site)), fact)
  })

  test(`${site}: switcher lists the nine markets, its own selected`, () => {
    const items = footerFixture(site).international.items
    assert.equal(
      items.map((i) => i.code),
      ['cz', 'de', 'hu', 'at', 'pl', 'ch', 'sk', 'ch_fr', 'tr'],
    )
    assert.equal(
      items.filter((i) => i.selected).map((i) => i.code),
      [site.toLowerCase()],
    )
    // The one country with two shops: each name says its language, in that language.
    assert.equal(
      items.filter((i) => i.code.startsWith('ch')).map((i) => i.label),
      ['Schweiz (Deutsch)', 'Suisse (français)'],
    )
  })

  test(`${site}: popular-category column only for CZ, HU, SK, TR; logos from the fixed list`, () => {
    const content = footerFixture(site)
    assert.is(content.seo.columns.length, POPULAR.includes(site) ? 4 : 3)
    const sources = [
      ...content.teaserGroups.flatMap((g) => g.images ?? []).map((i) => i.source),
      ...content.qualityLogos.map((q) => q.source),
    ]
    for (const source of sources)
      assert.ok((LOGO_SOURCES as readonly string[]).includes(source), source)
  })
}

/**
 * Marks of no scheme that the logo set holds: a generic "✓ SECURE" seal and a generic "ECO"
 * label. Showing a trust mark without an issuer's authorisation is blacklisted (Directive 2005/29
 * Annex I No. 2), an environmental label without a certification scheme too (Directive 2024/825).
 */
const MARKS_OF_NO_SCHEME = ['trust-secure-shop', 'trust-eco-label']

for (const site of SITES)
  test(`${site}: no trust seal or eco label of no issuer is shown`, () => {
    const content = footerFixture(site)
    const shown = [
      ...content.teaserGroups.flatMap((g) => g.images ?? []).map((i) => i.source),
      ...content.qualityLogos.map((q) => q.source),
    ]
    assert.equal(
      shown.filter((s) => MARKS_OF_NO_SCHEME.includes(s)),
      [],
    )
  })

test('sales-tax note: optional, present for CZ and SK', () => {
  assert.ok(footerFixture('CZ').salesTax && footerFixture('SK').salesTax)
  assert.is(footerFixture('TR').salesTax, undefined)
})

test('CH and CH_FR, one Swiss shop in two languages, show the same payment and delivery tiles', () => {
  const tiles = (site: Site) =>
    footerFixture(site)
      .teaserGroups.flatMap((g) => g.images ?? [])
      .map((i) => i.source)
  assert.equal(tiles('CH_FR'), tiles('CH'))
})

test('de-CH fixture writes "ss", never "ß"', () => {
  assert.not.match(texts(footerFixture('CH')), /ß/)
})

test.run()
