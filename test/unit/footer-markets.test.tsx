/**
 * The reduced footer of every market, from its own content (fixtures/footer/): the teaser groups not
 * hidden in checkout stay, SEO and icon groups go, the legal links stay. The browser proves the
 * cookies in Chromium for two markets, one per cookie (test/browser/footer.spec.ts "reduced by
 * cookie").
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { screen, within } from '@testing-library/preact'
import { renderFooter, resetFooterTest } from '../../src/footer/footer.test-utils'
import { AFFILIATE_COOKIE, NEW_APP_COOKIE } from '../../src/contract/contract'
import { SITES, SITE_LOCALE } from '../../src/contract/sites'
import { useLocale } from '../helpers/widget'
import { footerFixture } from '../helpers/footer-fixtures'

test.after.each(resetFooterTest)

for (const site of SITES) {
  const cookie = site === 'TR' ? NEW_APP_COOKIE : AFFILIATE_COOKIE
  test(`${site}: reduced by the ${cookie} cookie: only its teaser groups not hidden in checkout, no SEO or icon groups, the legal links`, async () => {
    const content = footerFixture(site)
    await useLocale(SITE_LOCALE[site])
    document.cookie = `${cookie}=P-4711; path=/`
    await renderFooter({ config: { site } })
    const footer = screen.getByRole('contentinfo')
    assert.equal(
      within(footer)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
      content.teaserGroups.filter((g) => !g.hideGroupInCheckout).map((g) => g.heading.link.text),
    )
    assert.is(screen.queryByRole('navigation', { name: content.seo.heading }), null)
    assert.is(
      screen.queryByRole('link', { name: content.socialMedia.socialMediaIcons[0].link.text }),
      null,
    )
    assert.ok(screen.getByRole('link', { name: content.legalLinks[0].text }))
  })
}

test.run()
