/** Payment and delivery logos (SPEC §2 item 2). An unknown source is left out (reported when the content is read). */
import { t } from '../../i18n/i18n'
import { logoPath } from '../logos'
import { useWidget } from '../../app/widget-context'

export function LogoList({ images }: { images: { label: string; source: string }[] }) {
  const { assetOrigin } = useWidget()
  const shown = images
    .map((image) => ({ ...image, src: logoPath(image.source, assetOrigin) }))
    .filter((image) => image.src)
  if (!shown.length) return null
  return (
    <ul className="lf-logos" aria-label={t('footer.logos')}>
      {shown.map((image) => (
        <li key={image.source}>
          <img
            className="lf-logo"
            src={image.src}
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
