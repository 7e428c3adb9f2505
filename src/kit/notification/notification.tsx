/**
 * Info, success, warning and error messages. The live region is always rendered, even
 * while there is no message, so screen readers register it before text arrives and
 * announce the text when it does. Error uses role="alert", the others role="status" (`live`).
 * A banner's close button is named by its action alone ("Hinweis schließen") and described by the
 * message, so a screen reader pauses between the two and several banners' buttons still tell
 * apart; it goes with the banner: the focus moves on to the
 * next control after it, not to the page's top.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { useStyles } from '../../styles/style-root'
import { t } from '../../i18n/i18n'
import { Icon } from '../icon/icon'
import { error, info, success, warning } from '../icon/icon-paths'
import { CloseButton } from '../close-button/close-button'
import { useDomId } from '../hooks'
import css from './notification.css'

export type NotificationType = 'info' | 'success' | 'error' | 'warning'

export interface NotificationProps {
  type: NotificationType
  /** The message. Empty (null/undefined/'') renders only the empty live region. */
  children?: ReactNode
  /** Optional bold title before the message. */
  title?: ReactNode
  /** Banner style: full-width, and closable with a close button. */
  banner?: boolean
  /** Called when the close button of a banner is used. Without it the banner hides itself. */
  onClose?: () => void
  /** The close button's action, its name (the message describes it); default t('kit.notification.close'). */
  closeLabel?: string
  /**
   * How the region announces its message (aria-live's values); default assertive for an error,
   * polite otherwise. `off`: no live region, for a message that is read otherwise (the description
   * of an element the focus moves to), so it is not read twice and cannot be cut off by that move.
   */
  live?: 'assertive' | 'polite' | 'off'
  className?: string
  id?: string
}

const ICONS = { info, success, error, warning } as const

/** Focuses the first control after the close button that takes the keyboard (none follows it inside the banner). */
function focusAfter(close: HTMLElement) {
  ;[
    ...(close.getRootNode() as Document).querySelectorAll<HTMLButtonElement>(
      'a[href],button,input,select,textarea',
    ),
  ]
    // 4 alone: Node.DOCUMENT_POSITION_FOLLOWING, after the button and not inside it.
    .find((c) => c.tabIndex >= 0 && !c.disabled && close.compareDocumentPosition(c) === 4)
    ?.focus()
}

export function Notification({
  type,
  children,
  title,
  banner,
  onClose,
  closeLabel,
  live = type === 'error' ? 'assertive' : 'polite',
  className,
  id,
}: NotificationProps) {
  useStyles(css)
  const messageId = useDomId()
  const [closed, setClosed] = useState(false)
  const hasMessage =
    children !== null && children !== undefined && children !== '' && children !== false
  // A self-closed banner shows again for the next message (after the message was cleared).
  useEffect(() => {
    if (!hasMessage) setClosed(false)
  }, [hasMessage])
  const visible = hasMessage && !closed
  return (
    <div
      id={id}
      className={`lf-notification-region${className ? ' ' + className : ''}`}
      role={live === 'off' ? undefined : live === 'assertive' ? 'alert' : 'status'}
      aria-live={live}
      aria-atomic="true"
    >
      {visible ? (
        <div
          className={`lf-notification lf-notification--${type}${banner ? ' lf-notification--banner' : ''}`}
        >
          <Icon path={ICONS[type]} className="lf-notification__icon" />
          <div id={messageId} className="lf-notification__body">
            {title ? <strong className="lf-notification__title">{title} </strong> : null}
            {children}
          </div>
          {banner ? (
            <CloseButton
              describedBy={messageId}
              className="lf-notification__close"
              label={closeLabel ?? t('kit.notification.close')}
              onClick={(event) => {
                focusAfter(event.currentTarget)
                if (onClose) onClose()
                else setClosed(true)
              }}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
