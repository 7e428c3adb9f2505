/** The sign-up form: fields per site, consents, legal notice, submit (SPEC §2 Newsletter sign-up block). */
import { useEffect, useId, useRef } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useWidget } from '../app/widget-context'
import { useLaterStep } from '../app/start-plan'
import { Button, Checkbox, Input, Select, TextLink } from '../kit'
import { t } from '../i18n/i18n'
import type { NewsletterModel } from './newsletter.model'
import { EMAIL_MAX, NAME_MAX, type Field } from './newsletter.constants'
import { isShown, type NameField, type SiteLinks } from './newsletter.sites'
import { richText } from './rich-text'

const T = 'newsletter.'
const NAME_AUTOCOMPLETE: Record<NameField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
}

/** The start plan is told once every part of the form has rendered: the block has its height. */
export function NewsletterForm({ model }: { model: NewsletterModel }) {
  useSignals()
  const { plan } = useWidget()
  const { rules, values, errors, submitting, locked } = model
  const v = values.value
  const busy = submitting.value
  const links = rules.links
  const link = (href: keyof SiteLinks, text: string) => (
    <TextLink href={links[href]}>{t(T + text)}</TextLink>
  )
  const err = (field: Field) =>
    errors.value[field] ? t(T + 'errors.' + errors.value[field]) : undefined
  // Focus and blur drive validation (SPEC §4): on blur, never on each keystroke.
  const events = (field: Field) => ({
    onFocus: () => model.focus(field),
    onBlur: () => model.blur(field),
    disabled: busy || !!locked.value[field],
    error: err(field),
    required: rules.fields[field] === 'required',
  })

  // The consents, the legal texts and the button render a step after the fields: the whole form
  // in one render and frame is a long task (docs/performance.md, "Why 4x").
  const complete = useLaterStep()
  const consentId = `lf-nl-consent-${useId().replace(/:/g, '')}`
  // A refused submit takes the visitor to the first field to correct, which reads its error there
  // (the alert leaves it out: newsletter.model.ts). A form mounted anew has no errors, so its
  // first run finds nothing to focus.
  const form = useRef<HTMLFormElement>(null)
  const refused = model.refused.value
  useEffect(() => {
    const first = form.current!.querySelector<HTMLElement>('[aria-invalid=true]')
    if (first) first.focus()
  }, [refused])
  useEffect(() => {
    if (complete) plan.settleNewsletter()
  }, [complete])
  return (
    <form
      ref={form}
      className="lf-nl__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void model.submit()
      }}
    >
      {/* Before the fields: the asterisk is explained before the visitor meets it. */}
      <p className="lf-nl__small">{t(T + 'mandatory')}</p>
      <Input
        {...events('email')}
        type="email"
        label={t(T + 'email')}
        value={v.email}
        maxLength={EMAIL_MAX}
        autoComplete="email"
        onValueChange={(x) => model.set('email', x)}
      />
      {/* The fields between, in the market's order (the e-mail is first, the consent after the legal notice). */}
      {model.revealed.value
        ? rules.order.map((field) =>
            field === 'salutation' ? (
              <Select
                key={field}
                {...events(field)}
                label={t(T + field)}
                placeholder={t(T + 'choose')}
                value={v.salutation}
                options={rules.salutations.map((s) => ({
                  value: s,
                  label: t(T + 'salutations.' + s),
                }))}
                onValueChange={(x) => model.set(field, x)}
              />
            ) : field === 'email' || field === 'legals' ? null : (
              <Input
                key={field}
                {...events(field)}
                label={t(T + field)}
                value={v[field]}
                maxLength={NAME_MAX}
                autoComplete={NAME_AUTOCOMPLETE[field]}
                onValueChange={(x) => model.set(field, x)}
              />
            ),
          )
        : null}
      {complete ? (
        <>
          {/* A native disclosure: keyboard, expanded state and find-in-page for free, and no script weight (size budget). */}
          <details className="lf-nl__small">
            <summary>{t(T + 'legalTitle')}</summary>
            <p>{richText(T + 'legal', { privacyLink: link('privacy', 'privacyLink') })}</p>
            {links.sample ? <p>{link('sample', 'sample')}</p> : null}
          </details>
          {isShown(rules.fields.legals) ? (
            <Checkbox
              {...events('legals')}
              checked={v.legals.includes('NEWSLETTER')}
              onCheckedChange={(on) => model.set('legals', on ? ['NEWSLETTER'] : [])}
              label={richText(T + 'newsletterConsent', {
                consentLink: link('consent', 'consentLink'),
              })}
              // The privacy notice informs and is not consented to (KVKK): a line of its own under the box, outside the label.
              hint={link('info', 'infoLink')}
            />
          ) : null}
          {model.dneGiven.value ? null : (
            <Checkbox
              disabled={busy}
              checked={v.consents.includes('DNE')}
              onCheckedChange={(on) => model.set('consents', on ? ['DNE'] : [])}
              label={richText(T + 'dne', {
                contactLink: link('contact', 'contactLink'),
                privacyLink: link('privacy', 'privacyLink'),
              })}
            />
          )}
          {rules.privacyHint ? (
            <p className="lf-nl__small">
              {richText(T + 'privacyHint', { privacyLink: link('privacy', 'privacyLink') })}
            </p>
          ) : null}
          {/* Honeypot (SPEC §2 "a hidden honeypot email field"): a text field on purpose, off-screen, hidden from assistive technology, out of the tab order, and named so neither autofill nor password managers fill it: an email field is what they fill, and a real visitor would then be taken for a bot (docs/spec-readings.md). */}
          <div className="lf-nl__hp" aria-hidden="true">
            <input
              type="text"
              name="lf-website"
              tabIndex={-1}
              autoComplete="off"
              data-1p-ignore=""
              data-lpignore="true"
              data-form-type="other"
              value={model.trap.value}
              onChange={(e) => (model.trap.value = e.currentTarget.value)}
            />
          </div>
          {/* The consent the click gives, read before the click and named as the button's description; it quotes the button's own label. */}
          {rules.clickConsent ? (
            <p id={consentId} className="lf-nl__small">
              {t(T + 'submitConsent', { button: t(T + 'submit') })}
            </p>
          ) : null}
          <Button
            type="submit"
            state={busy ? 'loading' : 'none'}
            fullWidth
            aria-describedby={rules.clickConsent ? consentId : undefined}
          >
            {t(T + 'submit')}
          </Button>
          {model.footnote ? (
            <p className="lf-nl__small">
              {richText(T + 'footnote', { conditionsLink: link('voucher', 'conditionsLink') })}
            </p>
          ) : null}
          <p className="lf-visually-hidden" role="alert">
            {/* A new node per announcement: screen readers read an unchanged text again only when it is inserted anew. */}
            <span key={model.alert.value.n}>
              {model.alert.value.keys.map((key) => t(T + 'errors.' + key)).join(' ')}
            </span>
          </p>
        </>
      ) : null}
    </form>
  )
}
