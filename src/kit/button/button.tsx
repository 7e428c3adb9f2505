/**
 * A native <button>. Loading keeps it focusable but inert: aria-disabled, clicks ignored,
 * aria-busy and a hidden "loading" text so assistive technology says so.
 */
import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react'
import { useStyles } from '../../styles/style-root'
import { t } from '../../i18n/i18n'
import css from './button.css'

/** Every variant and size, in the order the gallery shows them. */
export const BUTTON_VARIANTS = [
  'primary',
  'secondary',
  'activating',
  'sale',
  'community',
  'omnichannel',
  'omnichannel-secondary',
] as const
export const BUTTON_SIZES = ['small', 'medium', 'large'] as const
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number]
export type ButtonSize = (typeof BUTTON_SIZES)[number]
export type ButtonState = 'none' | 'loading'

export interface ButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'style' | 'type'> {
  /** Visual variant; default primary. Beyond primary and secondary, adopt button-variants.css. */
  variant?: ButtonVariant
  /** Size; default medium (small and large: button-variants.css). Every size is at least 24x24 px (small) and 44 px high (medium, large). */
  size?: ButtonSize
  /**
   * `loading`: clicks are ignored, aria-disabled and aria-busy are set, a spinner shows.
   * Pass `state` (also 'none') on every button that can load: a polite live region is then
   * rendered beside it from the start and announces the loading text when loading begins.
   */
  state?: ButtonState
  /** Native type; default "button" (never submits by accident). */
  type?: 'button' | 'submit' | 'reset'
  /** Stretch to the container's width. */
  fullWidth?: boolean
  /** Text announced while loading; default t('kit.button.loading'). */
  loadingLabel?: string
  className?: string
  buttonRef?: Ref<HTMLButtonElement>
  children: ReactNode
}

export function Button({
  variant = 'primary',
  size = 'medium',
  state,
  type = 'button',
  fullWidth,
  loadingLabel,
  className,
  buttonRef,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  useStyles(css)
  const loading = state === 'loading'
  const loadingText = loading ? (loadingLabel ?? t('kit.button.loading')) : ''
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading || rest['aria-disabled'] === true || rest['aria-disabled'] === 'true') {
      event.preventDefault()
      return
    }
    onClick?.(event)
  }
  const button = (
    <button
      {...rest}
      ref={buttonRef}
      type={type}
      className={`lf-button lf-button--${variant} lf-button--${size}${fullWidth ? ' lf-button--full' : ''}${loading ? ' lf-button--loading' : ''}${className ? ' ' + className : ''}`}
      aria-disabled={loading ? 'true' : rest['aria-disabled']}
      aria-busy={loading ? 'true' : undefined}
      onClick={handleClick}
    >
      {loading ? <span className="lf-button__spinner" aria-hidden="true" /> : null}
      <span className="lf-button__label">{children}</span>
      {loading ? ' ' : null}
      {loading ? <span className="lf-visually-hidden">{loadingText}</span> : null}
    </button>
  )
  if (state === undefined) return button
  return (
    <>
      {button}
      <span className="lf-visually-hidden" aria-live="polite">
        {loadingText}
      </span>
    </>
  )
}
