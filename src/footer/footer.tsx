/**
 * The footer landmark (SPEC §2), top to bottom: newsletter block, payment and delivery logos,
 * teaser groups, SEO links, icon groups, bottom group. Content comes from the model; a section
 * whose content is missing or broken is simply not there, and one that fails to render is left out.
 */
import { useEffect, useMemo } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useWidget } from '../base/widget-context'
import { Step } from './footer-plan'
import { ErrorBoundary } from '../base/error-boundary'
import { useStyles } from '../styles/style-root'
import { NewsletterBlock } from '../newsletter'
import { createFooterModel } from './footer.model'
import { buildView } from './footer.view'
import { LogoList } from './sections/logo-list'
import { TeaserGroups } from './sections/teaser-groups'
import { SeoLinks } from './sections/seo-links'
import { IconGroups } from './sections/icon-groups'
import { BottomGroup } from './sections/bottom-group'
import css from './footer.css'

export function Footer() {
  useSignals()
  useStyles(css)
  const widget = useWidget()
  const model = useMemo(() => createFooterModel(widget), [widget])
  useEffect(() => {
    model.open()
    // The content request starts in a task of its own: started in the same effects pass as the
    // newsletter's requests, the two make a long task (docs/performance.md, "Why 4x").
    const timer = widget.timers.setTimeout(() => void model.load(), 0)
    return () => widget.timers.clearTimeout(timer)
  }, [model])
  const content = model.content.value
  const { sections } = model
  const phone = model.phone.value
  const { reached } = widget.plan
  const view = useMemo(() => content && buildView(content, sections), [content, sections])
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the footer is a contentinfo landmark (top level of its shadow root), named by its headline so that beside the host page's own footer the two landmarks tell apart.
    <footer
      aria-labelledby={content?.headline ? view!.headlineId : undefined}
      className={`lf-footer lf-footer--${phone ? 'phone' : widget.platform.value.toLowerCase()}${sections.variant === 'reduced' ? ' lf-footer--reduced' : ''}`}
    >
      {sections.newsletter && reached(Step.newsletter) ? (
        <ErrorBoundary name="Newsletter" onError={model.settleNewsletter}>
          <NewsletterBlock onSettled={model.settleNewsletter} />
        </ErrorBoundary>
      ) : null}
      {content && view ? (
        <>
          {content.headline ? (
            <h2 id={view.headlineId} className="lf-visually-hidden">
              {content.headline}
            </h2>
          ) : null}
          <ErrorBoundary name="Footer logos">
            <LogoList images={view.images} />
          </ErrorBoundary>
          {reached(Step.teasers) ? (
            <ErrorBoundary name="Footer teasers">
              <TeaserGroups groups={view.groups} phone={phone} classic={model.classic.value} />
            </ErrorBoundary>
          ) : null}
          {sections.seo && content.seo ? (
            <ErrorBoundary name="Footer SEO links">
              <SeoLinks seo={content.seo} id={view.seoId} phone={phone} shown={model.seoShown} />
            </ErrorBoundary>
          ) : null}
          {sections.icons && reached(Step.icons) ? (
            <ErrorBoundary name="Footer icons">
              <IconGroups content={content} socialId={view.socialId} appId={view.appId} />
            </ErrorBoundary>
          ) : null}
        </>
      ) : null}
      {reached(Step.bottom) ? (
        <ErrorBoundary name="Footer bottom">
          <BottomGroup content={reached(Step.done) ? content : null} touch={model.touch.value} />
        </ErrorBoundary>
      ) : null}
    </footer>
  )
}
