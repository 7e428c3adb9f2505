import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { cleanIban, editIban, groupIban, groupedCaret, ibanHeadFits } from './iban-format'

const test = suite('IBAN format')

// What is pasted, dropped or filled in: only characters outside the IBAN alphabet go (SPEC §5).
const CLEAN: [string, string][] = [
  ['DE89370400440532013000', 'DE89370400440532013000'],
  ['de89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
  ['DE89-3704.0044/0532_0130 00', 'DE89370400440532013000'],
  ['  at61 1904 3002 3457 3201', 'AT611904300234573201'],
  ['NL91 ABNA 0417 1643 00', 'NL91ABNA0417164300'],
  ['GB29 NWBK 6016 1331 9268 19', 'GB29NWBK60161331926819'],
  ['CH93 0076 2011 6238 5295 7', 'CH9300762011623852957'],
  ['CH56 0483 5012 3456 7800 9', 'CH5604835012345678009'],
  ['PL61 1090 1014 0000 0712 1981 2874', 'PL61109010140000071219812874'],
  ['1DE', '1DE'], // kept as pasted: the IBAN check, not the field, says what is wrong
  ['ÄDE12', 'DE12'], // Ä is not in the IBAN alphabet (A-Z, 0-9)
  ['', ''],
]
for (const [raw, clean] of CLEAN)
  test(`cleans ${JSON.stringify(raw)} to ${clean || '(empty)'}`, () =>
    assert.is(cleanIban(raw), clean))

test('respects the maximum length', () => {
  assert.is(cleanIban('DE89370400440532013000', 6), 'DE8937')
  assert.is(cleanIban('DE' + '1'.repeat(40)).length, 34)
})

// What typing may form (SPEC §5 "two letters then digits", read as the IBAN's head: a country
// code of two letters, then two check digits; after them the account part may hold letters).
const TYPED: [string, boolean][] = [
  ['', true],
  ['D', true],
  ['DE', true],
  ['DE8', true],
  ['DE89', true],
  ['DE893', true],
  ['NL91A', true],
  ['NL91ABNA0417164300', true],
  ['1', false],
  ['D1', false],
  ['DEX', false],
  ['DE8X', false],
]
for (const [clean, fits] of TYPED)
  test(`typing may ${fits ? '' : 'not '}form ${clean || '(empty)'}`, () =>
    assert.is(ibanHeadFits(clean), fits))

const GROUP: [string, string][] = [
  ['DE89370400440532013000', 'DE89 3704 0044 0532 0130 00'],
  ['NL91ABNA0417164300', 'NL91 ABNA 0417 1643 00'],
  ['DE89', 'DE89'],
  ['DE893', 'DE89 3'],
  ['', ''],
]
for (const [clean, grouped] of GROUP)
  test(`groups ${clean || '(empty)'} in blocks of 4`, () => assert.is(groupIban(clean), grouped))

test('property: any input comes out as upper-case letters and digits in groups of 4, and cleaning is idempotent', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 60 }), (raw) => {
      const grouped = groupIban(cleanIban(raw))
      assert.ok(/^[A-Z0-9]*$/.test(grouped.replace(/ /g, '')))
      assert.ok(/^(\S{4} )*\S{0,4}$/.test(grouped))
      assert.is(cleanIban(grouped), cleanIban(raw))
    }),
  )
})

test('caret positions in the grouped text', () => {
  assert.equal([0, 1, 4, 5, 8, 9].map(groupedCaret), [0, 1, 4, 6, 9, 11])
})

test('typing a digit in the middle regroups and keeps the caret after it', () => {
  // "DE89 37|04" + "1" typed at 7
  assert.equal(editIban('DE89 37104 0044 0532 0130 00', 8, 'DE89 3704 0044 0532 0130 00'), {
    value: 'DE89 3710 4004 4053 2013 000',
    caret: 8,
  })
})

test('typing the 5th character jumps over the group space', () => {
  assert.equal(editIban('DE893', 5, 'DE89'), { value: 'DE89 3', caret: 6 })
})

test('Backspace just after a group space deletes the digit before it', () => {
  // "DE89 |3704": the browser deletes the space, leaving "DE893704" with the caret at 4
  assert.equal(editIban('DE893704', 4, 'DE89 3704'), { value: 'DE83 704', caret: 3 })
})

test('Delete just before a group space deletes the digit after it', () => {
  // "DE89| 3704": the browser deletes the space, leaving "DE893704" with the caret at 4
  assert.equal(editIban('DE893704', 4, 'DE89 3704', 34, true), { value: 'DE89 704', caret: 4 })
})

test('a pasted IBAN with spaces and lower case is cleaned, caret at its end', () => {
  assert.equal(editIban('de89 3704 0044 0532 0130 00', 27, ''), {
    value: 'DE89 3704 0044 0532 0130 00',
    caret: 27,
  })
})

test('a typed character that breaks the head is refused: value and caret as before', () => {
  // "DE8|" + "X": the fourth character must be a check digit
  assert.equal(editIban('DE8X', 4, 'DE8', 34, false, true), { value: 'DE8', caret: 3 })
  // "D|E89" + "1": the second character must be a letter
  assert.equal(editIban('D1E89', 2, 'DE89', 34, false, true), { value: 'DE89', caret: 1 })
})

test('a typed letter after the check digits is kept', () => {
  assert.equal(editIban('NL91A', 5, 'NL91', 34, false, true), { value: 'NL91 A', caret: 6 })
})

test('a pasted IBAN with letters in its account part keeps every letter', () => {
  assert.equal(editIban('NL91 ABNA 0417 1643 00', 22, ''), {
    value: 'NL91 ABNA 0417 1643 00',
    caret: 22,
  })
})

test.run()
