/** The widget's root: base styles, the market's language, and the footer behind an error boundary. */
import { useSignals } from '@preact/signals-react/runtime'
import { useStyles } from '../styles/style-root'
import { useWidget } from '../base/widget-context'
import { ErrorBoundary } from '../base/error-boundary'
import { Footer } from '../footer'
import baseCss from '../styles/base.css'

export function App() {
  useSignals()
  useStyles(baseCss)
  const { locale, config, platform } = useWidget()
  return (
    <div
      className="lf-root"
      lang={locale}
      data-site={config.site}
      data-platform={platform.value.toLowerCase()}
    >
      <ErrorBoundary name="Footer">
        <Footer />
      </ErrorBoundary>
    </div>
  )
}
