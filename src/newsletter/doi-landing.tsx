/**
 * The double opt-in landing's view (doi-landing.model.ts): the invalid-link banner, the
 * confirmation, and the prompt with its confirm button.
 *
 * The confirm button goes once the link is confirmed or refused, so the focus goes on from the
 * block's heading, and the message goes with that move: the heading is described by it and no live
 * region reads it. A screen reader stops speaking when the focus moves, and Chromium sends a live
 * region's change before a focus move of the same update, so a message announced beside the move
 * would be cut off. Where the visitor has moved the focus on meanwhile, nothing moves and the
 * message's live region reads it.
 */
import { type RefObject, useEffect, useId, useRef } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { Button, Notification } from '../kit'
import { t } from '../i18n/i18n'
import { focusIsFree, hasFocus } from '../dom'
import type { DoiLanding as Landing } from './doi-landing.model'

/** `heading` is the block's heading: the focus goes on from it once the pressed button is gone. */
export function DoiLanding({
  landing,
  heading,
}: {
  landing: Landing
  heading: RefObject<HTMLElement | null>
}) {
  useSignals()
  const { state, dismissInvalid } = landing
  /** The state this render shows: the effect below acts on what is on screen, not on a newer value. */
  const shown = state.value
  const told = shown === 'confirmed' || shown === 'invalid'
  /** The confirm button the visitor pressed, until its answer comes. */
  const pressed = useRef<Element | null>(null)
  /** Whether the focus move to the heading reads this message; decided once, when it comes. */
  const withFocus = useRef(false)
  /** The move is still to be made (by the effect after the render that shows the message). */
  const toMove = useRef(false)
  const messageId = useId()
  // Decided in the render that shows the message, so its region is never live while it shows it.
  // Rendering twice (React's strict mode) decides the same: the first pass has cleared `pressed`.
  if (!told) withFocus.current = false
  else if (pressed.current) {
    // The focus is still on the pressed button (gone with this render), or nowhere: the visitor
    // has not moved it on meanwhile.
    const button = pressed.current
    pressed.current = null
    withFocus.current = toMove.current = hasFocus(button) || focusIsFree(button.ownerDocument)
  }
  useEffect(() => {
    if (!toMove.current) return
    toMove.current = false
    const h = heading.current!
    h.setAttribute('aria-describedby', messageId)
    // Read with this move alone: a later visit to the heading is not the message's.
    h.addEventListener('blur', () => h.removeAttribute('aria-describedby'), { once: true })
    h.focus()
  })
  const live = withFocus.current ? 'off' : undefined
  const message = (key: string) => <span id={messageId}>{t(key)}</span>
  return (
    <>
      <Notification type="error" banner onClose={dismissInvalid} live={live}>
        {shown === 'invalid' ? message('newsletter.doiInvalid') : null}
      </Notification>
      <Notification type="success" live={live}>
        {shown === 'confirmed' ? message('newsletter.confirmed') : null}
      </Notification>
      {shown === 'pending' || shown === 'confirming' ? (
        <div className="lf-nl__doi">
          <p>{t('newsletter.doiPrompt')}</p>
          <Button
            state={shown === 'confirming' ? 'loading' : 'none'}
            onClick={(event) => {
              pressed.current = event.currentTarget
              void landing.confirm()
            }}
          >
            {t('newsletter.doiConfirm')}
          </Button>
        </div>
      ) : null}
    </>
  )
}
