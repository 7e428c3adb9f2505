/** The sign-up form: fields per site, consents, legal notice, submit (SPEC §2 Newsletter sign-up block). */
import { useEffect } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useLaterStep } from '../app/widget-context'
import { Button, Checkbox, Input, Select, TextLink } from '../kit'
import { t } from '../i18n/i18n'
import type { NewsletterModel } from './newsletter.model'
import { EMAIL_MAX, NAME_MAX, type Field } from './newsletter.constants'
import type { SiteLinks } from './newsletter.sites'
import { richText } from './rich-text'

const T = 'newsletter.'

/** `onComplete` is told once every part of the form has rendered. */
export function NewsletterForm({ model, onComplete }: { model: NewsletterModel; onComplete?: () => void }) {
  useSignals()
  const { rules, values, errors, submitting, locked } = model
  const v = values.value
  const busy = submitting.value
  const links = rules.links
  const link = (href: keyof SiteLinks, text: string) => <TextLink href={links[href]}>{t(T + text)}</TextLink>
  const err = (field: Field) => (errors.value[field] ? t(T + 'errors.' + errors.value[field]) : undefined)
  // Focus and blur drive validation (SPEC §4): on blur, never on each keystroke.
  const events = (field: Field) => ({ onFocus: () => model.focus(field), onBlur: () => model.blur(field), disabled: busy || !!locked.value[field], error: err(field), required: rules.fields[field] === 2 })
  const name = (field: 'firstName' | 'lastName', autoComplete: string) =>
    rules.fields[field] ? <Input {...events(field)} label={t(T + field)} value={v[field]} maxLength={NAME_MAX} autoComplete={autoComplete} onValueChange={(x) => model.set(field, x)} /> : null

  // The consents, the legal texts and the button render a step after the fields (the whole form
  // in one render and frame was a long task at 4x CPU slowdown, build/bench/long-tasks.ts).
  const complete = useLaterStep()
  useEffect(() => {
    if (complete) onComplete?.()
  }, [complete])
  return (
    <form
      className="lf-nl__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void model.submit()
      }}
    >
      <Input {...events('email')} type="email" label={t(T + 'email')} value={v.email} maxLength={EMAIL_MAX} autoComplete="email" onValueChange={(x) => model.set('email', x)} />
      {model.revealed.value ? (
        <>
          {rules.fields.salutation ? (
            <Select
              {...events('salutation')}
              label={t(T + 'salutation')}
              placeholder={t(T + 'choose')}
              value={v.salutation}
              options={rules.salutations.map((s) => ({ value: s, label: t(T + 'salutations.' + s) }))}
              onValueChange={(x) => model.set('salutation', x)}
            />
          ) : null}
          {name('firstName', 'given-name')}
          {name('lastName', 'family-name')}
        </>
      ) : null}
      {complete ? (
        <>
          {/* A native disclosure: keyboard, expanded state and find-in-page for free, and no script weight (size budget). */}
          <details className="lf-nl__small">
            <summary>{t(T + 'legalTitle')}</summary>
            <p>{richText(T + 'legal', { privacyLink: link('privacy', 'privacyLink') })}</p>
            {links.sample ? <p>{link('sample', 'sample')}</p> : null}
          </details>
          {rules.fields.legals ? (
            <Checkbox
              {...events('legals')}
              checked={v.legals.includes('NEWSLETTER')}
              onCheckedChange={(on) => model.set('legals', on ? ['NEWSLETTER'] : [])}
              label={richText(T + 'newsletterConsent', { consentLink: link('consent', 'consentLink'), infoLink: link('info', 'infoLink') })}
            />
          ) : null}
          {model.dneGiven.value ? null : (
            <Checkbox
              disabled={busy}
              checked={v.consents.includes('DNE')}
              onCheckedChange={(on) => model.set('consents', on ? ['DNE'] : [])}
              label={richText(T + 'dne', { contactLink: link('contact', 'contactLink'), privacyLink: link('privacy', 'privacyLink') })}
            />
          )}
          {rules.privacyHint ? <p className="lf-nl__small">{richText(T + 'privacyHint', { privacyLink: link('privacy', 'privacyLink') })}</p> : null}
          {/* Honeypot: off-screen, hidden from assistive technology, out of the tab order, and named so neither autofill nor password managers fill it. */}
          <div className="lf-nl__hp" aria-hidden="true">
            <input type="text" name="lf-website" tabIndex={-1} autoComplete="off" data-1p-ignore="" data-lpignore="true" data-form-type="other" value={model.trap.value} onChange={(e) => (model.trap.value = e.currentTarget.value)} />
          </div>
          <Button type="submit" state={busy ? 'loading' : 'none'} fullWidth>
            {t(T + 'submit')}
          </Button>
          <p className="lf-nl__small">{t(T + 'mandatory')}</p>
          <p className="lf-nl__small">{richText(T + 'footnote', { conditionsLink: link('voucher', 'conditionsLink') })}</p>
          <p className="lf-visually-hidden" role="alert">
            {model.alert.value.map((key) => t(T + 'errors.' + key)).join(' ')}
          </p>
        </>
      ) : null}
    </form>
  )
}
