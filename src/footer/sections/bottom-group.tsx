/**
 * Bottom group (SPEC §2 item 6): legal links, quality logos, sales-tax note, country selector,
 * and the view changer (SPEC §3 viewChanger). http(s) links here open in a new tab
 * without referrer (mailto links open the mail program, in no tab); the selector is hidden on smartphone and tablet.
 */
import { TextLink } from '../../kit'
import { t } from '../../i18n/i18n'
import { logoPath } from '../logos'
import { useWidget } from '../../base/widget-context'
import type { PartialContent } from '../footer.schema'
import { CountrySwitcher } from './country-switcher'
import { ViewChanger } from './view-changer'
import { imageFailed } from '../../log'

export function BottomGroup({
  content,
  touch,
}: {
  content: PartialContent | null
  touch: boolean
}) {
  const { legalLinks = [], qualityLogos = [], salesTax, international, viewChanger } = content || {}
  const { assetOrigin } = useWidget()
  return (
    <div className="lf-bottom">
      {legalLinks.length ? (
        <nav aria-label={t('footer.legal')}>
          <ul className="lf-inline-list">
            {legalLinks.map((link, i) => (
              <li key={i}>
                <TextLink href={link.url} variant="quiet" newTab>
                  {link.text}
                </TextLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {qualityLogos.length ? (
        <ul className="lf-inline-list lf-quality">
          {qualityLogos.map(({ link, source, width, height }, i) => {
            const src = logoPath(source, assetOrigin)
            return (
              <li key={i}>
                <TextLink href={link.url} variant="quiet" newTab>
                  {src ? (
                    <img
                      src={src}
                      alt={link.text}
                      width={width}
                      height={height}
                      loading="lazy"
                      onError={imageFailed}
                    />
                  ) : (
                    link.text
                  )}
                </TextLink>
              </li>
            )
          })}
        </ul>
      ) : null}
      {salesTax ? (
        <p className="lf-sales-tax">
          {salesTax.textBeforeLink}
          <TextLink href={salesTax.link.url} newTab>
            {salesTax.link.text}
          </TextLink>
          {salesTax.textAfterLink}
        </p>
      ) : null}
      {international && !touch ? (
        <CountrySwitcher international={international} assetOrigin={assetOrigin} />
      ) : null}
      {viewChanger ? <ViewChanger texts={viewChanger} /> : null}
      <p className="lf-copyright">{t('core.copyright', { year: new Date().getFullYear() })}</p>
    </div>
  )
}
