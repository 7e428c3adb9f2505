/** The sign-up form: fields per site, consents, legal notice, submit (SPEC §2 Newsletter sign-up block). */
import { useEffect, useId, useRef } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useLaterStep } from '../base/staged'
import { Button, Checkbox, Input, Select, TextLink } from '../kit'
import { t } from '../i18n/i18n'
import type { NewsletterModel } from './newsletter.model'
import { EMAIL_MAX, NAME_MAX, type Field } from '../contract/newsletter.constants'
import { isShown, type SiteLinks } from './newsletter.sites'
import { richText } from './rich-text'
import { useAfterFocusMove } from '../base/announce'

const T = 'newsletter.'
/** What the browser may fill in (WCAG 1.3.5): the salutation is the honorific prefix (Frau, Herr). */
const AUTOCOMPLETE: Record<Exclude<Field, 'legals'>, string> = {
  email: 'email',
  salutation: 'honorific-prefix',
  firstName: 'given-name',
  lastName: 'family-name',
}

type Part = { model: NewsletterModel }

/** The other fields' errors after a refused submit: one form to a footer's shadow root, one element. */
const OTHERS_ID = 'lf-nl-others'

/** What a screen reader hears of these errors, in their order. */
const says = (keys: string[]) => keys.map((key) => t(T + 'errors.' + key)).join(' ')

/** A link of the market's (SPEC §2) with its text. */
function link(model: NewsletterModel, href: keyof SiteLinks, text: string) {
  return <TextLink href={model.rules.links[href]}>{t(T + text)}</TextLink>
}

/**
 * The form's frame and its legal notice. What changes while the visitor fills the form renders in
 * parts that read their own signals (each field, the revealed fields, the form's end), so a
 * keystroke renders its field, not the legal texts and their links around it. `onSettled` is
 * called once every part has rendered: the block has its height.
 */
export function NewsletterForm({ model, onSettled }: Part & { onSettled?: () => void }) {
  // The consents, the legal texts and the button render a step after the fields: the whole form
  // in one render and frame is a long task (docs/performance.md, "Why 4x").
  const complete = useLaterStep()
  useEffect(() => {
    if (complete) onSettled?.()
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
      {/* Before the fields: the asterisk is explained before the visitor meets it. */}
      <p className="lf-nl__small">{t(T + 'mandatory')}</p>
      <FormField model={model} field="email" />
      <RevealedFields model={model} />
      {complete ? (
        <>
          {/* A native disclosure: keyboard, expanded state and find-in-page for free, and no script weight (size budget). */}
          <details className="lf-nl__small">
            <summary>{t(T + 'legalTitle')}</summary>
            <p>{richText(T + 'legal', { privacyLink: link(model, 'privacy', 'privacyLink') })}</p>
            {model.rules.links.sample ? <p>{link(model, 'sample', 'sample')}</p> : null}
          </details>
          <FormEnd model={model} />
        </>
      ) : null}
    </form>
  )
}

/** The fields between, in the market's order (the e-mail is first, the consent after the legal notice), once revealed. */
function RevealedFields({ model }: Part) {
  useSignals()
  return model.revealed.value
    ? model.rules.order.map((field) =>
        field === 'email' || field === 'legals' ? null : (
          <FormField key={field} model={model} field={field} />
        ),
      )
    : null
}

/**
 * What every field passes its control: focus and blur drive validation (SPEC §4): on blur, never
 * on each keystroke. The first field a refused submit takes the visitor to is also described by
 * the other fields' errors (FormEnd), so its focus move reads them all.
 */
function fieldEvents(model: NewsletterModel, field: Field) {
  const error = model.errors.value[field]
  return {
    'aria-describedby': model.others.value?.field === field ? OTHERS_ID : undefined,
    onFocus: () => model.focus(field),
    onBlur: () => model.blur(field),
    disabled: model.submitting.value || !!model.locked.value[field],
    error: error ? t(T + 'errors.' + error) : undefined,
    required: model.rules.fields[field] === 'required',
  }
}

/** A text field or the salutation: its value is a signal of its own (newsletter.model.ts fieldValue). */
function FormField({ model, field }: Part & { field: Exclude<Field, 'legals'> }) {
  useSignals()
  const value = model.fieldValue(field).value
  const onValueChange = (x: string) => model.set(field, x)
  return field === 'salutation' ? (
    <Select
      {...fieldEvents(model, field)}
      label={t(T + field)}
      placeholder={t(T + 'choose')}
      value={value}
      autoComplete={AUTOCOMPLETE[field]}
      options={model.rules.salutations.map((s) => ({
        value: s,
        label: t(T + 'salutations.' + s),
      }))}
      onValueChange={onValueChange}
    />
  ) : (
    <Input
      {...fieldEvents(model, field)}
      type={field === 'email' ? 'email' : undefined}
      label={t(T + field)}
      value={value}
      maxLength={field === 'email' ? EMAIL_MAX : NAME_MAX}
      autoComplete={AUTOCOMPLETE[field]}
      onValueChange={onValueChange}
    />
  )
}

/**
 * After the legal notice: the consents, the button and the announcements, the parts that follow
 * the consents' values, the sending state and the verdicts.
 *
 * A refused submit takes the visitor to the first field to correct, which reads every error there
 * (FormField). A form mounted anew has no errors, so its first run finds nothing to focus.
 */
function FormEnd({ model }: Part) {
  useSignals()
  const { rules } = model
  const busy = model.submitting.value
  const end = useRef<HTMLDivElement>(null)
  const consentId = `lf-nl-consent-${useId().replace(/:/g, '')}`
  const refused = model.refused.value
  // A left field's error follows the focus move to the next one (base/announce.ts).
  const alert = useAfterFocusMove(model.alert.value)
  useEffect(() => {
    const first = end.current!.parentElement!.querySelector<HTMLElement>('[aria-invalid=true]')
    if (first) first.focus()
  }, [refused])
  return (
    <>
      {isShown(rules.fields.legals) ? (
        <Checkbox
          {...fieldEvents(model, 'legals')}
          checked={model.fieldValue('legals').value.includes('NEWSLETTER')}
          onCheckedChange={(on) => model.set('legals', on ? ['NEWSLETTER'] : [])}
          label={richText(T + 'newsletterConsent', {
            consentLink: link(model, 'consent', 'consentLink'),
          })}
          // The privacy notice informs and is not consented to (KVKK): a line of its own under the box, outside the label.
          hint={link(model, 'info', 'infoLink')}
        />
      ) : null}
      {model.dneGiven.value ? null : (
        <Checkbox
          disabled={busy}
          checked={model.fieldValue('consents').value.includes('DNE')}
          onCheckedChange={(on) => model.set('consents', on ? ['DNE'] : [])}
          label={richText(T + 'dne', {
            contactLink: link(model, 'contact', 'contactLink'),
            privacyLink: link(model, 'privacy', 'privacyLink'),
          })}
        />
      )}
      {rules.privacyHint ? (
        <p className="lf-nl__small">
          {richText(T + 'privacyHint', { privacyLink: link(model, 'privacy', 'privacyLink') })}
        </p>
      ) : null}
      {/* Honeypot (SPEC §2 "a hidden honeypot email field"): a text field on purpose, off-screen, hidden from assistive technology, out of the tab order, and named so neither autofill nor password managers fill it: an email field is what they fill, and a real visitor would then be taken for a bot (docs/spec-readings.md). Uncontrolled: only a bot types here, and the model reads it at submit. */}
      <div ref={end} className="lf-nl__hp" aria-hidden="true">
        <input
          type="text"
          name="lf-website"
          tabIndex={-1}
          autoComplete="off"
          data-1p-ignore=""
          data-lpignore="true"
          data-form-type="other"
          onChange={(e) => model.setTrap(e.currentTarget.value)}
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
          {richText(T + 'footnote', { conditionsLink: link(model, 'voucher', 'conditionsLink') })}
        </p>
      ) : null}
      {/* Polite: a left field's error waits for the next field's name, which the move to it is reading. */}
      <p className="lf-visually-hidden" role="status">
        {/* A new node per announcement: screen readers read an unchanged text again only when it is inserted anew. */}
        <span key={alert.n}>{says(alert.keys)}</span>
      </p>
      {/* Hidden: each shows under its own field; read as the description of the field that fieldEvents names. */}
      <p id={OTHERS_ID} hidden>
        {says(model.others.value?.keys ?? [])}
      </p>
    </>
  )
}
