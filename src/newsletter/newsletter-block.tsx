/**
 * The newsletter block at the top of the footer: title, image with the discount bubble,
 * banners, and the form, its success view, or the double opt-in confirmation.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useLaterStep, useWidget } from '../app/widget-context'
import { useStyles } from '../styles/style-root'
import { Notification } from '../kit'
import { t } from '../i18n/i18n'
import { createNewsletterModel, type NewsletterModel } from './newsletter.model'
import { NewsletterForm } from './newsletter-form'
import css from './newsletter.css'

/** SPEC §2: files named by content hash under service/newsletterfrontend/newslettersubscriptionform/. */
const IMG = '/service/newsletterfrontend/newslettersubscriptionform/'

export function NewsletterBlock({ model: given }: { model?: NewsletterModel }) {
  useSignals()
  useStyles(css)
  const widget = useWidget()
  const [model] = useState(() => given ?? createNewsletterModel(widget))
  const titleId = useId()
  useEffect(() => {
    void model.start()
  }, [model])
  const shown = model.ready.value && !model.hidden.value
  // The form renders a step after the block's head: the two in one render were a long task at
  // 4x CPU slowdown (build/bench/long-tasks.ts).
  const formShown = useLaterStep(shown)
  if (!shown) return null
  const { result, doi } = model
  return (
    <section className="lf-nl" aria-labelledby={titleId}>
      <h2 id={titleId} className="lf-nl__title">{t('newsletter.title')}</h2>
      <div className="lf-nl__media">
        <picture>
          <source media="(min-width: 1024px)" srcSet={IMG + 'c94c3a6a548e.jpg'} />
          <source media="(min-width: 767px)" srcSet={IMG + 'ae5da32c40c8.jpg'} />
          <img src={IMG + '2de68e986ab3.jpg'} alt="" loading="lazy" width={720} height={320} />
        </picture>
        <p className="lf-nl__bubble">
          <strong>{t('newsletter.discount')}</strong> {t('newsletter.voucher')}
        </p>
      </div>
      <div className="lf-nl__body">
        <Notification type="error" banner onClose={() => (result.value = undefined)}>
          {result.value === 'ERROR_GENERIC' ? t('newsletter.errorGeneric') : null}
        </Notification>
        <Notification type="error" banner onClose={() => (doi.value = undefined)}>
          {doi.value === 'invalid' ? t('newsletter.doiInvalid') : null}
        </Notification>
        <Notification type="success">
          {doi.value === 'confirmed' ? t('newsletter.confirmed') : null}
        </Notification>
        {model.success.value ? <Success email={model.sentEmail.value} /> : doi.value === 'confirmed' || !formShown ? null : <NewsletterForm key={model.formKey.value} model={model} />}
      </div>
    </section>
  )
}

/** Replaces the form after an accepted sign-up; scrolls into view and takes focus so it is seen and read. */
function Success({ email }: { email: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // Safari < 14 reads an options object as "align to top": there focus() alone brings it into view.
    if (ref.current && 'scrollBehavior' in ref.current.style) ref.current.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
    ref.current?.focus()
  }, [])
  return (
    <div ref={ref} className="lf-nl__success" tabIndex={-1}>
      <h3>{t('newsletter.successTitle')}</h3>
      <p>{t('newsletter.success', { email })}</p>
    </div>
  )
}
