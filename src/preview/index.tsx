/**
 * Entry of the preview file (built once, see esbuild.config.ts SINGLE_BUNDLES). It renders
 * nothing by itself: it offers `mountPreview` on window.__lumoraFooter, and the footer's loader
 * (load.ts) calls it with a container in the widget's shadow root. It brings its own Preact, so
 * it needs nothing from the footer bundle but that hand-off.
 */
import { createRoot } from 'react-dom/client'
import { GLOBAL_KEY } from '../brand'
import { log } from '../log'
import { ErrorBoundary } from '../app/error-boundary'
import { WidgetProvider } from '../app/widget-context'
import { StyleRootProvider } from '../styles/style-root'
import { PreviewPanel } from './preview-panel'
import type { PreviewHandOff, PreviewHost } from './load'

function mountPreview({ container, styleRoot, widget }: PreviewHost): void {
  createRoot(container).render(
    <StyleRootProvider root={styleRoot}>
      <WidgetProvider widget={widget}>
        <ErrorBoundary name="Preview panel">
          <PreviewPanel />
        </ErrorBoundary>
      </WidgetProvider>
    </StyleRootProvider>,
  )
}

const handOff = (window as unknown as Record<string, PreviewHandOff | undefined>)[GLOBAL_KEY]
if (handOff) handOff.mountPreview = mountPreview
else log.error('The preview panel file was loaded without the footer script.')
