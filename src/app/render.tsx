/** Renders the widget into a container with its providers; the React API's createRoot under both builds. */
import { createRoot } from 'react-dom/client'
import { StyleRootProvider, type StyleRoot } from '../styles/style-root'
import { WidgetProvider, type Widget } from '../base/widget-context'
import { ErrorBoundary } from '../base/error-boundary'
import { App } from './app'

export function renderWidget(
  container: HTMLElement,
  styleRoot: StyleRoot,
  widget: Widget,
): () => void {
  const root = createRoot(container)
  root.render(
    <StyleRootProvider root={styleRoot}>
      <WidgetProvider widget={widget}>
        <ErrorBoundary name="Widget">
          <App />
        </ErrorBoundary>
      </WidgetProvider>
    </StyleRootProvider>,
  )
  return () => root.unmount()
}
