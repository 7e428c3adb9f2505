/**
 * Entry of the preview file (built once, see build/product/build.ts SINGLE_BUNDLES). It renders
 * nothing by itself: its exports go to the footer's loader (load.ts), which calls `mountPreview`
 * with a container in the widget's shadow root. It brings no Preact, signals or kit of its own:
 * it runs on the footer bundle's (build/product/preview-runtime.ts).
 */
import { createRoot } from 'react-dom/client'
import { ErrorBoundary } from '../base/error-boundary'
import { WidgetProvider } from '../base/widget-context'
import { StyleRootProvider } from '../styles/style-root'
import { IdPrefix } from '../kit'
import { PreviewPanel } from './preview-panel'
import type { PreviewHost } from './load'

/** @public The preview file's one export, which src/preview/load.ts calls by name. */
export function mountPreview({ container, styleRoot, widget }: PreviewHost): void {
  createRoot(container).render(
    <StyleRootProvider root={styleRoot}>
      <WidgetProvider widget={widget}>
        <ErrorBoundary name="Preview panel">
          {/* A render root of its own beside the footer's: its generated ids need their own prefix. */}
          <IdPrefix.Provider value="lf-preview-">
            <PreviewPanel />
          </IdPrefix.Provider>
        </ErrorBoundary>
      </WidgetProvider>
    </StyleRootProvider>,
  )
}
