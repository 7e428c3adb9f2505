/**
 * The newsletter block at the top of the footer: title, image with the discount bubble,
 * banners, and the form, its success view, or the double opt-in landing (doi-landing.tsx).
 */
import { useEffect, useId, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useWidget } from '../base/widget-context'
import { useLaterStep } from '../base/staged'
import { useStyles } from '../styles/style-root'
import { Notification } from '../kit'
import { t } from '../i18n/i18n'
import { createNewsletterModel, type NewsletterModel } from './newsletter.model'
import { NewsletterForm } from './newsletter-form'
import css from './newsletter.css'
import { NEWSLETTER_PICTURES, picturesBase } from './picture'
import { imageFailed } from '../log'

/**
 * The start plan is told once the block has the height it keeps while the page loads: hidden, or
 * its form complete (or the view that replaces it). The footer adds what lies below only then.
 */
export function NewsletterBlock({ model: given }: { model?: NewsletterModel }) {
  useSignals()
  useStyles(css)
  const widget = useWidget()
  const [model] = useState(() => given ?? createNewsletterModel(widget))
  const titleId = useId()
  const titleRef = useRef<HTMLHeadingElement>(null)
  // Absolute, on the script's origin: the file mount may have asked for already (src/mount.ts).
  const img = picturesBase(widget.assetOrigin)
  useEffect(() => {
    void model.start()
  }, [model])
  const shown = model.ready.value && !model.hidden.value
  // The form renders a step after the block's head: the two in one render make a long task
  // (docs/performance.md, "Why 4x").
  const formShown = useLaterStep(shown)
  const { result } = model
  const landing = model.landing.value
  const doi = landing?.model.state.value
  /** A view in the form's place: the success, or the DOI landing's prompt or its confirmation. */
  const replaced = model.success.value || (doi && doi !== 'invalid')
  useEffect(() => {
    // The form tells when it is complete; hidden, or with a view in its place, the block is settled now.
    if (model.ready.value && (!shown || replaced)) widget.plan.settleNewsletter()
  })
  if (!shown) return null
  return (
    <section className="lf-nl" aria-labelledby={titleId}>
      <h2 id={titleId} ref={titleRef} className="lf-nl__title" tabIndex={-1}>
        {t('newsletter.title')}
      </h2>
      <div className="lf-nl__media">
        <picture>
          {NEWSLETTER_PICTURES.map(([media, file]) =>
            media ? (
              <source key={file} media={media} srcSet={img + file} />
            ) : (
              <img
                key={file}
                src={img + file}
                alt=""
                width={720}
                height={320}
                onError={imageFailed}
              />
            ),
          )}
        </picture>
        <p className="lf-nl__bubble">
          <strong>{t('newsletter.discount')}</strong> {t('newsletter.voucher')}
        </p>
      </div>
      <div className="lf-nl__body">
        <Notification type="error" banner onClose={() => (result.value = undefined)}>
          {result.value === 'ERROR_GENERIC' ? t('newsletter.errorGeneric') : null}
        </Notification>
        {landing ? <landing.View landing={landing.model} heading={titleRef} /> : null}
        {model.success.value ? <Success email={model.sentEmail.value} /> : null}
        {replaced || !formShown ? null : <NewsletterForm key={model.formKey.value} model={model} />}
      </div>
    </section>
  )
}

/**
 * Replaces the form after an accepted sign-up. Its heading takes the focus, so the keyboard goes on
 * from the message instead of the page's top (the form that had the focus is gone); described by
 * the message, it is the one announcement of both: no live region reads them a second time. The
 * scroll jumps rather than glides: no motion for visitors who prefer reduced motion, and no media
 * query in the bundle to ask.
 */
function Success({ email }: { email: string }) {
  const ref = useRef<HTMLDivElement>(null)
  const messageId = useId()
  useEffect(() => {
    // Safari < 14 reads an options object as "align to top": there focusing the heading alone brings it into view.
    if (ref.current && 'scrollBehavior' in ref.current.style)
      ref.current.scrollIntoView({ block: 'nearest' })
    ;(ref.current?.firstChild as HTMLElement | null)?.focus()
  }, [])
  return (
    <div ref={ref} className="lf-nl__success">
      <h3 tabIndex={-1} aria-describedby={messageId}>
        {t('newsletter.successTitle')}
      </h3>
      <p id={messageId}>{t('newsletter.success', { email })}</p>
    </div>
  )
}
