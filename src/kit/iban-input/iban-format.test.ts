import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { cleanIban, editIban, groupIban, groupedCaret } from './iban-format'

const test = suite('IBAN format')

const CLEAN: [string, string][] = [
  ['DE89370400440532013000', 'DE89370400440532013000'],
  ['de89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
  ['DE89-3704.0044/0532_0130 00', 'DE89370400440532013000'],
  ['  at61 1904 3002 3457 3201', 'AT611904300234573201'],
  ['1DE', 'DE'], // a digit cannot come first
  ['DEX12', 'DE12'], // no third letter
  ['D1E2', 'DE2'], // the second character must be a letter
  ['DE12AB34', 'DE1234'], // letters after the country code are dropped, not the rest
  ['ÄDE12', 'DE12'],
  ['', ''],
]
for (const [raw, clean] of CLEAN) test(`cleans ${JSON.stringify(raw)} to ${clean || '(empty)'}`, () => assert.is(cleanIban(raw), clean))

test('respects the maximum length', () => {
  assert.is(cleanIban('DE89370400440532013000', 6), 'DE8937')
  assert.is(cleanIban('DE' + '1'.repeat(40)).length, 34)
})

const GROUP: [string, string][] = [
  ['DE89370400440532013000', 'DE89 3704 0044 0532 0130 00'],
  ['DE89', 'DE89'],
  ['DE893', 'DE89 3'],
  ['', ''],
]
for (const [clean, grouped] of GROUP) test(`groups ${clean || '(empty)'} in blocks of 4`, () => assert.is(groupIban(clean), grouped))

test('property: any input comes out as two letters then digits, in groups of 4, and cleaning is idempotent', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 60 }), (raw) => {
      const grouped = groupIban(cleanIban(raw))
      assert.ok(/^[A-Z]{0,2}\d*$/.test(grouped.replace(/ /g, '')))
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
  assert.equal(editIban('de89 3704 0044 0532 0130 00', 27, ''), { value: 'DE89 3704 0044 0532 0130 00', caret: 27 })
})

test.run()
