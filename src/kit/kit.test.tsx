/** Smoke test of the kit's door: every component renders with its accessible name. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import * as kit from './index'

const test = suite('kit door')
test.after.each(cleanup)

test('every component renders through index.ts', () => {
  const {
    Button,
    Input,
    IbanInput,
    NumberInput,
    Select,
    RadioGroup,
    Checkbox,
    Notification,
    ExpansionPanel,
    TextSlider,
    ExpandIcon,
    Icon,
    TextLink,
    PasswordStrength,
  } = kit
  render(
    <div>
      <Button>Senden</Button>
      <Input label="E-Mail" name="email" />
      <IbanInput label="IBAN" />
      <NumberInput label="Menge" />
      <Select label="Anrede" options={[{ value: 'mr', label: 'Herr' }]} />
      <RadioGroup label="Gruppe" name="g" options={[{ value: 'a', label: 'A' }]} />
      <Checkbox label="Einwilligung" />
      <Notification type="info">Hallo</Notification>
      <ExpansionPanel title="Mehr">Inhalt</ExpansionPanel>
      <TextSlider>Langer Text</TextSlider>
      <ExpandIcon expanded={false} />
      <Icon path={kit.BRAND_ICON_PATHS.facebook} label="Facebook" />
      <TextLink href="https://example.com">Link</TextLink>
      <PasswordStrength password="" language="de" />
    </div>,
  )
  assert.ok(screen.getByRole('button', { name: 'Senden' }))
  assert.ok(screen.getByRole('textbox', { name: 'E-Mail' }))
  assert.ok(screen.getByRole('textbox', { name: 'IBAN' }))
  assert.ok(screen.getByRole('textbox', { name: 'Menge' }))
  assert.ok(screen.getByRole('combobox', { name: 'Anrede' }))
  assert.ok(screen.getByRole('radio', { name: 'A' }))
  assert.ok(screen.getByRole('checkbox', { name: 'Einwilligung' }))
  assert.ok(screen.getByRole('status'))
  assert.ok(screen.getByRole('button', { name: 'Mehr' }))
  assert.ok(screen.getByRole('button', { name: 'Mehr anzeigen' }))
  assert.ok(screen.getByRole('img', { name: 'Facebook' }))
  assert.ok(screen.getByRole('link', { name: 'Link' }))
  assert.match(screen.getByText(/Passwortstärke/).textContent!, 'schwach')
})

test('breakpoint tokens are SPEC §9 values', () => {
  assert.equal(Object.values(kit.BREAKPOINTS), [374, 667, 767, 979, 1023, 1279, 1439, 1919])
  assert.is(kit.above('m'), '(min-width: 768px)')
  assert.is(kit.below('m'), '(max-width: 767px)')
})

test.run()
