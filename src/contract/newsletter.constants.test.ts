/** The e-mail and name patterns against hostile input: linear time on long input, names on one line. */
import { spawnSync } from 'node:child_process'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { EMAIL_PATTERN, isEmail, isName } from './newsletter.constants'

/**
 * Whether V8's backtracking engine backtracks more than `limit` times matching `input`: past the
 * limit it hands the match to its linear engine, which its trace flag reports. A count, not a time,
 * so a busy machine cannot change the answer.
 */
function backtracksOver(pattern: RegExp, input: string, limit: number): boolean {
  const run = spawnSync(
    process.execPath,
    [
      '--enable-experimental-regexp-engine-on-excessive-backtracks',
      `--regexp-backtracks-before-fallback=${limit}`,
      '--trace-experimental-regexp-engine',
      '-e',
      "const [s, f, i] = JSON.parse(require('fs').readFileSync(0, 'utf8')); new RegExp(s, f).test(i)",
    ],
    { input: JSON.stringify([pattern.source, pattern.flags, input]), encoding: 'utf8' },
  )
  assert.is(run.status, 0, run.stderr)
  return /Experimental execution/.test(run.stdout + run.stderr)
}

test('the backtrack count is measurable: a nested quantifier goes over a linear bound at once', () => {
  assert.ok(backtracksOver(/^(\w+)+$/, `${'a'.repeat(30)}!`, 4 * 31))
})

/** Domains built to make a backtracking pattern try every split (each case fails at its last character). */
const LONG_DOMAINS = [
  'a.'.repeat(50_000) + '!',
  'a-'.repeat(50_000) + '.!',
  'a'.repeat(100_000) + '.a!',
  'a.-'.repeat(33_000) + 'a',
]

for (const domain of LONG_DOMAINS) {
  test(`EMAIL_PATTERN on a ${domain.length}-character domain (${JSON.stringify(domain.slice(0, 6))}...) backtracks linearly`, () => {
    // Linear matching backtracks at most about twice per character here; a pattern that
    // backtracks quadratically does it billions of times (minutes of a visitor's CPU).
    const input = `user@${domain}`
    assert.is(backtracksOver(EMAIL_PATTERN, input, 4 * input.length), false)
    assert.is(EMAIL_PATTERN.test(input), false)
  })
}

test("EMAIL_PATTERN still means SPEC §5: word parts with -+.' between, an @, domain labels with hyphens (punycode's --) or . between, at least one dot", () => {
  for (const ok of [
    'a@b.cd',
    'user+tag@example.com',
    "o'brien@ex-ample.co.uk",
    'a.b-c@d-e.f-g.h',
    'x@a.b.c.d',
    'a@xn--mller-kva.de',
    'info@xn--bcher-kva.xn--p1ai',
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
