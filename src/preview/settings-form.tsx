/** The settings dialog's content: date and time, the A/B selection, the outcome message, Apply and Logout. */
import { useEffect, useRef, type FormEvent } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { Button, Input, Notification, type InputProps } from '../kit'
import { AbTestFields } from './ab-test-fields'
import { TEXT } from './preview.texts'
import type { SettingsModel } from './settings.model'

/** Date and time are typed as digits in the format the hint gives; no autofill, no spelling. */
function WhenInput(
  props: Pick<InputProps, 'label' | 'hint' | 'value' | 'onValueChange' | 'error'>,
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
  // A refused Apply takes the focus to the field to correct, as the sign-up form does.
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
          error={settings.dateRefused.value ? TEXT.noSuchDateField : undefined}
          onValueChange={settings.setDate}
        />
        <WhenInput
          label={TEXT.time}
          hint={TEXT.timeFormat}
          value={settings.time.value}
          onValueChange={settings.setTime}
        />
      </div>
      <AbTestFields settings={settings} />
      <Notification
        type={message?.type ?? 'info'}
        live={message?.type === 'error' ? 'assertive' : 'polite'}
      >
        {message?.text}
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
