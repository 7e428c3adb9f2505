/** The staff preview panel against the contract server: every state and message of SPEC §4, §5, §8. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, fireEvent, screen, within } from '@testing-library/preact'
import { createContractServer } from '../../server/handler'
import { DEMO_STAFF_TOKEN } from '../../server/demo/staff'
import { captureConsole } from '../../test/helpers/console'
import { describedText, recordAnnouncements } from '../../test/helpers/announcements'
import { fakeClock } from '../../test/helpers/fake-timers'
import {
  createTestWidget,
  type DrainOptions,
  type SentRequest,
  recordRequests,
  renderInWidget,
  TEST_ORIGIN,
} from '../../test/helpers/widget'
import { PreviewPanel } from './preview-panel'
import { RENEW_INTERVAL_MS } from './preview.model'
import { toInstant } from './settings.model'

const test = suite('preview panel')
test.after.each(cleanup)

const path = (r: Request) => new URL(r.url).pathname
const CHECKAUTH = '/service/preview/api/auth/checkauth'
const RENEW = '/service/preview/api/auth/login/renew'
const LOGOUT = '/service/preview/api/auth/logout'
const TOKEN = '/service/preview/api/token'
const TESTS = '/service/abtestfrontend/api/v1/gettestsat'
const ASSIGNMENT = '/service/abtestfrontend/api/v1/getassignment'

/** The current test's widget, drained: its staged steps, renders, effects and answers (test/helpers/widget.tsx). */
let settle: (options?: DrainOptions) => Promise<void>

/**
 * The widget wired to the contract server as a staff member's browser would be: the staff cookie
 * on every request (unless `staff` is false), faults by path, and every request recorded.
 */
function setup(
  options: {
    staff?: boolean
    faults?: string
    /** An answer of the test's own; undefined (now or later) lets the contract server answer. */
    answer?: (r: Request) => Response | Promise<Response | undefined> | undefined
  } = {},
) {
  const clock = fakeClock()
  const server = createContractServer({ origin: TEST_ORIGIN, now: () => new Date(clock.now()) })
  const browser = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input as RequestInfo, init)
    if (options.staff !== false) request.headers.set('cookie', `StaffAuthToken=${DEMO_STAFF_TOKEN}`)
    if (options.faults) request.headers.set('x-fault', options.faults)
    return (await options.answer?.(request)) ?? server.fetch(request)
  }) as typeof fetch
  const recorded = recordRequests(browser)
  const { widget, drain } = createTestWidget({ server, clock, fetch: recorded.fetch })
  settle = drain
  const calls = (p: string) => recorded.requests.filter((r) => path(r) === p)
  const view = () => renderInWidget(<PreviewPanel now={clock.now} />, widget)
  return { clock, server, requests: recorded.requests, calls, view, drain }
}

async function shownPanel(options: Parameters<typeof setup>[0] = {}) {
  const s = setup(options)
  s.view()
  await settle()
  screen.getByRole('heading', { name: 'Preview settings' })
  return s
}

/**
 * Holds the answers for one path back until the test releases them; drain() does not wait for
 * them meanwhile, so the test sees the panel while they are out.
 */
function holdBack(pathname: string) {
  let release!: () => void
  const released = new Promise<undefined>((resolve) => (release = () => resolve(undefined)))
  return {
    answer: (r: Request) => (path(r) === pathname ? released : undefined),
    except: ({ url }: SentRequest) => url.includes(pathname),
    release: () => release(),
  }
}

async function openSettings(options?: DrainOptions) {
  fireEvent.click(screen.getByRole('button', { name: 'Set preview settings' }))
  await settle(options)
  return screen.getByRole('dialog', { name: 'Set preview settings' })
}

const testSelect = () => screen.getByRole('combobox', { name: 'Name' }) as HTMLSelectElement
const groupSelect = () => screen.getByRole('combobox', { name: /^Group/ }) as HTMLSelectElement
const optionTexts = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent)
const dateInput = () => screen.getByRole('textbox', { name: 'Date' }) as HTMLInputElement
const timeInput = () => screen.getByRole('textbox', { name: 'Time' }) as HTMLInputElement

/** Picks an option as a browser does: new value, then a change event. (Testing Library's preact
 * fireEvent.change fires an input event, which a native select never sends.) */
function choose(select: HTMLSelectElement, value: string) {
  select.value = value
  fireEvent(select, new Event('change', { bubbles: true }))
}

async function testsFound(options?: DrainOptions) {
  await settle(options)
  screen.getByText('Active tests found.')
}

// --- showing and hiding -------------------------------------------------------------------

/** Renders the panel and lets its one checkauth call answer, with the console captured. */
function afterCheckauth(s: ReturnType<typeof setup>) {
  return captureConsole(async () => {
    const view = s.view()
    await settle()
    assert.is(s.calls(CHECKAUTH).length, 1)
    return view
  })
}

test('without a staff session checkauth answers 401: nothing is shown, nothing renewed, nothing logged', async () => {
  const s = setup({ staff: false })
  const { warnings, errors, result } = await afterCheckauth(s)
  assert.is(result.container.innerHTML, '')
  assert.is(s.calls(RENEW).length, 0)
  assert.equal([...warnings, ...errors], [])
})

test('checkauth answering another status than SUCCESS shows nothing', async () => {
  for (const status of ['UNAUTHORIZED', 'BAD_REQUEST', 'INTERNAL_ERROR']) {
    const s = setup({
      answer: (r) =>
        path(r) === CHECKAUTH
          ? Response.json({ status, dateTime: null, abTestName: null, abTestGroup: null })
          : undefined,
    })
    const { result } = await afterCheckauth(s)
    assert.is(result.container.innerHTML, '', status)
    cleanup()
  }
})

test('checkauth failing (500) shows nothing and says why on the console', async () => {
  const s = setup({ faults: `500@${CHECKAUTH}` })
  const { warnings, result } = await afterCheckauth(s)
  assert.is(result.container.innerHTML, '')
  assert.match(warnings.join(), /\bW22\b/)
})

test('getassignment is called on load, and its failure changes nothing', async () => {
  const s = await shownPanel({ faults: `500@${ASSIGNMENT}` })
  assert.is(s.calls(ASSIGNMENT).length, 1)
  assert.ok(screen.getByRole('button', { name: 'Set preview settings' }))
})

test('a staff session shows the bar, in English, with the settings in force', async () => {
  await shownPanel()
  const region = screen.getByRole('region', { name: 'Preview settings' })
  assert.is(region.getAttribute('lang'), 'en')
  assert.match(region.textContent ?? '', /Current preview: live \(no preview date\)/)
})

test('while shown, login/renew runs at once and then every 5 minutes', async () => {
  const s = await shownPanel()
  assert.is(s.calls(RENEW).length, 1)
  await s.clock.advance(RENEW_INTERVAL_MS - 1)
  assert.is(s.calls(RENEW).length, 1)
  await s.clock.advance(1)
  assert.is(s.calls(RENEW).length, 2)
  await s.clock.advance(2 * RENEW_INTERVAL_MS)
  assert.is(s.calls(RENEW).length, 4)
  assert.ok(s.calls(RENEW).every((r) => r.method === 'GET'))
})

test('a renewal answered 401 (staff session gone) hides the panel; other failures keep it and retry', async () => {
  let renewStatus = 500
  // The first renewal, as the panel shows, fails too.
  const { result: s, warnings: first } = await captureConsole(() =>
    shownPanel({
      answer: (r) =>
        path(r) === RENEW ? Response.json({ status: 'X' }, { status: renewStatus }) : undefined,
    }),
  )
  assert.match(first.join(), /\bW20\b/)
  const { warnings } = await captureConsole(() => s.clock.advance(RENEW_INTERVAL_MS))
  assert.match(warnings.join(), /\bW20\b/)
  assert.ok(screen.queryByRole('region', { name: 'Preview settings' }))
  renewStatus = 401
  await s.clock.advance(RENEW_INTERVAL_MS)
  await settle()
  assert.is(screen.queryByRole('region', { name: 'Preview settings' }), null)
  await s.clock.advance(3 * RENEW_INTERVAL_MS)
  assert.is(s.calls(RENEW).length, 3, 'no renewals after hiding')
})

test('Logout calls logout, hides the panel and stops the renewals', async () => {
  const s = await shownPanel()
  await openSettings()
  fireEvent.click(screen.getByRole('button', { name: 'Logout' }))
  await settle()
  assert.is(screen.queryByRole('region', { name: 'Preview settings' }), null)
  assert.is(s.calls(LOGOUT).length, 1)
  await s.clock.advance(3 * RENEW_INTERVAL_MS)
  assert.is(s.calls(RENEW).length, 1)
})

test('a failing logout still hides the panel, with a warning', async () => {
  const s = await shownPanel({ faults: `500@${LOGOUT}` })
  await openSettings()
  const { warnings } = await captureConsole(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }))
    await settle()
    assert.is(screen.queryByRole('region', { name: 'Preview settings' }), null)
  })
  assert.match(warnings.join(), /\bW23\b/)
  assert.is(s.calls(LOGOUT).length, 1)
})

// --- the dialog ---------------------------------------------------------------------------

test('the settings dialog: default size M, SPEC §9 labels, opened and closed by its button, Escape returns focus', async () => {
  await shownPanel()
  const opener = screen.getByRole('button', { name: 'Set preview settings' })
  assert.is(opener.getAttribute('aria-expanded'), 'false')
  const dialog = await openSettings()
  assert.ok(dialog.classList.contains('lf-dialog--m'))
  assert.is(opener.getAttribute('aria-expanded'), 'true')
  const d = within(dialog)
  assert.ok(d.getByRole('group', { name: 'A/B Test settings' }))
  assert.ok(d.getByRole('combobox', { name: 'Name' }))
  assert.ok(d.getByRole('combobox', { name: /^Group/ }))
  assert.ok(d.getByText('Select an A/B test'))
  assert.ok(d.getByRole('button', { name: 'Logout' }))
  assert.ok(d.getByRole('button', { name: 'Apply' }))
  await settle()
  assert.is(document.activeElement, dateInput())
  fireEvent.keyDown(dateInput(), { key: 'Escape' })
  await settle()
  assert.is(screen.queryByRole('dialog'), null)
  assert.is(document.activeElement, opener)
  await openSettings()
  fireEvent.click(opener)
  await settle()
  assert.is(screen.queryByRole('dialog'), null)
})

test('date and time start at the current time, or at the preview date-time in force', async () => {
  await shownPanel()
  await openSettings()
  const now = new Date(Date.UTC(2026, 10, 21, 9, 0, 0))
  const pad = (n: number) => String(n).padStart(2, '0')
  assert.is(
    dateInput().value,
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
  )
  assert.is(timeInput().value, `${pad(now.getHours())}:${pad(now.getMinutes())}`)
  cleanup()

  const inForce = toInstant('2026-12-01', '10:30')!.toISOString()
  await shownPanel({
    answer: (r) =>
      path(r) === CHECKAUTH
        ? Response.json({
            status: 'SUCCESS',
            dateTime: inForce,
            abTestName: 'advent-teaser',
            abTestGroup: 'B',
          })
        : undefined,
  })
  assert.match(
    screen.getByRole('region', { name: 'Preview settings' }).textContent ?? '',
    /A\/B test: advent-teaser \/ B/,
  )
  await openSettings()
  assert.is(dateInput().value, '2026-12-01')
  assert.is(timeInput().value, '10:30')
  await testsFound()
  assert.is(testSelect().value, 'advent-teaser')
  assert.is(groupSelect().value, 'B')
})

// --- A/B tests ----------------------------------------------------------------------------

test('tests load for the chosen date: "Loading tests..." then "Active tests found.", None first', async () => {
  const held = holdBack(TESTS)
  const s = await shownPanel({ answer: held.answer })
  await openSettings(held)
  assert.ok(screen.getByText('Loading tests...'))
  held.release()
  await testsFound()
  const [request] = s.calls(TESTS)
  assert.is(
    new URL(request.url).searchParams.get('time'),
    toInstant(dateInput().value, timeInput().value)!.toISOString(),
  )
  assert.equal(optionTexts(testSelect()), ['None', 'checkout-button-colour', 'advent-teaser'])
  assert.is(testSelect().value, '')
})

test('no tests at a date: "No active tests for this date."', async () => {
  await shownPanel()
  await openSettings()
  await testsFound()
  fireEvent.input(dateInput(), { target: { value: '2027-06-01' } })
  await settle()
  assert.ok(screen.getByText('No active tests for this date.'))
  assert.equal(optionTexts(testSelect()), ['None'])
})

test('failing test list: "Failed to fetch AB tests." and only the None choice', async () => {
  const { warnings } = await captureConsole(async () => {
    await shownPanel({ faults: `500@${TESTS}` })
    await openSettings()
    await settle()
    assert.ok(screen.getByText('Failed to fetch AB tests.'))
  })
  assert.equal(optionTexts(testSelect()), ['None'])
  assert.match(warnings.join(), /\bW25\b/)
})

test('a malformed test list counts as failed', async () => {
  await captureConsole(async () => {
    await shownPanel({
      answer: (r) => (path(r) === TESTS ? Response.json([{ title: 'x' }]) : undefined),
    })
    await openSettings()
    await settle()
    assert.ok(screen.getByText('Failed to fetch AB tests.'))
  })
})

test('the group selector: disabled until a test is chosen, then required ("Required") until a group is, and not invalid before Apply', async () => {
  await shownPanel()
  await openSettings()
  await testsFound()
  assert.ok(groupSelect().disabled)
  assert.is(screen.queryByText('Required'), null)
  choose(testSelect(), 'advent-teaser')
  await settle()
  assert.not.ok(groupSelect().disabled)
  assert.ok(groupSelect().required)
  // Required, and told so, but not an error before the visitor has tried to apply.
  assert.is(groupSelect().getAttribute('aria-invalid'), 'false')
  assert.is(
    document.getElementById(groupSelect().getAttribute('aria-describedby')!)!.textContent,
    'Required',
  )
  assert.equal(optionTexts(groupSelect()), ['Select a group', 'A', 'B', 'C'])
  choose(groupSelect(), 'C')
  await settle()
  assert.is(screen.queryByText('Required'), null)
  assert.is(groupSelect().value, 'C')
  // Choosing another test starts over with no group.
  choose(testSelect(), 'checkout-button-colour')
  await settle()
  assert.ok(screen.getByText('Required'))
  assert.is(groupSelect().getAttribute('aria-invalid'), 'false')
  assert.equal(optionTexts(groupSelect()), ['Select a group', 'control', 'green'])
  assert.is(groupSelect().value, '')
})

test('Apply without a group: the focus on the group selector, now invalid, which reads its error and the refusal', async () => {
  await shownPanel()
  await openSettings()
  await testsFound()
  choose(testSelect(), 'advent-teaser')
  await settle()
  const apply = screen.getByRole('button', { name: 'Apply' })
  apply.focus()
  const heard = recordAnnouncements()
  fireEvent.click(apply)
  await settle()
  heard.stop()
  screen.getByText('Please also select an A/B test group!')
  assert.is(document.activeElement, groupSelect())
  assert.is(groupSelect().getAttribute('aria-invalid'), 'true')
  // The focus move reads the field's error and the refusal; no live region speaks the refusal
  // beside the move, which would cut it off.
  assert.is(describedText(groupSelect()), 'Required Please also select an A/B test group!')
  assert.is(heard.count('Please also select an A/B test group!'), 1, heard.said.join(' | '))
  choose(groupSelect(), 'A')
  await settle()
  assert.is(groupSelect().getAttribute('aria-invalid'), 'false')
})

test('changing the date reloads the tests and resets the group (and a test the new date lacks)', async () => {
  const s = await shownPanel()
  await openSettings()
  fireEvent.input(dateInput(), { target: { value: '2026-12-01' } })
  await settle()
  assert.is(s.calls(TESTS).length, 2)
  await testsFound()
  choose(testSelect(), 'checkout-button-colour')
  choose(groupSelect(), 'green')
  // Typing an incomplete date loads nothing.
  fireEvent.input(dateInput(), { target: { value: '2026-12-2' } })
  assert.is(s.calls(TESTS).length, 2)
  fireEvent.input(dateInput(), { target: { value: '2026-12-28' } })
  await settle()
  assert.is(s.calls(TESTS).length, 3)
  await testsFound()
  assert.is(testSelect().value, 'checkout-button-colour', 'still active on the new date')
  assert.is(groupSelect().value, '', 'group reset')
  assert.ok(screen.getByText('Required'))
  choose(groupSelect(), 'green')
  fireEvent.input(dateInput(), { target: { value: '2027-03-01' } })
  await settle()
  screen.getByText('No active tests for this date.')
  assert.is(testSelect().value, '', 'the test is gone on the new date')
  assert.is(screen.queryByText('Required'), null)
})

test('a late answer for an earlier date does not overwrite the newer one', async () => {
  // The answer for June 2027 (no tests) is held back until the test lets it go, after the one
  // for December 2026 has been shown.
  let answerLate!: () => void
  const late = (r: Request) =>
    path(r) === TESTS && new URL(r.url).searchParams.get('time')!.startsWith('2027-06')
      ? new Promise<Response>((resolve) => (answerLate = () => resolve(Response.json([]))))
      : undefined
  const s = await shownPanel({ answer: late })
  await openSettings()
  await testsFound()
  fireEvent.input(dateInput(), { target: { value: '2027-06-01' } })
  fireEvent.input(dateInput(), { target: { value: '2026-12-01' } })
  // Both dates show "Loading tests..." at once: "found" is the December answer, shown.
  await testsFound({ except: ({ url }) => url.includes('time=2027-06') })
  assert.is(s.calls(TESTS).length, 3)
  answerLate()
  await s.drain()
  assert.ok(screen.getByText('Active tests found.'))
  assert.equal(optionTexts(testSelect()), ['None', 'checkout-button-colour', 'advent-teaser'])
})

// --- apply --------------------------------------------------------------------------------

test('a test without a group is rejected: "Please also select an A/B test group!", nothing sent', async () => {
  const s = await shownPanel()
  await openSettings()
  await testsFound()
  choose(testSelect(), 'advent-teaser')
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
  await settle()
  screen.getByText('Please also select an A/B test group!')
  assert.is(s.calls(TOKEN).length, 0)
})

test('an empty selection is valid: Apply sends the date alone and says "Settings applied successfully."', async () => {
  const s = await shownPanel()
  await openSettings()
  await testsFound()
  fireEvent.input(dateInput(), { target: { value: '2026-12-01' } })
  fireEvent.input(timeInput(), { target: { value: '10:30' } })
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
  await settle()
  const ok = screen.getByText('Settings applied successfully.')
  assert.ok(ok.closest('[role="status"]'))
  const [request] = s.calls(TOKEN)
  assert.is(request.method, 'POST')
  const url = new URL(request.url)
  assert.is(url.searchParams.get('test'), '')
  assert.is(url.searchParams.get('group'), '')
  assert.equal(await request.json(), {
    previewDateTime: toInstant('2026-12-01', '10:30')!.toISOString(),
  })
})

test('Apply with a test and group sends them; the server and the bar then show them', async () => {
  const s = await shownPanel()
  await openSettings()
  await testsFound()
  choose(testSelect(), 'advent-teaser')
  choose(groupSelect(), 'B')
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
  await settle()
  screen.getByText('Settings applied successfully.')
  const url = new URL(s.calls(TOKEN)[0].url)
  assert.is(url.searchParams.get('test'), 'advent-teaser')
  assert.is(url.searchParams.get('group'), 'B')
  assert.match(
    screen.getByRole('region', { name: 'Preview settings' }).textContent ?? '',
    /A\/B test: advent-teaser \/ B/,
  )
  const auth = await (
    await s.server.fetch(CHECKAUTH, { headers: { cookie: `StaffAuthToken=${DEMO_STAFF_TOKEN}` } })
  ).json()
  assert.is(auth.abTestName, 'advent-teaser')
  assert.is(auth.abTestGroup, 'B')
})

test('Apply failing: "Applying settings failed." for an error status, a non-SUCCESS answer and no answer', async () => {
  const cases: Parameters<typeof setup>[0][] = [
    { faults: `500@${TOKEN}` },
    { answer: (r) => (path(r) === TOKEN ? Response.json({ status: 'BAD_REQUEST' }) : undefined) },
    { answer: (r) => (path(r) === TOKEN ? Promise.reject(new TypeError('offline')) : undefined) },
  ]
  for (const options of cases) {
    await captureConsole(async () => {
      await shownPanel(options)
      await openSettings()
      await testsFound()
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
      await settle()
      const failed = screen.getByText('Applying settings failed.')
      assert.ok(failed.closest('[role="alert"]'))
    })
    cleanup()
  }
})

test('a preview date not matching YYYY-MM-DD logs an error and the current time is sent', async () => {
  const s = await shownPanel()
  await openSettings()
  await testsFound()
  fireEvent.input(dateInput(), { target: { value: '1.12.2026' } })
  const { errors } = await captureConsole(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    await settle()
    screen.getByText('Settings applied successfully.')
  })
  assert.match(errors.join(), /\bE7\b.* date "1\.12\.2026"/)
  assert.equal(await s.calls(TOKEN)[0].json(), {
    previewDateTime: new Date(s.clock.now()).toISOString(),
  })
})

test("Enter in a date that does not exist: the focus stays there, so the refusal's live region reads it, once", async () => {
  await shownPanel()
  await openSettings()
  await testsFound()
  fireEvent.input(dateInput(), { target: { value: '2026-13-45' } })
  dateInput().focus()
  await settle()
  const heard = recordAnnouncements()
  fireEvent.submit(dateInput().closest('form')!)
  await settle()
  heard.stop()
  assert.is(document.activeElement, dateInput())
  assert.equal(heard.said, ['Please enter a date that exists!'])
})

test('a date in the format that does not exist (2026-13-45) is refused at the field: its error, the focus, nothing sent', async () => {
  const s = await shownPanel()
  await openSettings()
  await testsFound()
  fireEvent.input(dateInput(), { target: { value: '2026-13-45' } })
  screen.getByRole('button', { name: 'Apply' }).focus()
  const heard = recordAnnouncements()
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
  await settle()
  heard.stop()
  assert.is(screen.queryByText('Settings applied successfully.'), null)
  assert.is(document.activeElement, dateInput())
  // Read once, with the focus move to the date: its description, not a live region.
  assert.is(heard.count('Please enter a date that exists!'), 1, heard.said.join(' | '))
  assert.ok(describedText(dateInput()).endsWith('Please enter a date that exists!'))
  assert.is(dateInput().getAttribute('aria-invalid'), 'true')
  const described = dateInput()
    .getAttribute('aria-describedby')!
    .split(' ')
    .map((id) => document.getElementById(id)!.textContent)
  assert.ok(described.includes('No such date'), described.join(' | '))
  assert.is(s.calls(TOKEN).length, 0)
  // Corrected, it applies.
  fireEvent.input(dateInput(), { target: { value: '2026-12-24' } })
  await settle()
  assert.is.not(dateInput().getAttribute('aria-invalid'), 'true')
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
  await settle()
  screen.getByText('Settings applied successfully.')
})

test('while applying, the Apply button is busy and ignores further clicks', async () => {
  const held = holdBack(TOKEN)
  const s = await shownPanel({ answer: held.answer })
  await openSettings()
  await testsFound()
  const apply = screen.getByRole('button', { name: 'Apply' })
  fireEvent.click(apply)
  await settle(held)
  assert.is(screen.getByRole('button', { name: /Apply/ }).getAttribute('aria-busy'), 'true')
  fireEvent.click(screen.getByRole('button', { name: /Apply/ }))
  await settle(held)
  held.release()
  await settle()
  screen.getByText('Settings applied successfully.')
  assert.is(s.calls(TOKEN).length, 1)
})

test.run()
