/**
 * Entry of the kit gallery bundle (/kit/, /react/kit/): renders the gallery into a shadow root
 * of #kit-gallery, the same way the widget renders into #footer, so styles are tested as they ship.
 * data-locale on the host picks the first locale.
 */
import { createRoot } from 'react-dom/client'
import { createStyleRoot, StyleRootProvider } from '../../styles/style-root'
import { Gallery } from './gallery'

const host = document.getElementById('kit-gallery')
if (host && !host.shadowRoot) {
  const shadow = host.attachShadow({ mode: 'open' })
  const container = document.createElement('div')
  shadow.appendChild(container)
  createRoot(container).render(
    <StyleRootProvider root={createStyleRoot(shadow)}>
      <Gallery initialLocale={host.getAttribute('data-locale') ?? 'de-DE'} />
    </StyleRootProvider>,
  )
}
