/**
 * A link whose address may come from data: unsafe addresses (see checkLink) render as plain
 * text, never as a link; safe ones render as the absolute address that was checked. A link to
 * another origin sends no referrer (the page's address may carry a token). `newTab` opens
 * http(s) links in a new tab with rel="noopener noreferrer" and tells assistive technology so. A
 * mailto link stays without a target, which would leave an empty tab where no mail program is
 * set, and says what it opens: the visitor's mail program.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react'
import { useStyles } from '../../styles/style-root'
import { t } from '../../i18n/i18n'
import { Icon } from '../icon/icon'
import { external } from '../icon/icon-paths'
import { checkLink, isForeign, opensInNewTab } from './safe-url'
import css from './text-link.css'

export interface TextLinkProps
  extends Omit<
    AnchorHTMLAttributes<HTMLAnchorElement>,
    'className' | 'style' | 'href' | 'target' | 'rel' | 'children'
  > {
  /** Address; checked with checkLink(). Unsafe or missing: the children render as plain text. */
  href: string | null | undefined
  children: ReactNode
  /** Open http(s) addresses in a new tab (target=_blank, rel="noopener noreferrer"). */
  newTab?: boolean
  /** inline: underlined within text (default); standalone: a link on its own, with a 44 px target; quiet: no underline until hover (footer lists). */
  variant?: 'inline' | 'standalone' | 'quiet'
  /** Show an external-link icon after the text (when opening in a new tab). */
  showExternalIcon?: boolean
  /** Hidden hint for new-tab http(s) links; default t('kit.link.newTab'). mailto links always say t('kit.link.mail'). */
  newTabLabel?: string
  className?: string
}

export function TextLink({
  href,
  children,
  newTab,
  variant = 'inline',
  showExternalIcon,
  newTabLabel,
  className,
  ...rest
}: TextLinkProps) {
  useStyles(css)
  const url = checkLink(href)
  const cls = `lf-link lf-link--${variant}${className ? ' ' + className : ''}`
  if (url === null) return <span className={`${cls} lf-link--disabled`}>{children}</span>
  const blank = !!newTab && opensInNewTab(href!)
  const hint =
    url.protocol === 'mailto:'
      ? t('kit.link.mail')
      : blank
        ? (newTabLabel ?? t('kit.link.newTab'))
        : ''
  return (
    <a
      {...rest}
      className={cls}
      href={url.href}
      target={blank ? '_blank' : undefined}
      rel={blank ? 'noopener noreferrer' : isForeign(url) ? 'noreferrer' : undefined}
    >
      {/* The underline sits on this span, so the space before the hidden hint is not underlined. */}
      <span className="lf-link__text">{children}</span>
      {blank && showExternalIcon ? (
        <Icon path={external} size={16} className="lf-link__icon" />
      ) : null}
      {hint ? ' ' : null}
      {hint ? <span className="lf-visually-hidden">({hint})</span> : null}
    </a>
  )
}
