/** Which fields each market's form shows and in which order, its texts, links and consents, and how it renders in steps. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/preact'
import { createTestWidget, renderInWidget, useLocale } from '../../test/helpers/widget'
import {
  email,
  label,
  renderNewsletter,
  resetNewsletterTest,
  settle,
  shown,
  submit,
  text,
  type,
} from '../../test/helpers/newsletter'
import { type Site, SITE_LOCALE, SITES } from '../contract/sites'
import { fakeClock } from '../../test/helpers/fake-timers'
import { NewsletterBlock } from './index'
import { SITE_RULES } from './newsletter.sites'
import { BRAND } from '../contract/brand'
import { describedText } from '../../test/helpers/announcements'

import type { Field } from '../contract/newsletter.constants'
import type { FormValues } from '../contract/newsletter.schema'
import { validateAll, validateField } from './newsletter.validation'

test.after.each(resetNewsletterTest)

/** Each market's fields in the order its form shows them (SPEC §2; Hungarians write the family name first). */
const ORDER: Record<Site, Field[]> = {
  DE: ['email'],
  AT: ['email', 'salutation', 'firstName', 'lastName'],
  CH: ['email'],
  CH_FR: ['email'],
  CZ: ['email'],
  HU: ['email', 'salutation', 'lastName', 'firstName'],
  SK: ['email'],
  TR: ['email', 'firstName', 'lastName', 'legals'],
  PL: ['email'],
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A field's control, found by its visible label as a visitor finds it. */
function control(field: Field): HTMLElement {
  if (field === 'salutation')
    return screen.getByRole('combobox', { name: new RegExp(`^${escaped(text(field))}`) })
  if (field === 'legals')
    return screen.getByRole('checkbox', { name: new RegExp(escaped(text('consentLink'))) })
  return screen.getByRole('textbox', { name: new RegExp(`^${escaped(text(field))}`) })
}

/** Every field wrong at once (an optional salutation left empty has nothing wrong). */
const WRONG: FormValues = {
  email: 'anna@',
  salutation: '',
  firstName: 'www.spam.example',
  lastName: 'www.spam.example',
  consents: [],
  legals: [],
}

for (const site of SITES) {
  test(`${site}: one field order in the site rules, the order the form shows and validation names errors in`, async () => {
    const rules = SITE_RULES[site]
    assert.equal(rules.order, ORDER[site], 'the site rules')
    await renderNewsletter(site)
    ;(await email()).focus()
    await settle()
    const controls = ORDER[site].map(control)
    for (let i = 1; i < controls.length; i++)
      assert.ok(
        controls[i - 1].compareDocumentPosition(controls[i]) & Node.DOCUMENT_POSITION_FOLLOWING,
        `${ORDER[site][i]} follows ${ORDER[site][i - 1]} on the form`,
      )
    assert.equal(
      Object.keys(validateAll(WRONG, rules)),
      ORDER[site].filter((field) => validateField(field, WRONG, rules)),
      'validation',
    )
  })
}

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
    await renderNewsletter(site)
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
    await renderNewsletter(site)
    await email()
    const boxes = screen.getAllByRole('checkbox')
    assert.is(boxes.length, f.consent ? 2 : 1)
    for (const box of boxes) assert.is((box as HTMLInputElement).checked, false)
    // Rendered absolute on the page's origin (a <base href> cannot bend them); the rules hold paths.
    const links = screen
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')!.replace(location.origin, ''))
    const rules = SITE_RULES[site].links
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
    await renderNewsletter(site)
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
  await renderNewsletter('DE')
  await email()
  assert.is(document.querySelector('.lf-nl__bubble strong')!.textContent, '10\u202f%')
  cleanup()
  await renderNewsletter('TR')
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
  await renderNewsletter('DE')
  await email()
  assert.ok(screen.getByText(/Den Gutschein über 10\s% erhalten Sie per E-\u2060Mail/))
})

test('data-voucher-footnote="hidden" leaves the footnote out, and only the footnote', async () => {
  await renderNewsletter('DE', { config: { voucherFootnote: 'hidden' } })
  await email()
  assert.is(screen.queryByText(/Den Gutschein über 10\s% erhalten Sie per E-\u2060Mail/), null)
  assert.ok(screen.getByText(text('mandatory')))
})

test('a responsive image, not lazy (the footer renders near the viewport only): desktop from 1024 px, tablet from 767 px', async () => {
  await renderNewsletter('DE')
  await email()
  const sources = [...document.querySelectorAll('picture source')].map((s) =>
    s.getAttribute('media'),
  )
  assert.equal(sources, ['(min-width: 1024px)', '(min-width: 767px)'])
  const img = document.querySelector('picture img')!
  // The footer renders only near the viewport (src/base/tasks.ts), so lazy loading has nothing left to defer.
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
    await renderNewsletter(site)
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
    submit().focus()
    fireEvent.click(submit())
    await settle()
    // The first field to correct takes the focus and is described by every error (newsletter-announcements.test.tsx).
    const announced = describedText(document.activeElement!)
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
  await renderNewsletter('AT')
  ;(await email()).focus()
  await settle()
  const options = within(screen.getByRole('combobox', { name: label('salutation') }))
    .getAllByRole('option')
    .map((o) => o.textContent)
  assert.equal(options, [text('choose'), 'Frau', 'Herr', 'Divers', 'Firma'])
})

test('AT, HU: the salutation offers autofill of the title the browser keeps (honorific-prefix, WCAG 1.3.5)', async () => {
  for (const site of ['AT', 'HU'] as const) {
    await renderNewsletter(site)
    ;(await email()).focus()
    await settle()
    const select = screen.getByRole('combobox', { name: label('salutation') })
    assert.is(select.getAttribute('autocomplete'), 'honorific-prefix', site)
    cleanup()
  }
})

test('fields stay revealed when a value is present, after the email field loses focus', async () => {
  await renderNewsletter('AT')
  const input = await email()
  await type(input, 'anna@example.com')
  assert.ok(screen.getByRole('textbox', { name: label('firstName') }))
})

test('TR: the box consents to commercial e-mail from the brand and to processing for it (açık rıza); the KVKK notice is a link on its own line after it', async () => {
  await renderNewsletter('TR')
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

test.run()
