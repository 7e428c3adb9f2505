/** SPEC §5 per site, table-driven: valid and invalid samples, and which fields each site requires. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SITES, type Site } from '../contract/sites'
import type { Field, FormValues } from '../contract/newsletter.schema'
import { EMPTY_FORM } from './newsletter-fields.model'
import { SITE_RULES, type FieldRule } from './newsletter.sites'
import { validateAll, validateField } from './newsletter.validation'

/** Which fields each site shows and requires, per SPEC §2 and §5. */
const EXPECTED: Record<Site, Record<Exclude<Field, 'email'>, FieldRule>> = {
  DE: { salutation: 'hidden', firstName: 'hidden', lastName: 'hidden', legals: 'hidden' },
  AT: { salutation: 'optional', firstName: 'optional', lastName: 'optional', legals: 'hidden' },
  CH: { salutation: 'hidden', firstName: 'hidden', lastName: 'hidden', legals: 'hidden' },
  CH_FR: { salutation: 'hidden', firstName: 'hidden', lastName: 'hidden', legals: 'hidden' },
  CZ: { salutation: 'hidden', firstName: 'hidden', lastName: 'hidden', legals: 'hidden' },
  HU: { salutation: 'required', firstName: 'required', lastName: 'required', legals: 'hidden' },
  SK: { salutation: 'hidden', firstName: 'hidden', lastName: 'hidden', legals: 'hidden' },
  TR: { salutation: 'hidden', firstName: 'required', lastName: 'required', legals: 'required' },
  PL: { salutation: 'hidden', firstName: 'hidden', lastName: 'hidden', legals: 'hidden' },
}

const VALID_EMAILS = [
  'user+tag@example.com',
  "o'brien@example.com",
  'anna.schmidt@example.co.uk',
  'a-b.c_d@sub.example-shop.de',
  `${'a'.repeat(244)}@example.com`,
]
const INVALID_EMAILS = [
  'plain',
  'user@',
  '@example.com',
  'user@example',
  'user name@example.com',
  'user@@example.com',
  '.user@example.com',
  'user.@example.com',
  `${'a'.repeat(245)}@example.com`,
]
const VALID_NAMES = [
  'Anna',
  'Jean-Luc',
  "O'Brien",
  'O´Brien',
  'Mc`Donald',
  'Şükrü Çağlar',
  'Dvořáková',
  'Nagy & Fiai',
  'Dr. Müller',
  'Anna (Büro)',
  'A/B, C+D',
  'Émilie 2',
  'a'.repeat(40),
]
const INVALID_NAMES = [
  'www.spam.example',
  'http://x.test',
  'Anna https://evil.test',
  'shop.de',
  'Visit example.com now',
  'Anna!',
  'Anna<script>',
  'Anna@home',
  'Anna; DROP',
  'a'.repeat(41),
  'Ünal_Çelik',
]

for (const site of SITES) {
  const rules = SITE_RULES[site]

  test(`${site}: shows and requires exactly the fields of the spec`, () => {
    const { email, ...rest } = rules.fields
    assert.is(email, 'required')
    assert.equal(rest, EXPECTED[site])
  })

  test(`${site}: an empty form lists the required fields with RequiredErrorMessage keys`, () => {
    const required = Object.entries(rules.fields)
      .filter(([, r]) => r === 'required')
      .map(([f]) => [f, `${f}RequiredErrorMessage`])
    assert.equal(validateAll(EMPTY_FORM, rules), Object.fromEntries(required))
  })

  test(`${site}: email samples`, () => {
    for (const email of VALID_EMAILS)
      assert.is(validateField('email', { ...EMPTY_FORM, email }, rules), undefined, email)
    for (const email of INVALID_EMAILS)
      assert.is(
        validateField('email', { ...EMPTY_FORM, email }, rules),
        'emailRegexErrorMessage',
        email,
      )
  })

  test(`${site}: name samples, where names are asked`, () => {
    for (const field of ['firstName', 'lastName'] as const) {
      for (const name of VALID_NAMES)
        assert.is(validateField(field, { ...EMPTY_FORM, [field]: name }, rules), undefined, name)
      for (const name of INVALID_NAMES)
        assert.is(
          validateField(field, { ...EMPTY_FORM, [field]: name }, rules),
          rules.fields[field] !== 'hidden' ? `${field}RegexErrorMessage` : undefined,
          name,
        )
    }
  })

  test(`${site}: a complete valid form has no errors`, () => {
    const values: FormValues = {
      email: "o'brien@example.com",
      salutation: 'MRS',
      firstName: 'Ayşe',
      lastName: 'O´Brien',
      consents: [],
      legals: ['NEWSLETTER'],
    }
    assert.equal(validateAll(values, rules), {})
  })
}

test('TR: the newsletter consent is required and satisfied only by NEWSLETTER', () => {
  assert.is(
    validateField('legals', { ...EMPTY_FORM, legals: ['SHOPPING_CART'] }, SITE_RULES.TR),
    'legalsRequiredErrorMessage',
  )
  assert.is(
    validateField('legals', { ...EMPTY_FORM, legals: ['NEWSLETTER'] }, SITE_RULES.TR),
    undefined,
  )
})

test('salutations keep the default order MRS, MR, DIVERS, COMPANY on every site', () => {
  for (const site of SITES)
    assert.equal([...SITE_RULES[site].salutations], ['MRS', 'MR', 'DIVERS', 'COMPANY'], site)
})

test('links: every site has privacy, contact and voucher pages; sample newsletter exactly for DE, AT, HU; Turkey its own consent and information pages', () => {
  for (const site of SITES) {
    const links = SITE_RULES[site].links
    assert.ok(links.privacy && links.contact && links.voucher, site)
    assert.is(!!links.sample, ['DE', 'AT', 'HU'].includes(site), `${site} sample`)
    assert.is(!!(links.consent && links.info), site === 'TR', `${site} consent/info`)
    for (const href of Object.values(links))
      if (href) assert.match(href, /^\/[a-z-]*(-s\d+\.html)?$|^\/contact$/)
  }
})

test('privacy hint everywhere but TR; known values lock fields in AT, HU, TR', () => {
  for (const site of SITES) {
    assert.is(SITE_RULES[site].privacyHint, site !== 'TR', site)
    assert.is(SITE_RULES[site].lockPrefilled, ['AT', 'HU', 'TR'].includes(site), site)
  }
})

test.run()
