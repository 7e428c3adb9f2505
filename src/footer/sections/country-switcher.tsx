/**
 * Country switcher (SPEC §2): a list of links, so choosing a country is plain navigation and
 * nothing changes on focus or selection alone (WCAG 3.2.2). The current market carries aria-current.
 */
import { TextLink } from '../../kit'
import { t } from '../../i18n/i18n'
import { flagPath } from '../logos'
import type { FooterContent } from '../footer.schema'
import { isSite, SITE_LOCALE } from '../../contract/sites'
import { imageFailed } from '../../log'

/**
 * Each country's name is written in that market's language ("Magyarország", "Suisse (français)"), so it
 * carries that language for screen readers. The code names the market (ch_fr -> CH_FR); an
 * unknown code leaves the name in the page's language.
 */
function nameLanguage(code: string): string | undefined {
  const site = code.toUpperCase()
  return isSite(site) ? SITE_LOCALE[site].split('-')[0] : undefined
}

export function CountrySwitcher({
  international,
  assetOrigin,
}: {
  international: FooterContent['international']
  assetOrigin: string
}) {
  if (!international.items.length) return null
  return (
    <nav className="lf-countries" aria-label={international.heading || t('footer.countries')}>
      <ul className="lf-country-list">
        {international.items.map((item) => {
          const flag = flagPath(item.flag, assetOrigin)
          return (
            <li key={item.code}>
              <TextLink
                href={item.href}
                variant="quiet"
                className="lf-country"
                aria-current={item.selected ? 'true' : undefined}
                data-code={item.code}
              >
                {/* Empty alt on purpose: the country's name stands beside the flag, and flagName would say it twice (docs/spec-readings.md). */}
                {flag ? (
                  <img
                    src={flag}
                    alt=""
                    width="24"
                    height="16"
                    loading="lazy"
                    onError={imageFailed}
                  />
                ) : null}
                <span lang={nameLanguage(item.code)}>{item.label}</span>
              </TextLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
