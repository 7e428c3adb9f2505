/**
 * The staff preview panel (SPEC §2, §4): nothing until checkauth answers SUCCESS; then a bar with
 * the current preview settings and the button that opens the settings dialog.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useWidget } from '../base/widget-context'
import { useStyles } from '../styles/style-root'
import { Button } from '../kit'
import { Dialog, type DialogSize } from './dialog/dialog'
import { createPreviewModel } from './preview.model'
import { createSettingsModel } from './settings.model'
import { SettingsForm } from './settings-form'
import { TEXT } from './preview.texts'
import css from './preview-panel.css'

export interface PreviewPanelProps {
  /** The clock (ms since the epoch) for the default and fallback preview time. */
  now?: () => number
  /** Dialog size; default M. */
  size?: DialogSize
}

export function PreviewPanel({ now = () => Date.now(), size = 'M' }: PreviewPanelProps) {
  useSignals()
  useStyles(css)
  const widget = useWidget()
  const [model] = useState(() => createPreviewModel(widget))
  const [settings, setSettings] = useState<ReturnType<typeof createSettingsModel> | null>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const titleId = `lf-preview-${useId().replace(/:/g, '')}`
  useEffect(() => {
    void model.start()
    return model.dispose
  }, [model])

  if (!model.shown.value) return null
  const open = model.dialogOpen.value
  const session = model.session.value
  const toggle = () => {
    // A fresh form each time, starting from the settings in force.
    if (!open)
      setSettings(
        createSettingsModel({
          api: model.api,
          now,
          session,
          onApplied: model.applied,
        }),
      )
    model.showDialog(!open)
  }
  const when = session?.dateTime ? new Date(session.dateTime) : null
  return (
    <section className="lf-preview" lang="en" aria-labelledby={titleId}>
      <div className="lf-preview__bar">
        <h2 id={titleId} className="lf-preview__title">
          {TEXT.title}
        </h2>
        <p className="lf-preview__summary">
          {TEXT.current}:{' '}
          {when && !Number.isNaN(when.getTime()) ? when.toLocaleString('en-GB') : TEXT.live}
          {session?.abTestName
            ? ` · ${TEXT.test}: ${session.abTestName} / ${session.abTestGroup ?? '–'}`
            : ''}
        </p>
        <Button
          variant="secondary"
          size="small"
          buttonRef={opener}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={toggle}
        >
          {TEXT.open}
        </Button>
      </div>
      {open && settings ? (
        <Dialog
          title={TEXT.open}
          size={size}
          opener={opener}
          closeLabel={TEXT.close}
          onClose={() => model.showDialog(false)}
        >
          <SettingsForm settings={settings} onLogout={() => void model.logout()} />
        </Dialog>
      ) : null}
    </section>
  )
}
