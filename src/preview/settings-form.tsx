/** The settings dialog's content: date and time, the A/B selection, the outcome message, Apply and Logout. */
import { useEffect, useId, useRef, type FormEvent } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { Button, Input, Notification, type InputProps } from '../kit'
import { AbTestFields } from './ab-test-fields'
import { TEXT } from './preview.texts'
import type { SettingsModel } from './settings.model'

/** Date and time are typed as digits in the format the hint gives; no autofill, no spelling. */
function WhenInput(
  props: Pick<
    InputProps,
    'id' | 'label' | 'hint' | 'value' | 'onValueChange' | 'error' | 'aria-describedby'
  >,
) {
  return <Input {...props} inputMode="numeric" autoComplete="off" spellCheck={false} />
}

export function SettingsForm({
  settings,
  onLogout,
}: {
  settings: SettingsModel
  onLogout: () => void
}) {
  useSignals()
  useEffect(() => {
    void settings.loadTests()
  }, [settings])
  const message = settings.message.value
  const form = useRef<HTMLFormElement>(null)
  const messageId = useId()
  const dateRefused = settings.dateRefused.value
  const groupRefused = settings.groupRefused.value
  // A refused Apply takes the focus to the field to correct, as the sign-up form does, and the
  // refusal goes with that move: the field is described by it, and no live region speaks it
  // beside the move, which would cut it off (docs/ACCESSIBILITY.md). With the focus in that
  // field already (Enter pressed in it) nothing moves, and the live region reads it. Decided
  // once per message, in the render that shows it: its region never turns live while it shows.
  const heard = useRef<{ message: typeof message; withFocus: boolean }>({
    message: null,
    withFocus: false,
  })
  if (heard.current.message !== message) {
    const focused = form.current?.querySelector(':focus')?.id
    heard.current = {
      message,
      withFocus:
        (dateRefused && focused !== messageId + 'd') ||
        (groupRefused && focused !== messageId + 'g'),
    }
  }
  useEffect(() => {
    form.current!.querySelector<HTMLElement>('[aria-invalid=true]')?.focus()
  }, [message])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void settings.apply()
  }
  return (
    <form ref={form} className="lf-preview__form" onSubmit={submit} noValidate>
      <div className="lf-preview__when">
        <WhenInput
          label={TEXT.date}
          hint={TEXT.dateFormat}
          value={settings.date.value}
          id={messageId + 'd'}
          error={dateRefused ? TEXT.noSuchDateField : undefined}
          aria-describedby={dateRefused ? messageId : undefined}
          onValueChange={settings.setDate}
        />
        <WhenInput
          label={TEXT.time}
          hint={TEXT.timeFormat}
          value={settings.time.value}
          onValueChange={settings.setTime}
        />
      </div>
      <AbTestFields settings={settings} refusal={messageId} />
      <Notification
        type={message?.type ?? 'info'}
        live={heard.current.withFocus ? 'off' : message?.type === 'error' ? 'assertive' : 'polite'}
      >
        {message ? <span id={messageId}>{message.text}</span> : null}
      </Notification>
      <div className="lf-preview__actions">
        <Button
          type="submit"
          state={settings.applying.value ? 'loading' : 'none'}
          loadingLabel={TEXT.loading}
        >
          {TEXT.apply}
        </Button>
        <Button variant="secondary" onClick={onLogout}>
          {TEXT.logout}
        </Button>
      </div>
    </form>
  )
}
