/**
 * Payment and delivery tiles (SPEC §2 item 2): the view's images, unknown sources already left out
 * (footer.view.ts). Each tile is a plain, generic icon with its label as text beside it: the label
 * comes from the content in the page's language, so the tile reads in that language and a screen
 * reader reads the label once (the icon says nothing more, so its alt is empty). Its size is the
 * stylesheet's (footer.css, SPEC §9), set before the image loads.
 */
import { t } from '../../i18n/i18n'
import { logoPath } from '../logos'
import { useWidget } from '../../base/widget-context'
import { imageFailed } from '../../log'

export function LogoList({ images }: { images: { label: string; source: string }[] }) {
  const { assetOrigin } = useWidget()
  if (!images.length) return null
  return (
    <ul className="lf-logos" aria-label={t('footer.logos')}>
      {images.map((image) => (
        <li key={image.source} className="lf-tile">
          <img
            className="lf-logo"
            src={logoPath(image.source, assetOrigin)}
            alt=""
            loading="lazy"
            onError={imageFailed}
          />
          {image.label}
        </li>
      ))}
    </ul>
  )
}
