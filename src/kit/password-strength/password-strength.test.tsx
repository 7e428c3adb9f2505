import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import { PasswordStrength } from './password-strength'
import { passwordScore } from './password-score'
import { PASSWORD_TEXTS, passwordLanguage } from './password-texts'

const test = suite('PasswordStrength')
test.after.each(cleanup)

const SCORES: [string, number][] = [
  ['', 0],
  ['Ab1', 0],
  ['Abcdef1', 0], // 7 characters: under 8 scores 0 whatever it holds
  ['!!!!!!!!', 0],
  ['abcdefgh', 1],
  ['12345678', 1],
  ['ABCDEFGH', 1],
  ['abcdefg1', 2],
  ['Abcdefgh', 2],
  ['ABCDEFG1', 2],
  ['Abcdefg1', 3],
  ['Ärger123', 3], // non-ASCII letters count
]
for (const [pw, score] of SCORES)
  test(`score(${JSON.stringify(pw)}) = ${score}`, () => assert.is(passwordScore(pw), score))

const EXPECTED: [string, string, string][] = [
  ['de-DE', 'Passwortstärke:', 'sehr stark'],
  ['de-CH', 'Passwortstärke:', 'sehr stark'],
  ['fr-CH', 'Sécurité du mot de passe\u00a0:', 'très élevée'], // French puts a no-break space before the colon
  ['cs', 'Síla hesla:', 'velmi silná'],
  ['hu-HU', 'Jelszó erőssége:', 'nagyon erős'],
  ['sk-SK', 'Sila hesla:', 'veľmi silná'],
  ['tr', 'Şifre gücü:', 'çok güçlü'],
  ['pl-PL', 'Siła hasła:', 'bardzo silna'],
  ['da-DK', 'Adgangskodens styrke:', 'meget stærk'],
  ['sv-SE', 'Lösenordets styrka:', 'mycket stark'],
  ['en', 'Password strength:', 'very strong'],
  ['es-ES', 'Password strength:', 'very strong'], // not one of the ten: English
]
for (const [lang, label, veryStrong] of EXPECTED) {
  test(`page language ${lang}: "${label} ${veryStrong}"`, () => {
    const { container } = render(<PasswordStrength password="Abcdefg1" language={lang} />)
    assert.is(container.textContent, `${label} ${veryStrong}`)
    assert.is(
      container.firstElementChild!.getAttribute('lang'),
      lang === 'es-ES' ? 'en' : lang,
      'lang marks the language the text is in',
    )
  })
}

test('the levels agree with the feminine noun of the label in cs, sk and pl (síla, sila, siła)', () => {
  assert.equal(PASSWORD_TEXTS.cs.slice(1), ['slabá', 'střední', 'silná', 'velmi silná'])
  assert.equal(PASSWORD_TEXTS.sk.slice(1), ['slabá', 'stredná', 'silná', 'veľmi silná'])
  assert.equal(PASSWORD_TEXTS.pl.slice(1), ['słaba', 'średnia', 'silna', 'bardzo silna'])
})

test('ten languages with four distinct levels each', () => {
  assert.equal(Object.keys(PASSWORD_TEXTS).sort(), [
    'cs',
    'da',
    'de',
    'en',
    'fr',
    'hu',
    'pl',
    'sk',
    'sv',
    'tr',
  ])
  for (const texts of Object.values(PASSWORD_TEXTS)) assert.is(new Set(texts.slice(1)).size, 4)
  assert.is(passwordLanguage('DA_dk'), 'da')
})

test('each level shows its text; the text is a polite live region; the meter is hidden', () => {
  const view = render(<PasswordStrength password="short" language="de" />)
  const live = view.container.querySelector('[aria-live="polite"]')!
  assert.is(live.textContent, 'Passwortstärke: schwach')
  for (const [pw, text] of [
    ['abcdefgh', 'mittel'],
    ['abcdefg1', 'stark'],
    ['Abcdefg1', 'sehr stark'],
  ]) {
    view.rerender(<PasswordStrength password={pw} language="de" />)
    assert.is(view.container.querySelector('[aria-live="polite"]'), live)
    assert.is(live.textContent, `Passwortstärke: ${text}`)
  }
  assert.is(
    view.container.querySelector('.lf-password-strength__bars')!.getAttribute('aria-hidden'),
    'true',
  )
  assert.ok(screen.getByText(/sehr stark/))
})

test.run()
