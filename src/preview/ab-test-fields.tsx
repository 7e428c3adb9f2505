/**
 * The A/B part of the settings (SPEC §4, §8): the list's status as a live message, the test
 * selector (None plus the tests active at the chosen date) and the group selector, enabled once a
 * test is chosen and showing 'Required' until a group is: as a hint at first, as its error (invalid)
 * once Apply was refused for it; an untouched field is not wrong yet.
 */
import { useSignals } from '@preact/signals-react/runtime'
import { Notification, Select, type NotificationType } from '../kit'
import { TEXT } from './preview.texts'
import type { SettingsModel, TestsStatus } from './settings.model'

const STATUS: Record<TestsStatus, [NotificationType, string]> = {
  loading: ['info', TEXT.loadingTests],
  empty: ['info', TEXT.noTests],
  found: ['success', TEXT.testsFound],
  failed: ['error', TEXT.testsFailed],
}

/**
 * `refusal`: the id of the refused Apply's message, which describes the group selector while it
 * is refused; the selector's own id is that id with "g".
 */
export function AbTestFields({ settings, refusal }: { settings: SettingsModel; refusal: string }) {
  useSignals()
  const [type, text] = STATUS[settings.testsStatus.value]
  const test = settings.test.value
  const required = settings.groupMissing.value ? TEXT.required : undefined
  const refused = settings.groupRefused.value
  return (
    <fieldset className="lf-preview__ab">
      <legend className="lf-preview__legend">{TEXT.abTitle}</legend>
      <Notification type={type} live="polite" className="lf-preview__status">
        {text}
      </Notification>
      <Select
        label={TEXT.testName}
        hint={TEXT.selectTest}
        value={test}
        options={[
          { value: '', label: TEXT.none },
          ...settings.tests.value.map((t) => ({ value: t.name, label: t.name })),
        ]}
        onValueChange={settings.setTest}
      />
      <Select
        id={refusal + 'g'}
        label={TEXT.group}
        placeholder={TEXT.selectGroup}
        value={settings.group.value}
        options={settings.groups.value.map((g) => ({ value: g.name, label: g.name }))}
        disabled={!test}
        required={!!test}
        hint={refused ? undefined : required}
        error={refused ? required : undefined}
        aria-describedby={refused ? refusal : undefined}
        onValueChange={settings.setGroup}
      />
    </fieldset>
  )
}
