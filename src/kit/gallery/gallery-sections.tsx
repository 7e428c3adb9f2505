/** The gallery's sections, one per component family (see gallery.tsx). */
import { useState, type ReactNode } from 'react'
import {
  BREAKPOINTS,
  Button,
  BUTTON_SIZES,
  BUTTON_VARIANTS,
  Checkbox,
  ExpandIcon,
  ExpansionPanel,
  FIELD_INVALID,
  GENERIC_INVALID,
  genericValidator,
  IbanInput,
  Icon,
  ICON_PATHS,
  Input,
  Notification,
  NumberInput,
  PasswordStrength,
  RadioGroup,
  Select,
  TextLink,
  TextSlider,
  ValidatedInput,
  type IconName,
  type NotificationType,
  type RadioGroupProps,
} from '../index'
import { t } from '../../i18n/i18n'

const TYPES: NotificationType[] = ['info', 'success', 'warning', 'error']
const PAGE_LANGUAGES = ['de', 'fr', 'cs', 'hu', 'sk', 'tr', 'pl', 'da', 'sv', 'en']
const digitsOnly = genericValidator((value: string) => /^\d*$/.test(value))
const digitsOnlyWithoutGenerator = genericValidator((value: string) => /^\d*$/.test(value), null)
const SALUTATIONS = [
  { value: 'mrs', label: 'Mrs' },
  { value: 'mr', label: 'Mr' },
  { value: 'diverse', label: 'Diverse' },
]
const DELIVERY = [
  { value: 'home', label: 'Home' },
  { value: 'store', label: 'Store' },
  { value: 'locker', label: 'Parcel locker', disabled: true },
]
/** The states the select and the radio group both show, on the salutations. */
const CHOICE_STATES: ({ key: string } & Pick<
  RadioGroupProps,
  'label' | 'required' | 'error' | 'state' | 'defaultValue' | 'disabled'
>)[] = [
  {
    key: 'error',
    label: 'Salutation (error)',
    required: true,
    error: 'Please choose a salutation.',
  },
  { key: 'valid', label: 'Salutation (valid)', state: 'valid', defaultValue: 'mrs' },
  { key: 'disabled', label: 'Salutation (disabled)', disabled: true, defaultValue: 'mr' },
]

/** English demo text inside a part that speaks the kit's locale (its kit texts are in that language). */
function En({ children }: { children: ReactNode }) {
  return <span lang="en">{children}</span>
}

/** A titled grid of examples within a section. */
function Grid({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h3>{title}</h3>
      <div className="lf-gallery-grid">{children}</div>
    </>
  )
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="lf-gallery-section" aria-labelledby={`gallery-${id}`}>
      <h2 id={`gallery-${id}`}>{title}</h2>
      {children}
    </section>
  )
}

export function ButtonSection({ locale }: { locale: string }) {
  const [clicks, setClicks] = useState(0)
  return (
    <Section title="Button" id="button">
      {BUTTON_SIZES.map((size) => (
        <div key={size}>
          <h3>Size {size}</h3>
          <div className="lf-gallery-row">
            {BUTTON_VARIANTS.map((variant) => (
              <Button key={variant} variant={variant} size={size}>
                {variant}
              </Button>
            ))}
          </div>
        </div>
      ))}
      <h3>States</h3>
      <div className="lf-gallery-row" lang={locale}>
        <Button onClick={() => setClicks(clicks + 1)}>
          <En>Clicked {clicks} times</En>
        </Button>
        <Button state="loading" onClick={() => setClicks(clicks + 1)}>
          <En>Loading</En>
        </Button>
        <Button variant="secondary" state="loading">
          <En>Loading secondary</En>
        </Button>
        <Button disabled>
          <En>Disabled</En>
        </Button>
        <Button fullWidth variant="secondary">
          <En>Full width</En>
        </Button>
      </div>
    </Section>
  )
}

export function FormSection({ locale }: { locale: string }) {
  const [iban, setIban] = useState('')
  const [amount, setAmount] = useState('')
  const [password, setPassword] = useState('')
  const [language, setLanguage] = useState(locale.slice(0, 2))
  const [radio, setRadio] = useState('')
  const [checked, setChecked] = useState(false)
  return (
    <Section title="Form controls" id="form">
      <Grid title="Input">
        <Input label="Default" name="default" placeholder="First name" autoComplete="given-name" />
        <Input label="Required" name="required" placeholder="Email address" type="email" required />
        <Input label="With hint" name="hint" hint="As on your ID card" autoComplete="family-name" />
        <Input
          label="Valid"
          name="valid"
          state="valid"
          defaultValue="anna@example.com"
          type="email"
        />
        <Input
          label="Error"
          name="error"
          required
          error="Please enter a valid email address."
          defaultValue="anna@"
          type="email"
        />
        <Input label="Disabled" name="disabled" disabled defaultValue="Known customer" />
        <Input
          label="Hidden label"
          hideLabel
          name="hidden-label"
          placeholder="Email (label hidden)"
          required
          type="email"
        />
      </Grid>
      <h3>Generic validator</h3>
      <p>
        Checked on leaving the field; a message stays until the value is valid, and is in the chosen
        locale. English defaults (SPEC §5): <q>{GENERIC_INVALID}</q>, and without a message
        generator <q>{FIELD_INVALID}</q>.
      </p>
      <div className="lf-gallery-grid">
        <ValidatedInput
          label="Customer number"
          name="customer-number"
          validator={digitsOnly}
          hint="Digits only"
          defaultValue="12a"
          autoComplete="off"
        />
        <ValidatedInput
          label="Card code"
          name="card-code"
          validator={digitsOnlyWithoutGenerator}
          hint="Digits only; a validator without a message generator"
          autoComplete="off"
        />
      </div>
      <Grid title="IBAN input and number input">
        {/* The format in the hint, not the placeholder: a hint wraps and stays while typing; a full IBAN is cut off in a placeholder. */}
        <IbanInput
          label="IBAN"
          name="iban"
          value={iban}
          onValueChange={setIban}
          hint={`Format: DE00 0000 0000 0000 0000 00; paste e.g. NL91 ABNA 0417 1643 00. Value: ${iban || '(empty)'}`}
        />
        <IbanInput
          label="IBAN (error)"
          name="iban-error"
          defaultValue="DE12"
          error="The IBAN is too short."
        />
        <NumberInput label="Quantity (whole, max 3)" name="quantity" maxLength={3} />
        <NumberInput
          label="Quantity (error)"
          name="quantity-error"
          defaultValue="0"
          required
          error="Please enter at least 1."
        />
        <NumberInput
          label="Amount (2 decimals)"
          name="amount"
          decimals={2}
          value={amount}
          onValueChange={setAmount}
          hint={`Value: ${amount || '(empty)'}`}
        />
      </Grid>
      <Grid title="Password strength">
        <Select
          label="Page language"
          name="page-language"
          value={language}
          options={PAGE_LANGUAGES.map((l) => ({ value: l, label: l }))}
          onValueChange={setLanguage}
        />
        <div>
          <Input
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onValueChange={(v) => setPassword(v)}
            aria-describedby="gallery-password-strength"
          />
          <PasswordStrength
            password={password}
            language={language}
            id="gallery-password-strength"
          />
        </div>
      </Grid>
      <ul className="lf-gallery-row" aria-label="Every strength level">
        {['short', 'longenough', 'longenough1', 'Longenough1'].map((p) => (
          <li key={p} className="lf-gallery-surface">
            <PasswordStrength password={p} language={language} />
          </li>
        ))}
      </ul>
      <Grid title="Select">
        <Select
          label="Salutation"
          name="salutation"
          options={SALUTATIONS}
          placeholder="Please choose"
          autoComplete="honorific-prefix"
        />
        <Select
          label="Salutation (required)"
          name="salutation-required"
          options={SALUTATIONS}
          placeholder="Please choose"
          required
        />
        {CHOICE_STATES.map(({ key, ...state }) => (
          <Select
            key={key}
            {...state}
            name={`salutation-${key}`}
            options={SALUTATIONS}
            placeholder={state.defaultValue ? undefined : 'Please choose'}
          />
        ))}
      </Grid>
      <Grid title="Radio group">
        <RadioGroup
          label="Delivery"
          name="delivery"
          value={radio}
          onValueChange={setRadio}
          options={DELIVERY}
        />
        <RadioGroup
          label="Salutation (inline, required)"
          name="radio-inline"
          inline
          required
          options={SALUTATIONS}
        />
        {CHOICE_STATES.map(({ key, ...state }) => (
          <RadioGroup key={key} {...state} name={`radio-${key}`} options={SALUTATIONS} />
        ))}
      </Grid>
      <Grid title="Checkbox">
        <Checkbox label="Unchecked" name="c1" />
        <Checkbox label="Checked" name="c2" defaultChecked />
        <Checkbox
          name="c3"
          checked={checked}
          onCheckedChange={setChecked}
          label={
            <>
              I accept the{' '}
              <TextLink href="https://example.com/terms" newTab newTabLabel="opens in a new tab">
                terms
              </TextLink>{' '}
              and the <TextLink href="/privacy">privacy notice</TextLink>.
            </>
          }
        />
        <Checkbox label="Required consent" name="c4" required error="Please give your consent." />
        <Checkbox label="Valid consent" name="c7" state="valid" defaultChecked />
        <Checkbox label="Disabled" name="c5" disabled />
        <Checkbox label="Disabled and checked" name="c6" disabled defaultChecked />
      </Grid>
    </Section>
  )
}

export function FeedbackSection({ locale }: { locale: string }) {
  // A new node per announcement: the same text again is read only when it is inserted anew.
  const [live, setLive] = useState({ text: '', n: 0 })
  const [banner, setBanner] = useState(true)
  return (
    <Section title="Notification" id="notification">
      <div lang={locale}>
        {TYPES.map((type) => (
          <Notification key={type} type={type} title={<En>{type}:</En>}>
            <En>An inline {type} message.</En>
          </Notification>
        ))}
        <h3 lang="en">Banners (closable)</h3>
        {/* A close button's name is its action and the message, read as one text: both in one
            language. English messages get an English action; the kit's own action closes a
            message in the locale. */}
        <div lang="en">
          {TYPES.map((type) => (
            <Notification key={type} type={type} banner closeLabel="Close message">
              This {type} banner can be closed.
            </Notification>
          ))}
          <Notification
            type="error"
            banner
            closeLabel="Close message"
            onClose={() => setBanner(false)}
          >
            {banner ? 'A controlled banner: closing it calls onClose.' : null}
          </Notification>
        </div>
        <Notification type="error" banner>
          {t('kit.validation.fieldInvalid')}
        </Notification>
        <h3 lang="en">Live region</h3>
        <div className="lf-gallery-row">
          <Button
            variant="secondary"
            onClick={() =>
              setLive({
                text: 'Saved. This text arrived in a region that already existed.',
                n: live.n + 1,
              })
            }
          >
            <En>Announce a message</En>
          </Button>
          <Button variant="secondary" onClick={() => setLive({ text: '', n: live.n })}>
            <En>Clear</En>
          </Button>
        </div>
        <Notification type="success" id="gallery-live">
          {live.text ? (
            <span key={live.n} lang="en">
              {live.text}
            </span>
          ) : null}
        </Notification>
      </div>
    </Section>
  )
}

export function DisclosureSection({ locale }: { locale: string }) {
  return (
    <Section title="Expansion panel and text slider" id="disclosure">
      <ExpansionPanel title="Collapsed panel">
        <p>Content of the collapsed panel.</p>
      </ExpansionPanel>
      <ExpansionPanel title="Expanded panel" defaultExpanded>
        <p>Content of the expanded panel.</p>
      </ExpansionPanel>
      <div lang={locale}>
        <h3 lang="en">Text slider (collapsed)</h3>
        <TextSlider>
          <p lang="en">
            Lumora roasts its coffee in small batches. Every bean is sourced from farms we know by
            name, and every batch is tasted before it is packed. Our fashion is made to last more
            than a season, and our household goods are chosen to be used every day for years. This
            text is long enough to be cut after three lines on narrow screens and on wide ones.
          </p>
        </TextSlider>
        <h3 lang="en">Text slider (expanded)</h3>
        <TextSlider defaultExpanded lines={2}>
          <p lang="en">An expanded text slider shows all its text and offers to show less.</p>
        </TextSlider>
      </div>
      <h3>Expand icon</h3>
      <div className="lf-gallery-row">
        <span>
          Collapsed <ExpandIcon expanded={false} />
        </span>
        <span>
          Expanded <ExpandIcon expanded />
        </span>
      </div>
    </Section>
  )
}

export function IconSection() {
  const names = Object.keys(ICON_PATHS) as IconName[]
  return (
    <Section title="Icon" id="icon">
      <ul className="lf-gallery-icons">
        {names.map((name) => (
          <li key={name}>
            <Icon path={ICON_PATHS[name]} />
            {name}
          </li>
        ))}
      </ul>
      <h3>Sizes</h3>
      <div className="lf-gallery-row">
        {([16, 20, 24, 32, 40, 48] as const).map((size) => (
          <Icon key={size} path={ICON_PATHS.instagram} size={size} label={`instagram ${size} px`} />
        ))}
      </div>
    </Section>
  )
}

export function LinkSection({ locale }: { locale: string }) {
  return (
    <Section title="Text link" id="link">
      <div lang={locale}>
        <p lang="en">
          An <TextLink href="/imprint">inline link</TextLink> in running text, and a{' '}
          <TextLink
            href="https://example.com/"
            newTab
            showExternalIcon
            newTabLabel="opens in a new tab"
          >
            link that opens a new tab
          </TextLink>
          .
        </p>
        <div className="lf-gallery-row">
          <TextLink href="mailto:service@example.com" variant="standalone" newTab>
            <span lang="en">Standalone mail link</span>
          </TextLink>
          <TextLink href="/help" variant="quiet">
            <En>Quiet link (footer lists)</En>
          </TextLink>
        </div>
        <p lang="en">
          Unsafe address, rendered as text:{' '}
          {/* biome-ignore lint/security/noScriptUrl: the unsafe address the gallery shows refused */}
          <TextLink href="javascript:alert(1)">not a link</TextLink>.
        </p>
      </div>
    </Section>
  )
}

export function TokenSection() {
  return (
    <Section title="Breakpoints" id="tokens">
      <table className="lf-gallery-table">
        <caption className="lf-visually-hidden">Breakpoint tokens</caption>
        <thead>
          <tr>
            <th scope="col">Token</th>
            <th scope="col">Up to</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(BREAKPOINTS).map(([name, px]) => (
            <tr key={name}>
              <td>{name}</td>
              <td>{px} px</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  )
}
