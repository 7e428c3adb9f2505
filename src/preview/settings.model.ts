/**
 * The settings dialog's state and rules (SPEC §4, §5, §8): preview date (YYYY-MM-DD) and time
 * (HH:MM), the A/B tests active at the chosen date, the test and group selection, and applying.
 *
 * - Tests load for the chosen date at the chosen time (00:00 while the time is not HH:MM), when
 *   the dialog opens and whenever the date changes to another valid date; that also resets the
 *   group, and the test when the new date does not have it. A late answer for an older date is
 *   dropped.
 * - A test without a group is rejected ('Please also select an A/B test group!'); no test at all
 *   (None) is valid and applies the date alone.
 * - Apply sends previewDateTime as an ISO date-time (UTC) of the local date and time entered; a
 *   date or time not in its format logs an error and the current time is used instead (SPEC §8).
 *   A date in the format that does not exist (2026-13-45) is refused with an error at the field
 *   (WCAG 3.3.1): no format slip, but a typo whose silent replacement would preview another day.
 */
import { computed, signal } from '@preact/signals-react'
import { is, validate } from 'superstruct'
import type { ApiClient } from '../api/client'
import { log } from '../log'
import {
  ABTEST_API,
  ABTEST_TESTS_PATH,
  PREVIEW_API,
  PREVIEW_TOKEN_PATH,
} from '../contract/preview.api'
import {
  AbTestListSchema,
  PreviewStatusAnswerSchema,
  type AbTest,
  type PreviewSession,
  type TokenRequest,
} from '../contract/preview.schema'
import { TEXT } from './preview.texts'

const DATE_FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME_FORMAT = /^([01]\d|2[0-3]):([0-5]\d)$/

export type TestsStatus = 'loading' | 'empty' | 'found' | 'failed'
export interface Message {
  type: 'success' | 'error'
  text: string
}

const pad = (n: number) => String(n).padStart(2, '0')
export const formatDate = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
export const formatTime = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`

/**
 * The local instant of a date and time in their formats, or null when either does not match or
 * the date does not exist (2026-02-30, month 13, years before 100): Date would roll those over
 * to another day silently.
 */
export function toInstant(date: string, time: string): Date | null {
  const d = DATE_FORMAT.exec(date)
  const t = TIME_FORMAT.exec(time)
  const at = d && t ? new Date(+d[1], +d[2] - 1, +d[3], +t[1], +t[2]) : null
  return at && formatDate(at) === date ? at : null
}

export interface SettingsDeps {
  api: ApiClient
  now: () => number
  /** The current preview session, whose settings the dialog starts from. */
  session: PreviewSession | null
  onApplied?: (session: PreviewSession) => void
}

export function createSettingsModel({ api, now, session, onApplied }: SettingsDeps) {
  const saved = session?.dateTime ? new Date(session.dateTime) : new Date(NaN)
  const start = Number.isNaN(saved.getTime()) ? new Date(now()) : saved
  const date = signal(formatDate(start))
  const time = signal(formatTime(start))
  const tests = signal<AbTest[]>([])
  const testsStatus = signal<TestsStatus>('loading')
  const test = signal(session?.abTestName ?? '')
  const group = signal(session?.abTestGroup ?? '')
  const message = signal<Message | null>(null)
  const applying = signal(false)
  const groups = computed(() => tests.value.find((t) => t.name === test.value)?.groups ?? [])
  /** A test is chosen but no group yet: the group selector shows 'Required'. */
  const groupMissing = computed(() => test.value !== '' && group.value === '')
  let loadedDate = ''
  let request = 0

  async function loadTests(): Promise<void> {
    const at = toInstant(date.value, TIME_FORMAT.test(time.value) ? time.value : '00:00')
    if (!at) return
    loadedDate = date.value
    const id = ++request
    testsStatus.value = 'loading'
    let list: AbTest[] | null = null
    try {
      const { data } = await api.get(ABTEST_API + ABTEST_TESTS_PATH, {
        params: { time: at.toISOString() },
      })
      const [error, value] = validate(data, AbTestListSchema)
      if (error) log.warn('W24', error.message)
      else list = value
    } catch (error) {
      log.warn('W25', error)
    }
    if (id !== request) return
    tests.value = list ?? []
    testsStatus.value = !list ? 'failed' : list.length ? 'found' : 'empty'
    if (!tests.value.some((t) => t.name === test.value)) test.value = ''
    if (!groups.value.some((g) => g.name === group.value)) group.value = ''
  }

  /** Apply was refused for a date that does not exist; the field shows why until it changes. */
  const dateRefused = computed(() => message.value?.text === TEXT.noSuchDate)
  /** Apply was refused for a test without a group; the group selector shows it until one is chosen. */
  const groupRefused = computed(() => message.value?.text === TEXT.missingGroup)

  function setDate(value: string): void {
    date.value = value
    if (dateRefused.value) message.value = null
    if (DATE_FORMAT.test(value) && value !== loadedDate) {
      group.value = ''
      void loadTests()
    }
  }

  function setTest(name: string): void {
    test.value = name
    group.value = ''
    message.value = null
  }

  function setGroup(name: string): void {
    group.value = name
    message.value = null
  }

  /** The date-time to preview: the entered one, or now (logged) when it is not in format. */
  function previewDateTime(): string {
    const at = toInstant(date.value, time.value)
    if (at) return at.toISOString()
    log.error('E7', `date "${date.value}", time "${time.value}"`)
    return new Date(now()).toISOString()
  }

  async function apply(): Promise<void> {
    if (applying.value) return
    if (DATE_FORMAT.test(date.value) && !toInstant(date.value, '00:00')) {
      message.value = { type: 'error', text: TEXT.noSuchDate }
      return
    }
    if (groupMissing.value) {
      message.value = { type: 'error', text: TEXT.missingGroup }
      return
    }
    applying.value = true
    message.value = null
    const body: TokenRequest = { previewDateTime: previewDateTime() }
    let ok = false
    try {
      const { data } = await api.post(PREVIEW_API + PREVIEW_TOKEN_PATH, body, {
        params: { test: test.value, group: group.value },
      })
      ok = is(data, PreviewStatusAnswerSchema) && data.status === 'SUCCESS'
    } catch (error) {
      log.warn('W26', error)
    }
    applying.value = false
    message.value = ok
      ? { type: 'success', text: TEXT.applied }
      : { type: 'error', text: TEXT.applyFailed }
    if (ok)
      onApplied?.({
        status: 'SUCCESS',
        dateTime: body.previewDateTime,
        abTestName: test.value || null,
        abTestGroup: group.value || null,
      })
  }

  return {
    date,
    time,
    tests,
    testsStatus,
    test,
    group,
    groups,
    groupMissing,
    dateRefused,
    groupRefused,
    message,
    applying,
    loadTests,
    setDate,
    setTime: (v: string) => (time.value = v),
    setTest,
    setGroup,
    apply,
    previewDateTime,
  }
}

export type SettingsModel = ReturnType<typeof createSettingsModel>
