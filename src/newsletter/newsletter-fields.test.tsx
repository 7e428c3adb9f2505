/** Which fields each market's form shows, in which order, and how they look before the visitor acts. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { screen } from '@testing-library/preact'
import {
  email,
  renderNewsletter,
  resetNewsletterTest,
  settle,
  text,
} from '../../test/helpers/newsletter'
import { SITES, type Site } from '../sites'
import type { Field } from './newsletter.constants'
import { SITE_RULES } from './newsletter.sites'
import { validateAll, validateField } from './newsletter.validation'
import type { FormValues } from './newsletter.schema'

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

test.run()
