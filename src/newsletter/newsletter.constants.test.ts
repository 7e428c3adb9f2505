/** The e-mail and name patterns against hostile input: linear time on long input, names on one line. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { EMAIL_PATTERN, isEmail, isName } from './newsletter.constants'

/** Domains built to make a backtracking pattern try every split (each case fails at its last character). */
const LONG_DOMAINS = [
  'a.'.repeat(50_000) + '!',
  'a-'.repeat(50_000) + '.!',
  'a'.repeat(100_000) + '.a!',
  'a.-'.repeat(33_000) + 'a',
]

for (const domain of LONG_DOMAINS) {
  test(`EMAIL_PATTERN on a ${domain.length}-character domain (${JSON.stringify(domain.slice(0, 6))}...) answers at once`, () => {
    // Linear matching takes about a millisecond; a pattern that backtracks quadratically takes
    // minutes here. The bound is generous for a busy shared machine.
    const started = performance.now()
    assert.is(EMAIL_PATTERN.test(`user@${domain}`), false)
    assert.ok(performance.now() - started < 2000, `${Math.round(performance.now() - started)} ms`)
  })
}

test("EMAIL_PATTERN still means SPEC §5: word parts with -+.' between, an @, domain labels with - or . between, at least one dot", () => {
  for (const ok of [
    'a@b.cd',
    'user+tag@example.com',
    "o'brien@ex-ample.co.uk",
    'a.b-c@d-e.f-g.h',
    'x@a.b.c.d',
  ])
    assert.ok(EMAIL_PATTERN.test(ok), ok)
  for (const bad of [
    'a@b',
    'a@.b',
    'a@b.',
    'a@b..c',
    'a@b.-c',
    'a@-b.c',
    'a..b@c.d',
    '.a@b.c',
    'a.@b.c',
    'a@b_c',
    'a@b!.c',
  ])
    assert.not.ok(EMAIL_PATTERN.test(bad), bad)
})

test('isEmail bounds the length before the pattern runs', () => {
  assert.not.ok(isEmail(`${'a'.repeat(300)}@example.com`))
})

for (const [name, value] of [
  ['LF', 'Anna\nMaria'],
  ['CR', 'Anna\rMaria'],
  ['CRLF', 'Anna\r\nMaria'],
  ['U+2028', 'Anna\u2028Maria'],
  ['U+2029', 'Anna\u2029Maria'],
  ['U+0085', 'Anna\u0085Maria'],
  ['vertical tab', 'Anna\vMaria'],
  ['form feed', 'Anna\fMaria'],
]) {
  test(`a name is one line: ${name} is refused`, () => assert.not.ok(isName(value)))
}

test('spaces within a name stay allowed', () => {
  assert.ok(isName('Anna Maria'))
  assert.ok(isName('Şükrü Çağlar'))
})

test.run()
