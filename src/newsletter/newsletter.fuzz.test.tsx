/**
 * Form input, fuzzed per site: any Unicode typed into any field never makes validation or the
 * submit throw; what the form lets through is what the server's schema accepts; and whatever is
 * typed, nothing unsafe is rendered (no element or link from the input).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { validate } from 'superstruct'
import { cleanup, fireEvent, screen } from '@testing-library/preact'
import { createNewsletterModel } from './newsletter.model'
import { NewsletterBlock } from './newsletter-block'
import type { NewsletterApi } from './newsletter.api'
import {
  FIELDS,
  SALUTATIONS,
  SubscriberRequestSchema,
  type SubscriberRequest,
} from '../contract/newsletter.schema'
import { validateAll, validateField } from './newsletter.validation'
import { SITE_RULES } from './newsletter.sites'
import { SITES, SITE_LOCALE, type Site } from '../contract/sites'
import { ErrorBoundary } from '../base/error-boundary'
import { createTestWidget, renderInWidget, useLocale } from '../../test/helpers/widget'
import { captureConsole } from '../../test/helpers/console'
import { anyString, replay, unsafeParts, type Regression } from '../../test/helpers/fuzz'

const test = suite('newsletter form input (fuzz)')
test.after.each(cleanup)

/** Typed text: anything, plus almost-valid addresses and names (the interesting edge). */
const typed = fc.oneof(
  anyString(60),
  fc.emailAddress(),
  fc.stringMatching(/^\w{1,8}([-+.']\w{1,5})?@\w{1,8}([-.]\w{1,5})?\.\w{2,4}$/),
  fc.stringMatching(/^[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ' .,()/&+-]{0,24}$/),
  fc
    .tuple(
      fc.constantFrom(' ', '', '\t', '\u00a0', '\u2028'),
      fc.emailAddress(),
      fc.constantFrom(' ', '', '.', "'", '\n'),
    )
    .map((p) => p.join('')),
  fc.string({ unit: 'grapheme', maxLength: 45 }),
)
const formInput = fc.record({
  email: typed,
  salutation: fc.oneof(fc.constantFrom('', ...SALUTATIONS), anyString(8)),
  firstName: typed,
  lastName: typed,
  legal: fc.boolean(),
  dne: fc.boolean(),
})
type FormInput = typeof formInput extends fc.Arbitrary<infer T> ? T : never

test('validation never throws and answers only known message keys, for every site', () => {
  fc.assert(
    fc.property(fc.constantFrom(...SITES), formInput, (site, input) => {
      const rules = SITE_RULES[site]
      const values = {
        ...input,
        consents: input.dne ? (['DNE'] as const).slice() : [],
        legals: input.legal ? (['NEWSLETTER'] as const).slice() : [],
      }
      const errors = validateAll(values, rules)
      for (const field of FIELDS) {
        const error = validateField(field, values, rules)
        assert.is(errors[field], error)
        if (error) assert.match(error, new RegExp(`^${field}(Required|Regex)ErrorMessage$`))
      }
    }),
    { numRuns: 1500, seed: 7101 },
  )
})

/** The model with a recording API: what a submit would send. */
function modelFor(site: Site) {
  const { widget } = createTestWidget({ config: { site } })
  const sent: SubscriberRequest[] = []
  const api: NewsletterApi = {
    subscribe: async (r) => void sent.push(r),
    put: async () => {},
    get: async () => ({}),
  }
  return { model: createNewsletterModel(widget, api), sent }
}

/** Seeds that found bugs, replayed on every run. */
const SERVER_ACCEPTS_REGRESSIONS: Regression[] = [
  {
    seed: 7102,
    path: '350:1:1:1:1:1:1:1:1:2:1:2:2:2:2',
    found:
      'AT with salutation " " (not one of the list): validation let it pass as empty, the request sent " " and the server refused it (fixed in the model: set() keeps only listed salutations)',
  },
]

const serverAccepts = (count: () => void) =>
  fc.asyncProperty(fc.constantFrom(...SITES), formInput, async (site, input) => {
    const { model, sent } = modelFor(site)
    fill(model, input)
    const { warnings } = await captureConsole(() => model.submit())
    assert.equal(warnings, [])
    if (!sent.length) return
    count()
    const [error] = validate(sent[0], SubscriberRequestSchema)
    assert.not.ok(error, `${site}: ${error?.message} at ${error?.path.join('.')}`)
  })

test('what the form lets through, the server accepts (client validation never lets an invalid request out)', async () => {
  let sentCount = 0
  await fc.assert(
    serverAccepts(() => sentCount++),
    { numRuns: 600, seed: 7103 },
  )
  assert.ok(sentCount > 60, `enough accepted inputs to mean something (${sentCount})`)
})

for (const r of SERVER_ACCEPTS_REGRESSIONS) {
  test(`regression (seed ${r.seed}): ${r.found}`, async () => {
    await fc.assert(
      serverAccepts(() => {}),
      replay(r),
    )
  })
}

function fill(model: ReturnType<typeof createNewsletterModel>, input: FormInput) {
  for (const field of ['email', 'salutation', 'firstName', 'lastName'] as const) {
    model.focus(field)
    model.set(field, input[field])
    model.blur(field)
  }
  model.set('legals', input.legal ? ['NEWSLETTER'] : [])
  model.set('consents', input.dne ? ['DNE'] : [])
}

test('typed into the rendered form of every site: no exception, nothing unsafe rendered', async () => {
  for (const site of SITES) {
    await useLocale(SITE_LOCALE[site])
    await fc.assert(
      fc.asyncProperty(formInput, async (input) => {
        const { widget, drain } = createTestWidget({ config: { site } })
        widget.psdata = async () => null
        const { errors } = await captureConsole(async () => {
          const view = renderInWidget(
            <ErrorBoundary name="Newsletter">{<NewsletterBlock />}</ErrorBoundary>,
            widget,
          )
          await drain()
          const email = screen.getAllByRole('textbox')[0] as HTMLInputElement
          email.focus()
          await drain()
          for (const box of screen.getAllByRole('textbox') as HTMLInputElement[]) {
            const value =
              box === email
                ? input.email
                : box.autocomplete === 'given-name'
                  ? input.firstName
                  : input.lastName
            box.focus()
            fireEvent.input(box, { target: { value } })
            box.blur()
          }
          const select = view.container.querySelector('select')
          if (select) {
            select.value = input.salutation
            fireEvent(select, new Event('change', { bubbles: true }))
          }
          await drain()
          fireEvent.submit(view.container.querySelector('form')!)
          await drain()
          assert.equal(unsafeParts(view.container), [])
          cleanup()
        })
        assert.equal(errors, [], site)
      }),
      { numRuns: 3, seed: 7104 },
    )
  }
})

test.run()
