/**
 * The whole double opt-in in every market's locale, on the contract server: the market's required
 * fields filled, the success view, the mail's link back to the market's page, the landing's confirm,
 * and the same link refused the second time. The browser walks this journey once
 * (test/browser/newsletter.spec.ts, HU); what differs between markets is proven here.
 */
import { describedText } from '../helpers/announcements'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, fireEvent, screen } from '@testing-library/preact'
import { createContractServer } from '../../server/handler'
import { TEST_ORIGIN } from '../helpers/widget'
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
} from '../helpers/newsletter'
import { SITES, type Site } from '../../src/contract/sites'

test.after.each(resetNewsletterTest)

/** Fills what the market asks for (the fields appear once the e-mail field has had the focus). */
async function fillRequired(site: Site, address: string) {
  await type(await email(), address)
  const salutation = screen.queryByRole('combobox', { name: label('salutation') })
  if (salutation) {
    ;(salutation as HTMLSelectElement).value = 'MRS'
    // A real choice fires change, the event the select listens to.
    fireEvent(salutation, new Event('change', { bubbles: true }))
  }
  const first = screen.queryByRole('textbox', { name: label('firstName') })
  if (first) await type(first, 'Ayşe')
  const last = screen.queryByRole('textbox', { name: label('lastName') })
  if (last) await type(last, 'O´Brien')
  if (site === 'TR') fireEvent.click(screen.getAllByRole('checkbox')[0])
  await settle()
}

/** The landing of the mail's link: the block with the token mount took from the address bar. */
async function landing(site: Site, server: ReturnType<typeof createContractServer>, token: string) {
  cleanup()
  await renderNewsletter(site, {
    server,
    subscriberToken: token,
    psdata: { newsletterStatus: 'WAITING_FOR_DOI' },
  })
  await settle()
  const confirm = screen.getByRole('button', { name: text('doiConfirm') })
  confirm.focus()
  fireEvent.click(confirm)
  await settle()
}

for (const site of SITES) {
  test(`${site}: sign up, the mail links to the market's page, its landing confirms in the market's language; the same link again is no longer valid`, async () => {
    const server = createContractServer({ origin: TEST_ORIGIN })
    const address = `doi.${site.toLowerCase()}@example.com`
    await renderNewsletter(site, { server })
    await fillRequired(site, address)
    fireEvent.click(submit())
    await settle()
    assert.ok(screen.getByText(shown('success', { email: address })))
    assert.is(document.activeElement, screen.getByRole('heading', { name: text('successTitle') }))
    assert.is(screen.queryByRole('textbox', { name: label('email') }), null)

    const outbox = (await (await server.fetch('/_mail/outbox.json')).json()) as {
      to: string
      link: string
    }[]
    const mails = outbox.filter((m) => m.to === address)
    assert.is(mails.length, 1)
    const link = new URL(mails[0].link)
    assert.is(link.pathname, `/${site.toLowerCase()}/`, 'the page the visitor signed up on')
    const token = link.searchParams.get('subscriberToken')!

    await landing(site, server, token)
    // The heading takes the focus and is described by the message (docs/ACCESSIBILITY.md).
    const title = screen.getByRole('heading', { name: text('title') })
    assert.is(document.activeElement, title)
    assert.is(describedText(title), shown('confirmed'))
    assert.is(screen.queryByRole('button', { name: text('doiConfirm') }), null)

    await landing(site, server, token)
    const banner = screen.getByText(shown('doiInvalid'))
    assert.ok(banner.closest('.lf-notification--error'))
    assert.is(document.activeElement, screen.getByRole('heading', { name: text('title') }))
    assert.is(describedText(document.activeElement!), shown('doiInvalid'))
    screen.getByRole('textbox', { name: label('email') }).focus()
    await settle()
    assert.is(screen.queryByText(shown('doiInvalid')), null)
  })
}

test.run()
