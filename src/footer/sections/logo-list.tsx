/** Payment and delivery logos (SPEC §2 item 2): the view's images, unknown sources already left out (footer.view.ts). */
import { t } from '../../i18n/i18n'
import { logoPath } from '../logos'
import { useWidget } from '../../app/widget-context'

export function LogoList({ images }: { images: { label: string; source: string }[] }) {
  const { assetOrigin } = useWidget()
  if (!images.length) return null
  return (
    <ul className="lf-logos" aria-label={t('footer.logos')}>
      {images.map((image) => (
        <li key={image.source}>
          <img
            className="lf-logo"
            src={logoPath(image.source, assetOrigin)}
            alt={image.label}
            width="106"
            height="70"
            loading="lazy"
          />
        </li>
      ))}
    </ul>
  )
}
