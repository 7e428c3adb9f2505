import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { swapDictionary } from '../../i18n/i18n'
import { useLocale } from '../../../test/helpers/widget'
import { captureConsole } from '../../../test/helpers/console'
import { LOCALES } from '../../contract/sites'
import { FIELD_INVALID, GENERIC_INVALID, genericValidator, isIban } from './validator'

const test = suite('generic validator')
const digits = (value: string) => /^\d*$/.test(value)

test("the spec's English defaults where a bundle carries no kit texts", async () => {
  swapDictionary('en', {})
  assert.is(GENERIC_INVALID, '{field} is not valid.')
  assert.is(FIELD_INVALID, 'Field is invalid')
  // The test build's rosetta names each text it lacks: the lack is the case under test.
  const { errors } = await captureConsole(() => {
    assert.is(genericValidator(digits)('12a', 'Customer number'), 'Customer number is not valid.')
    assert.is(genericValidator(digits, null)('12a', 'Customer number'), 'Field is invalid')
  })
  assert.equal(errors, [
    '[rosetta] Missing the "kit.validation.invalid" key within the "en" dictionary',
    '[rosetta] Missing the "kit.validation.fieldInvalid" key within the "en" dictionary',
  ])
})

test('a valid value has no message', () => {
  swapDictionary('en', {})
  assert.is(genericValidator(digits)('123', 'Customer number'), undefined)
  assert.is(genericValidator(digits, null)('', 'Customer number'), undefined)
})

test('a message generator of its own is asked with the field name', () => {
  assert.is(
    genericValidator(digits, (field) => `${field}: digits only`)('x', 'PIN'),
    'PIN: digits only',
  )
})

const LOCALISED: Record<string, [string, string]> = {
  'de-DE': ['IBAN ist ungültig.', 'Dieses Feld ist ungültig.'],
  'de-AT': ['IBAN ist ungültig.', 'Dieses Feld ist ungültig.'],
  'de-CH': ['IBAN ist ungültig.', 'Dieses Feld ist ungültig.'],
  'fr-CH': ['IBAN n’est pas valide.', 'Ce champ n’est pas valide.'],
  'cs-CZ': ['Pole IBAN není vyplněno správně.', 'Toto pole není vyplněno správně.'],
  'sk-SK': ['Pole IBAN nie je vyplnené správne.', 'Toto pole nie je vyplnené správne.'],
  'hu-HU': ['IBAN: érvénytelen érték.', 'A mező értéke érvénytelen.'],
  'pl-PL': ['Pole IBAN zawiera nieprawidłową wartość.', 'To pole zawiera nieprawidłową wartość.'],
  'tr-TR': ['IBAN alanı geçersiz.', 'Bu alan geçersiz.'],
}

for (const locale of LOCALES) {
  test(`${locale}: both messages in the market's language`, async () => {
    await useLocale(locale)
    assert.equal(
      [genericValidator(digits)('x', 'IBAN'), genericValidator(digits, null)('x', 'IBAN')],
      LOCALISED[locale],
    )
  })
}

const IBANS: [string, boolean][] = [
  ['DE89370400440532013000', true],
  ['NL91ABNA0417164300', true],
  ['GB29NWBK60161331926819', true],
  ['CH9300762011623852957', true],
  ['PL61109010140000071219812874', true],
  ['TR330006100519786457841326', true],
  ['DE89370400440532013001', false], // check digits do not match
  ['DE12', false], // too short
  ['1DE89370400440532013000', false],
  ['', true], // empty: "required" is another rule's answer
]
for (const [iban, valid] of IBANS)
  test(`isIban(${iban || '(empty)'}) is ${valid}`, () => assert.is(isIban(iban), valid))

test.run()
