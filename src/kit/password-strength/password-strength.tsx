/**
 * Shows how strong a password is, in the page language (not the bundle's locale). A meter
 * of four steps is decorative; the text says the level and is announced politely as it changes.
 */
import { useStyles } from '../../styles/style-root'
import { passwordScore } from './password-score'
import { passwordLanguage, passwordTexts } from './password-texts'
import css from './password-strength.css'

export interface PasswordStrengthProps {
  /** The password being typed. */
  password: string
  /** Page language, e.g. document.documentElement.lang ("de-DE", "sv", "en-GB"); unknown: English. */
  language: string
  /** Id, so the password input can point at it with aria-describedby. */
  id?: string
  className?: string
}

export function PasswordStrength({ password, language, id, className }: PasswordStrengthProps) {
  useStyles(css)
  const score = passwordScore(password)
  const texts = passwordTexts(language)
  // Marks the texts' language: the page's tag, or "en" when the page's language is not one of the ten.
  const lang =
    passwordLanguage(language) === language.toLowerCase().split(/[-_]/)[0] ? language : 'en'
  return (
    <div
      id={id}
      className={`lf-password-strength lf-password-strength--${score}${className ? ' ' + className : ''}`}
      lang={lang}
    >
      <span className="lf-password-strength__bars" aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
      </span>
      <span className="lf-password-strength__text" aria-live="polite" aria-atomic="true">
        {texts[0]} {texts[score + 1]}
      </span>
    </div>
  )
}
