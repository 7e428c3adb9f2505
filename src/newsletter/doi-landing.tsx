/**
 * The double opt-in landing's view (doi-landing.model.ts): the invalid-link banner, the
 * confirmation, and the prompt with its confirm button. The live regions are there from the
 * start, so each message is announced as it comes.
 */
import { type RefObject, useEffect, useRef } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { Button, Notification } from '../kit'
import { t } from '../i18n/i18n'
import { focusIsFree } from '../dom'
import { useAfterFocusMove } from '../base/announce'
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
  const pressed = useRef(false)
  /** The state the messages show: after the focus move (base/announce.ts), read once the heading has been. */
  const told = useAfterFocusMove(shown)
  useEffect(() => {
    // The pressed confirm button is gone once the link is confirmed or refused: the focus goes on
    // from the block's heading (the message or banner follows it), not from the page's top.
    if (pressed.current && (shown === 'confirmed' || shown === 'invalid')) {
      pressed.current = false
      if (focusIsFree(heading.current!.ownerDocument)) heading.current!.focus()
    }
  })
  return (
    <>
      <Notification type="error" banner onClose={dismissInvalid}>
        {told === 'invalid' ? t('newsletter.doiInvalid') : null}
      </Notification>
      <Notification type="success">
        {told === 'confirmed' ? t('newsletter.confirmed') : null}
      </Notification>
      {shown === 'pending' || shown === 'confirming' ? (
        <div className="lf-nl__doi">
          <p>{t('newsletter.doiPrompt')}</p>
          <Button
            state={shown === 'confirming' ? 'loading' : 'none'}
            onClick={() => {
              pressed.current = true
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
