/** The sign-up block as a visitor and the server see it, per site where the rules differ. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/preact'
import { createContractServer } from '../../build/contract-server/handler'
import { makeLoginToken } from '../../build/contract-server/core/routes/login'
import {
  createTestWidget,
  recordingWidget,
  type DrainOptions,
  type SentRequest,
  renderInWidget,
  TEST_ORIGIN,
  useLocale,
} from '../../test/helpers/widget'
import { NL, text } from '../../test/helpers/newsletter'
import { SITES, SITE_LOCALE, type Site } from '../sites'
import type { EmbedConfig } from '../config'
import type { PsData } from '../api/psdata'
import { captureConsole } from '../../test/helpers/console'
import { typeAndLeave } from '../../test/helpers/input'
import { recordAnnouncements } from '../../test/helpers/announcements'
import { fakeClock } from '../../test/helpers/fake-timers'
import { NewsletterBlock, SIGN_UP_EVENT, SUBMITTED_EVENT } from './index'
import { STATUS_WAIT_MS } from './newsletter.constants'
import { SITE_RULES } from './newsletter.sites'
import { BRAND } from '../brand'

interface Setup {
  config?: Partial<EmbedConfig>
  /** Wraps the contract server's fetch, e.g. to fail or delay. */
  wrap?: (inner: typeof fetch) => typeof fetch
  pageAddress?: string
  /** The newsletter status answer; a promise holds it back until the test resolves it. */
  psdata?: PsData | null | Promise<PsData | null>
  /** With a LoginToken cookie the server signed. */
  loggedIn?: boolean
}

/** The current test's widget, drained: its staged steps, renders, effects and answers (test/helpers/widget.tsx). */
let drainWidget: (options?: DrainOptions) => Promise<void>
const settle = (options?: DrainOptions) => drainWidget(options)
/** The sign-up request, when a test holds its answer back. */
const signUp = ({ method }: SentRequest) => method === 'POST'

async function setup(site: Site = 'DE', options: Setup = {}) {
  const server = createContractServer({ origin: TEST_ORIGIN })
  const loginToken = options.loggedIn ? makeLoginToken(server.ctx, 'l1') : undefined
  if (loginToken) document.cookie = `LoginToken=${loginToken}`
  const { widget, clock, drain, requests } = await recordingWidget(site, server, options)
  drainWidget = drain
  if (options.pageAddress) widget.pageAddress = options.pageAddress
  if (options.psdata !== undefined) widget.psdata = async () => options.psdata ?? null
  const events: { type: string; detail: unknown }[] = []
  for (const type of [SIGN_UP_EVENT, SUBMITTED_EVENT])
    widget.mountElement.addEventListener(type, (e) =>
      events.push({ type, detail: (e as CustomEvent).detail }),
    )
  document.body.appendChild(widget.mountElement)
  const view = renderInWidget(<NewsletterBlock />, widget)
  return { widget, server, clock, drain, view, events, requests, loginToken }
}

/** A text as Testing Library compares it: its whitespace, no-break spaces too, collapsed. */
const shown = (key: string) => text(key).replace(/\s+/g, ' ')
const label = (key: string) => new RegExp(`^${text(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
/** The email field, once the whole form has rendered (its lower part comes a step after the fields). */
const email = async (options?: DrainOptions) => {
  await settle(options)
  screen.getByRole('button', { name: label('submit') })
  return screen.getByRole('textbox', { name: label('email') })
}
const submit = () => screen.getByRole('button', { name: label('submit') })
const posts = (requests: Request[]) => requests.filter((r) => r.method === 'POST')

const type = (input: HTMLElement, value: string) => typeAndLeave(input, value, settle)

const windowAny = window as unknown as { dataLayer?: unknown[] }

test.after.each(() => {
  cleanup()
  document.body.innerHTML = ''
  document.cookie = 'LoginToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
  delete windowAny.dataLayer
})

// Which fields appear once the email field is focused (SPEC §2), and which are required (asterisk, aria-required).
// Most sites ask for the email alone, with the privacy hint; the others say how they differ.
const EMAIL_ONLY = {
  salutation: false,
  names: false,
  required: false,
  consent: false,
  hint: true,
  sample: false,
}
const FIELDS: Record<Site, typeof EMAIL_ONLY> = {
  DE: { ...EMAIL_ONLY, sample: true },
  AT: { ...EMAIL_ONLY, salutation: true, names: true, sample: true },
  CH: EMAIL_ONLY,
  CH_FR: EMAIL_ONLY,
  CZ: EMAIL_ONLY,
  HU: { ...EMAIL_ONLY, salutation: true, names: true, required: true, sample: true },
  SK: EMAIL_ONLY,
  TR: { ...EMAIL_ONLY, names: true, required: true, consent: true, hint: false },
  PL: EMAIL_ONLY,
}

for (const site of SITES) {
  const f = FIELDS[site]
  test(`${site}: title, bubble, email first; the site's fields appear on email focus`, async () => {
    await setup(site)
    const input = await email()
    assert.ok(screen.getByRole('heading', { level: 2, name: text('title') }))
    assert.ok(document.querySelector('.lf-nl__bubble strong')!.textContent === text('discount'))
    assert.is(screen.queryByRole('textbox', { name: label('firstName') }), null)
    input.focus()
    await settle()
    assert.is(!!screen.queryByRole('combobox', { name: label('salutation') }), f.salutation)
    const first = screen.queryByRole('textbox', { name: label('firstName') })
    assert.is(!!first, f.names)
    assert.is(!!screen.queryByRole('textbox', { name: label('lastName') }), f.names)
    if (first) assert.is((first as HTMLInputElement).required, f.required)
  })

  test(`${site}: consents, privacy hint, legal notice and links of the site`, async () => {
    await setup(site)
    await email()
    const boxes = screen.getAllByRole('checkbox')
    assert.is(boxes.length, f.consent ? 2 : 1)
    for (const box of boxes) assert.is((box as HTMLInputElement).checked, false)
    // Rendered absolute on the page's origin (a <base href> cannot bend them); the rules hold paths.
    const links = screen
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')!.replace(location.origin, ''))
    const rules = (await import('./newsletter.sites')).SITE_RULES[site].links
    assert.ok(
      links.includes(rules.privacy) &&
        links.includes(rules.contact) &&
        links.includes(rules.voucher),
      site,
    )
    assert.is(links.includes(rules.sample ?? '-'), f.sample)
    if (f.consent) assert.ok(links.includes(rules.consent!) && links.includes(rules.info!))
    assert.is(
      !!screen.queryByText(
        (_, el) =>
          el?.tagName === 'P' &&
          el.textContent === text('privacyHint', { privacyLink: text('privacyLink') }),
      ),
      f.hint,
    )
    assert.ok(screen.getByText(shown('legalTitle')))
    assert.ok(document.querySelector('details p'))
    assert.ok(screen.getByText(text('mandatory')))
  })
}

for (const site of SITES) {
  test(`${site}: ${site === 'TR' ? 'no click consent (TR asks with a checkbox)' : 'the click consent stands just above the button, quotes its label and describes it'}`, async () => {
    await setup(site)
    await email()
    const button = submit()
    const id = button.getAttribute('aria-describedby')
    if (site === 'TR') return assert.is(id, null)
    const sentence = document.getElementById(id!)!
    assert.is(sentence.textContent, text('submitConsent', { button: text('submit') }))
    assert.ok(sentence.textContent!.includes(text('submit')))
    assert.is(sentence.nextElementSibling, button)
  })
}

test("the form renders a task after the block's head, its consents and button a task after its fields (short tasks instead of one long one)", async () => {
  await useLocale('de-DE')
  const clock = fakeClock()
  const { widget } = createTestWidget({ clock })
  widget.psdata = async () => null
  document.body.appendChild(widget.mountElement)
  renderInWidget(<NewsletterBlock />, widget)
  await clock.advance(0)
  await settle()
  screen.getByRole('heading', { name: text('title') })
  // The effects after the head's render run (act); they ask for the form's step, not yet run.
  await act(async () => {})
  assert.is(
    screen.queryByRole('textbox', { name: label('email') }),
    null,
    'the form waits for its own task (a timer)',
  )
  // One step: the due timer runs, then the render and effects it causes (act).
  const nextStep = () => act(() => clock.advance(0))
  await nextStep()
  assert.ok(screen.getByRole('textbox', { name: label('email') }))
  assert.is(
    screen.queryByRole('button', { name: label('submit') }),
    null,
    'the consents and the button wait for their own task',
  )
  assert.is(screen.queryByRole('checkbox'), null)
  await nextStep()
  assert.ok(screen.getByRole('button', { name: label('submit') }))
  assert.ok(screen.getAllByRole('checkbox').length)
})

test('the bubble reads 10 % (German spacing: a narrow no-break space) and the Turkish one %10', async () => {
  await setup('DE')
  await email()
  assert.is(document.querySelector('.lf-nl__bubble strong')!.textContent, '10\u202f%')
  cleanup()
  await setup('TR')
  await email()
  assert.ok(screen.getByText('%10'))
})

test('the legal text says 16 years, 18 in CZ and SK; TR names Law 6563, KVKK, 14 days and 2 years; HU voucher conditions', async () => {
  for (const site of SITES) {
    await useLocale(SITE_LOCALE[site])
    assert.match(text('legal'), ['CZ', 'SK'].includes(site) ? /\b18\b/ : /\b16\b/, site)
  }
  await useLocale('tr-TR')
  for (const fact of [/6563/, /KVKK/, /14\sgün/, /2\syıl/]) assert.match(text('legal'), fact)
  await useLocale('hu-HU')
  for (const fact of [/1\shónap/, /egyszer/, /kávé/, /kapszul/, /ajándékkártyá/])
    assert.match(text('footnote'), fact)
})

test('the voucher footnote is shown by default (SPEC §2)', async () => {
  await setup('DE')
  await email()
  assert.ok(screen.getByText(/Den Gutschein über 10\s% erhalten Sie per E-Mail/))
})

test('data-voucher-footnote="hidden" leaves the footnote out, and only the footnote', async () => {
  await setup('DE', { config: { voucherFootnote: 'hidden' } })
  await email()
  assert.is(screen.queryByText(/Den Gutschein über 10\s% erhalten Sie per E-Mail/), null)
  assert.ok(screen.getByText(text('mandatory')))
})

test('a responsive image, not lazy (the footer renders near the viewport only): desktop from 1024 px, tablet from 767 px', async () => {
  await setup('DE')
  await email()
  const sources = [...document.querySelectorAll('picture source')].map((s) =>
    s.getAttribute('media'),
  )
  assert.equal(sources, ['(min-width: 1024px)', '(min-width: 767px)'])
  const img = document.querySelector('picture img')!
  // The footer renders only near the viewport (src/app/tasks.ts), so lazy loading has nothing left to defer.
  assert.is(img.getAttribute('loading'), null)
  assert.match(
    img.getAttribute('src')!,
    /^https:\/\/shop\.test\/service\/newsletterfrontend\/newslettersubscriptionform\/[0-9a-f]+\.jpg$/,
  )
})

test("names in the market's order: family name first in HU, given name first in AT and TR", async () => {
  for (const [site, first] of [
    ['HU', 'lastName'],
    ['AT', 'firstName'],
    ['TR', 'firstName'],
  ] as const) {
    await setup(site)
    const input = await email()
    input.focus()
    await settle()
    const fields = screen.getAllByRole('textbox').map((box) => box.getAttribute('autocomplete'))
    const order =
      first === 'lastName' ? ['family-name', 'given-name'] : ['given-name', 'family-name']
    assert.equal(
      fields.filter((f) => f === 'given-name' || f === 'family-name'),
      order,
      site,
    )
    if (site === 'AT') {
      cleanup()
      continue // names are optional there: nothing to announce
    }
    fireEvent.click(submit())
    await settle()
    const announced = document.querySelector('[role=alert].lf-visually-hidden')!.textContent!
    const [a, b] = first === 'lastName' ? ['lastName', 'firstName'] : ['firstName', 'lastName']
    assert.ok(
      announced.indexOf(text(`errors.${a}RequiredErrorMessage`)) <
        announced.indexOf(text(`errors.${b}RequiredErrorMessage`)),
      `${site}: ${announced}`,
    )
    cleanup()
  }
})

test('AT: salutations in the order MRS, MR, DIVERS, COMPANY', async () => {
  await setup('AT')
  ;(await email()).focus()
  await settle()
  const options = within(screen.getByRole('combobox', { name: label('salutation') }))
    .getAllByRole('option')
    .map((o) => o.textContent)
  assert.equal(options, [text('choose'), 'Frau', 'Herr', 'Divers', 'Firma'])
})

test('fields stay revealed when a value is present, after the email field loses focus', async () => {
  await setup('AT')
  const input = await email()
  await type(input, 'anna@example.com')
  assert.ok(screen.getByRole('textbox', { name: label('firstName') }))
})

test('validation on blur, not while typing; the message is linked and announced, stays on focus and while still wrong, clears once valid', async () => {
  await setup('DE')
  const input = await email()
  input.focus()
  fireEvent.input(input, { target: { value: 'anna@' } })
  await settle()
  assert.is(screen.queryByText(text('errors.emailRegexErrorMessage')), null)
  input.blur()
  await settle()
  const message = screen
    .getAllByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')
    .find((el) => el.id)!
  assert.is(input.getAttribute('aria-invalid'), 'true')
  assert.ok(input.getAttribute('aria-describedby')!.split(' ').includes(message.id))
  assert.is(
    document.querySelector('[role=alert].lf-visually-hidden')!.textContent,
    'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  )
  input.focus()
  await settle()
  assert.is(
    input.getAttribute('aria-invalid'),
    'true',
    'the error stays when the visitor comes back to correct it',
  )
  assert.ok(document.getElementById(message.id))
  fireEvent.input(input, { target: { value: 'anna@example' } })
  await settle()
  assert.is(input.getAttribute('aria-invalid'), 'true', 'still wrong, still described')
  fireEvent.input(input, { target: { value: 'anna@example.com' } })
  await settle()
  assert.is(input.getAttribute('aria-invalid'), null)
  assert.is(document.getElementById(message.id), null)
})

test('passing by: leaving an untouched field raises nothing; its required error comes with submit (HU)', async () => {
  await setup('HU')
  const input = await email()
  input.focus()
  await settle()
  input.blur()
  for (const name of ['firstName', 'lastName']) {
    const field = screen.getByRole('textbox', { name: label(name) })
    field.focus()
    await settle()
    field.blur()
  }
  await settle()
  assert.is(document.querySelectorAll('[aria-invalid=true]').length, 0)
  assert.is(document.querySelector('[role=alert].lf-visually-hidden')!.textContent, '')
  fireEvent.click(submit())
  await settle()
  assert.is(document.querySelectorAll('[aria-invalid=true]').length, 4)
  assert.is(document.activeElement, input, 'the first field to correct has the focus')
})

test('an empty required email says so on submit, and nothing is sent', async () => {
  const { requests } = await setup('DE')
  await email()
  fireEvent.click(submit())
  await settle()
  assert.ok(screen.getAllByText(text('errors.emailRequiredErrorMessage')).length)
  assert.is(posts(requests).length, 0)
})

test('HU: salutation and names are required; TR: names and the newsletter consent, with a Turkish message', async () => {
  await setup('HU')
  await email()
  // Submitting without ever focusing the email field reveals the fields with their errors.
  fireEvent.click(submit())
  await settle()
  assert.is(
    screen.getByRole('combobox', { name: label('salutation') }).getAttribute('aria-invalid'),
    'true',
  )
  for (const key of [
    'salutationRequiredErrorMessage',
    'firstNameRequiredErrorMessage',
    'lastNameRequiredErrorMessage',
  ]) {
    await settle()
    assert.ok(screen.getAllByText(text(`errors.${key}`)).length, key)
  }
  cleanup()
  await setup('TR')
  ;(await email()).focus()
  await settle()
  fireEvent.click(submit())
  await settle()
  assert.ok(screen.getAllByText('Lütfen ticari elektronik ileti onayınızı verin.').length)
  const consent = screen.getAllByRole('checkbox')[0]
  assert.is(consent.getAttribute('aria-invalid'), 'true')
  fireEvent.click(consent)
  await settle()
  assert.is(consent.getAttribute('aria-invalid'), 'false')
})

test('TR: the box consents to commercial e-mail from the brand and to processing for it (açık rıza); the KVKK notice is a link on its own line after it', async () => {
  await setup('TR')
  await email()
  const consent = screen.getAllByRole('checkbox')[0]
  const label = document.querySelector(`label[for="${consent.id}"]`)!.textContent!
  for (const part of [BRAND, 'ticari elektronik ileti', 'açık rıza'])
    assert.ok(label.includes(part), part)
  assert.not.match(label, /Aydınlatma|okudum/)
  const notice = screen.getByRole('link', { name: text('infoLink') })
  assert.is(notice.getAttribute('href'), `${location.origin}${SITE_RULES.TR.links.info}`)
  assert.is(notice.parentElement!.tagName, 'P')
  assert.is(notice.closest('label'), null)
  assert.ok(consent.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING)
  assert.ok(consent.getAttribute('aria-describedby')!.includes(notice.parentElement!.id))
})

// What a screen reader hears: each text once, from the focus move or from a live region (docs/ACCESSIBILITY.md).

test('a refused submit is heard once per error: the field that takes the focus reads its own, the alert the others (HU)', async () => {
  await setup('HU')
  await email()
  submit().focus()
  const heard = recordAnnouncements()
  fireEvent.click(submit())
  await settle()
  for (const key of ['email', 'salutation', 'lastName', 'firstName'])
    assert.is(heard.count(text(`errors.${key}RequiredErrorMessage`)), 1, `${key}: ${heard.said}`)
  // A second refusal is heard again, once.
  submit().focus()
  fireEvent.click(submit())
  await settle()
  assert.is(heard.count(text('errors.emailRequiredErrorMessage')), 2, heard.said.join(' | '))
  heard.stop()
})

test('a refused submit from the field that stays focused (Enter in it) is heard once, from the alert (DE)', async () => {
  await setup('DE')
  const input = await email()
  input.focus()
  await settle()
  const heard = recordAnnouncements()
  fireEvent.submit(input.closest('form')!)
  await settle()
  assert.is(document.activeElement, input)
  assert.is(heard.count(text('errors.emailRequiredErrorMessage')), 1, heard.said.join(' | '))
  heard.stop()
})

test('an accepted sign-up is heard once: its title and its message (DE)', async () => {
  await setup('DE')
  await type(await email(), 'anna@example.com')
  submit().focus()
  const heard = recordAnnouncements()
  fireEvent.click(submit())
  await settle()
  assert.is(heard.count(text('successTitle')), 1, heard.said.join(' | '))
  assert.is(heard.count(text('success', { email: 'anna@example.com' })), 1, heard.said.join(' | '))
  heard.stop()
})

test('names with a URL are refused on blur (AT)', async () => {
  await setup('AT')
  ;(await email()).focus()
  await settle()
  await type(screen.getByRole('textbox', { name: label('firstName') }), 'www.spam.example')
  assert.ok(screen.getAllByText(text('errors.firstNameRegexErrorMessage')).length)
})

test('DE: an accepted sign-up posts the spec body and headers, shows the success view with the address, focuses its heading described by the message, and sends the events', async () => {
  windowAny.dataLayer = []
  const scrolled: Element[] = []
  const proto = HTMLElement.prototype as unknown as { scrollIntoView: () => void }
  const original = proto.scrollIntoView
  proto.scrollIntoView = function (this: Element) {
    scrolled.push(this)
  }
  try {
    const { requests, events, server } = await setup('DE')
    await type(await email(), 'user+tag@example.com')
    fireEvent.click(screen.getAllByRole('checkbox')[0])
    fireEvent.click(submit())
    await settle()
    const success = screen.getByText(text('success', { email: 'user+tag@example.com' }))
    const [post] = posts(requests)
    assert.is(post.url, `${NL}/internal/newsletter-subscribers`)
    assert.is(post.headers.get('content-type'), 'application/json')
    assert.is(post.headers.get('x-hunter-site'), 'DE')
    assert.is(post.headers.get('x-original-address'), `${TEST_ORIGIN}/de/`)
    assert.equal(await post.json(), {
      email: 'user+tag@example.com',
      salutation: null,
      firstName: null,
      lastName: null,
      consents: ['DNE'],
      origin: 'footer',
      originAddition: '/de/',
    })
    assert.is(screen.queryByRole('textbox', { name: label('email') }), null)
    // Its heading takes the focus and is described by the message: read once, on the focus move.
    const heading = screen.getByRole('heading', { name: text('successTitle') })
    await settle()
    assert.is(document.activeElement, heading)
    assert.is(heading.getAttribute('aria-describedby'), success.id)
    assert.equal(scrolled, [success.parentElement])
    const signUp = {
      event: 'sign_up',
      name: 'sign_up',
      subject: 'newsletter',
      origin: 'footer:/de/',
      type: 'ga4',
      emitter: 'newsletterservice',
    }
    assert.equal(windowAny.dataLayer, [signUp])
    assert.equal(
      events.map((e) => e.type),
      [SIGN_UP_EVENT, SUBMITTED_EVENT],
    )
    assert.equal(events[0].detail, signUp)
    const outbox = (await (await server.fetch('/_mail/outbox.json')).json()) as { to: string }[]
    assert.is(outbox[0].to, 'user+tag@example.com')
  } finally {
    proto.scrollIntoView = original
  }
})

test('AT: salutation and names are sent; a single-page app uses the private base path', async () => {
  const { requests } = await setup('AT', { config: { spa: true } })
  const input = await email()
  await type(input, "o'brien@example.com")
  // A real choice fires input and change; the select listens to change (@testing-library/preact's fireEvent.change sends input).
  const salutation = screen.getByRole('combobox', {
    name: label('salutation'),
  }) as HTMLSelectElement
  salutation.value = 'MR'
  fireEvent(salutation, new Event('change', { bubbles: true }))
  await type(screen.getByRole('textbox', { name: label('firstName') }), 'Seán')
  await type(screen.getByRole('textbox', { name: label('lastName') }), 'O´Brien')
  fireEvent.click(submit())
  await settle()
  screen.getByText(text('successTitle'))
  const [post] = posts(requests)
  assert.is(post.url, `${NL}/private/newsletter-subscribers`)
  assert.equal(await post.json(), {
    email: "o'brien@example.com",
    salutation: 'MR',
    firstName: 'Seán',
    lastName: 'O´Brien',
    consents: [],
    origin: 'footer',
    originAddition: '/at/',
  })
})

/** A fetch whose sign-up answer waits until released. */
function gate() {
  let release!: () => void
  const open = new Promise<void>((r) => (release = r))
  const wrap = (inner: typeof fetch) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (
        (init?.method ?? (input as Request).method) === 'POST' ||
        (input instanceof Request && input.method === 'POST')
      )
        await open
      return inner(input, init)
    }) as typeof fetch
  return { wrap, release: () => release() }
}

test('while submitting, fields are disabled and a double click sends one request', async () => {
  const g = gate()
  const { requests } = await setup('AT', { wrap: g.wrap })
  const input = await email()
  await type(input, 'anna@example.com')
  fireEvent.click(submit())
  fireEvent.click(submit())
  await settle({ except: signUp })
  assert.ok((input as HTMLInputElement).disabled)
  assert.ok(
    (screen.getByRole('textbox', { name: label('firstName') }) as HTMLInputElement).disabled,
  )
  assert.is(submit().getAttribute('aria-busy'), 'true')
  g.release()
  await settle()
  screen.getByText(text('successTitle'))
  assert.is(posts(requests).length, 1)
})

function answer(status: number, body: unknown) {
  return (inner: typeof fetch) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = input instanceof Request ? input.method : init?.method
      if (method === 'POST')
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/problem+json' },
        })
      return inner(input, init)
    }) as typeof fetch
}

test('an email_invalid answer shows the email error; typed values stay; no events', async () => {
  windowAny.dataLayer = []
  const { events } = await setup('AT', {
    wrap: answer(400, { type: 'urn:newsletter:email_invalid', status: 400 }),
  })
  const input = await email()
  await type(input, 'anna@example.com')
  await type(screen.getByRole('textbox', { name: label('firstName') }), 'Anna')
  fireEvent.click(submit())
  await settle()
  assert.is(input.getAttribute('aria-invalid'), 'true')
  assert.ok(screen.getAllByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.').length)
  assert.is((input as HTMLInputElement).value, 'anna@example.com')
  assert.is(
    (screen.getByRole('textbox', { name: label('firstName') }) as HTMLInputElement).value,
    'Anna',
  )
  assert.is((input as HTMLInputElement).disabled, false)
  assert.equal(events, [])
  assert.equal(windowAny.dataLayer, [])
})

test('a 500 shows the technical-error banner as an alert; values stay; one more click retries', async () => {
  let fail = true
  const wrap = (inner: typeof fetch) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = input instanceof Request ? input.method : init?.method
      if (method === 'POST' && fail) return new Response('{}', { status: 500 })
      return inner(input, init)
    }) as typeof fetch
  const { events } = await setup('DE', { wrap })
  const input = await email()
  await type(input, 'anna@example.com')
  const { warnings } = await captureConsole(async () => {
    fireEvent.click(submit())
    await settle()
    screen.getByText(text('errorGeneric'))
  })
  assert.match(warnings.join('\n'), /\bW17\b/)
  await settle()
  const banner = screen.getByText(
    'Aus technischen Gründen ist die Newsletteranmeldung nicht möglich. Bitte versuchen Sie es später!',
  )
  assert.ok(banner.closest('[role=alert]'))
  assert.is((input as HTMLInputElement).value, 'anna@example.com')
  assert.equal(events, [])
  fail = false
  fireEvent.click(submit())
  await settle()
  screen.getByText(text('success', { email: 'anna@example.com' }))
})

test('the 15 s time-out shows the technical-error banner and keeps the values', async () => {
  const { clock } = await setup('DE', {
    wrap: (inner) =>
      (async (input: RequestInfo | URL, init?: RequestInit) =>
        (input instanceof Request ? input.method : init?.method) === 'POST'
          ? new Promise<Response>(() => {})
          : inner(input, init)) as typeof fetch,
  })
  const input = await email()
  await type(input, 'anna@example.com')
  fireEvent.click(submit())
  await clock.advance(14_999)
  assert.is(screen.queryByText(text('errorGeneric')), null)
  const { warnings } = await captureConsole(async () => {
    await clock.advance(1)
    // The held request never answers: the widget's own time-out has given up on it.
    await settle({ except: signUp })
    screen.getByText(text('errorGeneric'))
  })
  assert.match(warnings.join('\n'), 'Request timed out')
  assert.is((input as HTMLInputElement).value, 'anna@example.com')
})

test('honeypot filled: nothing is sent, the success view and the analytics event still come', async () => {
  windowAny.dataLayer = []
  const { requests, events } = await setup('DE')
  await type(await email(), 'bot@example.com')
  const trap = document.querySelector('input[name=lf-website]') as HTMLInputElement
  assert.is(trap.tabIndex, -1)
  assert.is(trap.getAttribute('autocomplete'), 'off')
  assert.ok(trap.closest('[aria-hidden=true]'))
  fireEvent.input(trap, { target: { value: 'http://spam.example' } })
  fireEvent.click(submit())
  await settle()
  screen.getByText(text('success', { email: 'bot@example.com' }))
  assert.is(posts(requests).length, 0)
  assert.is(windowAny.dataLayer.length, 1)
  assert.equal(
    events.map((e) => e.type),
    [SIGN_UP_EVENT, SUBMITTED_EVENT],
  )
})

for (const [site, locks] of [
  ['AT', true],
  ['HU', true],
  ['TR', true],
  ['DE', false],
] as const) {
  test(`${site}: a logged-in visitor's base data prefills the form${locks ? ' and locks known fields' : ''}`, async () => {
    const { requests, loginToken } = await setup(site, { loggedIn: true })
    await settle()
    const input = screen.getByDisplayValue('anna.schmidt@example.com') as HTMLInputElement
    const get = requests.find((r) => r.url.endsWith('/customers/base-data'))!
    assert.is(get.headers.get('x-logintoken'), loginToken)
    assert.is(input.disabled, locks)
    if (site !== 'DE') {
      const first = screen.getByRole('textbox', { name: label('firstName') }) as HTMLInputElement
      assert.is(first.value, 'Anna')
      assert.is(first.disabled, locks)
    }
  })
}

test('base data arriving after the visitor started typing keeps what it does not know, and the focus; its own fields lose their errors', async () => {
  document.cookie = 'LoginToken=tok123'
  let answer: (response: Response) => void = () => {}
  const wrap = (inner: typeof fetch) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.endsWith('/customers/base-data'))
        return new Promise<Response>((resolve) => (answer = resolve))
      return inner(input, init)
    }) as typeof fetch
  await setup('AT', { wrap })
  const baseData = ({ url }: SentRequest) => url.endsWith('/customers/base-data')
  const field = await email({ except: baseData })
  act(() => field.focus())
  fireEvent.input(field, { target: { value: 'typed@' } })
  const first = screen.getByRole('textbox', { name: label('firstName') }) as HTMLInputElement
  first.focus()
  fireEvent.blur(field)
  // The base data is still held back.
  await settle({ except: baseData })
  assert.is(
    screen.getByRole('textbox', { name: label('email') }).getAttribute('aria-invalid'),
    'true',
  )
  fireEvent.input(first, { target: { value: 'Anni' } })
  // The account knows the email, not the name.
  answer(
    new Response(JSON.stringify({ email: 'anna@example.com' }), {
      headers: { 'content-type': 'application/json' },
    }),
  )
  await settle()
  screen.getByDisplayValue('anna@example.com')
  const name = screen.getByRole('textbox', { name: label('firstName') }) as HTMLInputElement
  assert.is(name.value, 'Anni', 'what the visitor typed stays')
  assert.is(name.disabled, false, 'only known fields are locked')
  const known = screen.getByRole('textbox', { name: label('email') }) as HTMLInputElement
  assert.is(known.disabled, true)
  assert.not.equal(
    known.getAttribute('aria-invalid'),
    'true',
    'the error on the typed email went with it',
  )
  assert.is(
    document.activeElement?.shadowRoot?.activeElement ?? document.activeElement,
    name,
    'the field being typed in keeps the focus',
  )
})

test('DNE already given: its checkbox is hidden and DNE is not sent again', async () => {
  document.cookie = 'LoginToken=tok123'
  const wrap = (inner: typeof fetch) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.endsWith('/customers/base-data'))
        return new Response(JSON.stringify({ email: 'anna@example.com', consents: ['DNE'] }), {
          headers: { 'content-type': 'application/json' },
        })
      return inner(input, init)
    }) as typeof fetch
  const { requests } = await setup('DE', { wrap })
  await settle()
  screen.getByDisplayValue('anna@example.com')
  await email() // the whole form, checkboxes included had there been any
  assert.is(screen.queryAllByRole('checkbox').length, 0)
  fireEvent.click(submit())
  await settle()
  screen.getByText(text('successTitle'))
  assert.equal((await posts(requests)[0].json()).consents, [])
})

for (const [why, options] of [
  ['the page marks it hidden', { config: { newsletterHidden: true } }],
  ['the status is WAITING_FOR_DOI', { psdata: { newsletterStatus: 'WAITING_FOR_DOI' } }],
  ['the status is SUBSCRIBED', { psdata: { newsletterStatus: 'SUBSCRIBED' } }],
] as [string, Setup][]) {
  test(`hidden when ${why}`, async () => {
    const { drain } = await setup('DE', options)
    await drain()
    assert.is(document.querySelector('.lf-nl'), null)
    assert.is(screen.queryByRole('textbox'), null)
  })
}

test('shown for other statuses and when psdata fails', async () => {
  await setup('DE', { psdata: { newsletterStatus: 'NONE' } })
  assert.ok(await email())
  cleanup()
  await setup('DE', { psdata: null })
  assert.ok(await email())
})

test('a status that does not come keeps the form away for STATUS_WAIT_MS only; a late SUBSCRIBED then leaves it, and what was typed', async () => {
  let answer!: (data: PsData) => void
  const { clock } = await setup('DE', { psdata: new Promise((resolve) => (answer = resolve)) })
  await settle()
  assert.is(
    screen.queryByRole('textbox'),
    null,
    'the form waits a while, so a subscriber sees none flash',
  )
  await act(() => clock.advance(STATUS_WAIT_MS - 1))
  await settle()
  assert.is(screen.queryByRole('textbox'), null)
  await act(() => clock.advance(1))
  const input = await email()
  fireEvent.input(input, { target: { value: 'anna@' } })
  answer({ newsletterStatus: 'SUBSCRIBED' })
  await settle()
  assert.is(
    screen.getByRole('textbox', { name: label('email') }),
    input,
    'the form stays: hiding it now would move the page and drop what was typed',
  )
  assert.is((input as HTMLInputElement).value, 'anna@')
})

test('every error and banner text exists in every locale, and German uses the spec strings verbatim', async () => {
  await useLocale('de-DE')
  assert.is(
    text('errors.emailRegexErrorMessage'),
    'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  )
  assert.is(
    text('errorGeneric'),
    'Aus technischen Gründen ist die Newsletteranmeldung nicht möglich. Bitte versuchen Sie es später!',
  )
  assert.is(
    text('doiInvalid'),
    'Leider ist dieser Link nicht mehr gültig. Bitte melden Sie sich erneut zum Newsletter an.',
  )
  await useLocale('de-CH')
  for (const key of ['legal', 'newsletterConsent']) assert.not.ok(text(key).includes('ß'), key)
})

test.run()
