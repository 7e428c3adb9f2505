/** Renders the widget into a container with its providers; the React API's createRoot under both builds. */
import { createRoot } from 'react-dom/client'
import { StyleRootProvider, type StyleRoot } from '../styles/style-root'
import { WidgetProvider, type Widget } from '../base/widget-context'
import { ErrorBoundary } from '../base/error-boundary'
import { App } from './app'

/** The widget with its providers: what the page renders, and what a server renders to a string (server-render.tsx). */
export function widgetTree(styleRoot: StyleRoot, widget: Widget) {
  return (
    <StyleRootProvider root={styleRoot}>
      <WidgetProvider widget={widget}>
        <ErrorBoundary name="Widget">
          <App />
        </ErrorBoundary>
      </WidgetProvider>
    </StyleRootProvider>
  )
}

export function renderWidget(
  container: HTMLElement,
  styleRoot: StyleRoot,
  widget: Widget,
): () => void {
  const root = createRoot(container)
  root.render(widgetTree(styleRoot, widget))
  return () => root.unmount()
}
