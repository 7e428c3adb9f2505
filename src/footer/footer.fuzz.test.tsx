/**
 * Bad content never throws: hundreds of mutated footer contents (truncated JSON, wrong types,
 * missing fields, unsafe links, HTML in texts) render without an exception, without an unsafe
 * link and without injected HTML. Then the same properties over content generated from the
 * schema's shape (every field mostly well-typed, sometimes anything, links of every kind) and over
 * any SHOP_FOOTER answer at all; an href is judged by the URL parser (test/helpers/fuzz.ts).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { cleanup } from '@testing-library/preact'
import { Footer } from './footer'
import { ErrorBoundary } from '../base/error-boundary'
import { contentFetch } from './footer.test-utils'
import { createTestWidget, renderInWidget } from '../../test/helpers/widget'
import { captureConsole } from '../../test/helpers/console'
import { safeUrl } from '../kit'
import { REPO_ROOT } from '../../build/repo-root'
import {
  anyString,
  anyUrl,
  anyValue,
  mostly,
  unsafeParts,
  replay,
  type Regression,
} from '../../test/helpers/fuzz'
import { LOGO_SOURCES } from './logos'
import { APP_ICONS, SOCIAL_ICONS } from './footer.schema'

const test = suite('Footer with mutated content')
const base = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'fixtures/footer/cz.json'), 'utf8'),
) as unknown

const EVIL_STRINGS = [
  'javascript:alert(1)',
  ' JAVASCRIPT:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '"><svg onload=alert(1)>',
  '<b data-injected>x</b>',
  '',
]
const leaf = fc.oneof(
  fc.constantFrom(...EVIL_STRINGS),
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constantFrom('facebook', 'ios', 'unknown-logo', 'payment-card'),
)

/** Every path to a value in the content (objects and arrays included). */
function paths(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(at)
  if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value))
      paths(v, [...at, Array.isArray(value) ? Number(k) : k], out)
  return out
}
const ALL_PATHS = paths(base).slice(1)
const LINK_PATHS = ALL_PATHS.filter((p) => p[p.length - 1] === 'url' || p[p.length - 1] === 'href')
const TEXT_PATHS = ALL_PATHS.filter((p) =>
  ['text', 'label', 'heading', 'introductoryText', 'textBeforeLink'].includes(
    String(p[p.length - 1]),
  ),
)
const UNSAFE_URLS = EVIL_STRINGS.slice(0, 5)
const HTML_TEXTS = EVIL_STRINGS.slice(5, 9)

type Mutation =
  | { kind: 'set'; at: number; value: unknown }
  | { kind: 'delete'; at: number }
  | { kind: 'truncate'; cut: number }
const at = (list: (string | number)[][]) =>
  fc.nat(list.length - 1).map((i) => ALL_PATHS.indexOf(list[i]))
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    at: at(LINK_PATHS),
    value: fc.constantFrom(...UNSAFE_URLS),
  }),
  fc.record({
    kind: fc.constant('set' as const),
    at: at(TEXT_PATHS),
    value: fc.constantFrom(...HTML_TEXTS),
  }),
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(ALL_PATHS.length - 1), value: leaf }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(ALL_PATHS.length - 1) }),
  fc.record({ kind: fc.constant('truncate' as const), cut: fc.nat(12000) }),
)

function mutate(mutations: Mutation[]): string {
  const content = structuredClone(base) as Record<string, unknown>
  let truncateAt: number | null = null
  for (const m of mutations) {
    if (m.kind === 'truncate') {
      truncateAt = m.cut
      continue
    }
    const at = ALL_PATHS[m.at]
    let parent: unknown = content
    for (const key of at.slice(0, -1))
      parent =
        parent && typeof parent === 'object' ? (parent as Record<string, unknown>)[key] : undefined
    if (!parent || typeof parent !== 'object') continue
    const key = at[at.length - 1] as string
    if (m.kind === 'delete') delete (parent as Record<string, unknown>)[key]
    else (parent as Record<string, unknown>)[key] = m.value
  }
  const json = JSON.stringify(content)
  return truncateAt === null ? json : json.slice(0, truncateAt % (json.length + 1))
}

test('300 mutated contents: no exception, no unsafe link, no HTML injected', async () => {
  let rendered = 0
  await fc.assert(
    fc.asyncProperty(
      fc.array(mutation, { minLength: 1, maxLength: 12 }),
      fc.constantFrom('CLASSIC', 'SMARTPHONE', 'TABLET'),
      async (mutations, platform) => {
        const { widget, drain } = createTestWidget({
          config: { site: 'CZ' },
          platform: platform as 'CLASSIC',
          fetch: contentFetch(mutate(mutations)),
        })
        const failures: string[] = []
        const { errors } = await captureConsole(async () => {
          // An outer boundary like the app's: if anything threw while rendering, it would be logged.
          const view = renderInWidget(
            <ErrorBoundary name="Test">{<Footer />}</ErrorBoundary>,
            widget,
          )
          await drain()
          const root = view.container
          for (const a of root.querySelectorAll('a')) {
            const href = a.getAttribute('href')
            if (href === null || safeUrl(href) === null)
              failures.push(`unsafe or empty link: ${href}`)
          }
          for (const img of root.querySelectorAll('img')) {
            if (!img.getAttribute('src')) failures.push('image without source')
          }
          if (root.querySelector('script, svg[onload], [onerror], [onload], [data-injected]'))
            failures.push('injected HTML')
          if ((window as unknown as { __pwned?: number }).__pwned) failures.push('script ran')
          if (!root.querySelector('footer')) failures.push('no footer')
          rendered++
          cleanup()
        })
        const thrown = errors.filter((e) => /\b(E4|E5)\b/.test(e))
        assert.equal([...failures, ...thrown], [], JSON.stringify(mutations))
      },
    ),
    { numRuns: 300, seed: 20261121 },
  )
  assert.is(rendered, 300)
})

// --- content generated from the schema's shape ------------------------------------------------

const text = mostly(anyString())
const link = mostly(fc.record({ url: anyUrl, text }))
const list = <T,>(item: fc.Arbitrary<T>, maxLength = 4) => mostly(fc.array(item, { maxLength }))
const flag = mostly(fc.boolean())
const opt = { requiredKeys: [] as never[] }
/** A footer content as the schema shapes it (SPEC §3), any field possibly wrong. */
const contentLike = fc.record(
  {
    headline: text,
    teaserGroups: list(
      mostly(
        fc.record(
          {
            heading: mostly(fc.record({ iconName: text, link }, opt)),
            hideGroupInCheckout: flag,
            introductoryText: text,
            links: list(mostly(fc.record({ link, hideInClassic: flag }, opt)), 6),
            images: list(
              mostly(
                fc.record({
                  label: text,
                  source: mostly(fc.oneof(fc.constantFrom(...LOGO_SOURCES), anyString())),
                }),
              ),
            ),
          },
          opt,
        ),
      ),
    ),
    seo: mostly(
      fc.record(
        {
          heading: text,
          columns: list(mostly(fc.record({ heading: text, links: list(link, 8) }, opt))),
        },
        opt,
      ),
    ),
    socialMedia: mostly(
      fc.record({
        heading: text,
        socialMediaIcons: list(
          mostly(fc.record({ iconName: mostly(fc.constantFrom(...SOCIAL_ICONS)), link })),
        ),
      }),
    ),
    appReferences: mostly(
      fc.record({
        heading: text,
        appIcons: list(
          mostly(fc.record({ iconName: mostly(fc.constantFrom(...APP_ICONS)), link })),
        ),
      }),
    ),
    legalLinks: list(link, 6),
    viewChanger: mostly(fc.record({ toMobile: text, toDesktop: text }, opt)),
    qualityLogos: list(
      mostly(
        fc.record({
          link,
          source: mostly(fc.constantFrom(...LOGO_SOURCES)),
          width: mostly(fc.integer({ min: -10, max: 5000 })),
          height: mostly(fc.double()),
        }),
      ),
    ),
    salesTax: mostly(fc.record({ textBeforeLink: text, link, textAfterLink: text }, opt)),
    international: mostly(
      fc.record(
        {
          heading: text,
          items: list(
            mostly(
              fc.record({
                label: text,
                code: text,
                href: anyUrl,
                flag: mostly(fc.oneof(fc.constantFrom('de.svg', 'at.png'), anyString())),
                flagName: text,
                selected: flag,
              }),
            ),
            6,
          ),
        },
        opt,
      ),
    ),
  },
  opt,
)

let linksSeen = 0

/** Renders the footer from one SHOP_FOOTER answer body and checks it: the failures found. */
async function renderAnswer(
  answer: string,
  platform: 'CLASSIC' | 'SMARTPHONE' | 'TABLET',
  site: 'CZ' | 'DE' = 'CZ',
) {
  const fetchImpl = (async () =>
    new Response(answer, { headers: { 'content-type': 'application/json' } })) as typeof fetch
  const { widget, drain } = createTestWidget({ config: { site }, platform, fetch: fetchImpl })
  widget.psdata = async () => ({ newsletterStatus: 'SUBSCRIBED' })
  const failures: string[] = []
  const { errors } = await captureConsole(async () => {
    const view = renderInWidget(<ErrorBoundary name="Test">{<Footer />}</ErrorBoundary>, widget)
    // Everything, the parts below the newsletter block too (they wait until it has settled).
    await drain()
    failures.push(...unsafeParts(view.container))
    linksSeen += view.container.querySelectorAll('a[href]').length
    if (!view.container.querySelector('footer')) failures.push('no footer')
    cleanup()
  })
  return [...failures, ...errors.filter((e) => /\bE4\b/.test(e))]
}

/** Seeds that found bugs, replayed on every run. */
const SHAPE_REGRESSIONS: Regression[] = [
  {
    seed: 7301,
    path: '5:0:0:0:1:3:2:2:2:2:2:2:2:2:2:2',
    found:
      'a Unicode space before javascript: (trimmed by the old check) rendered as a javascript: link',
  },
]

const shapedProperty = fc.asyncProperty(
  contentLike,
  fc.constantFrom('CLASSIC', 'SMARTPHONE', 'TABLET') as fc.Arbitrary<'CLASSIC'>,
  async (content, platform) => {
    const failures = await renderAnswer(
      JSON.stringify({ contentJSON: JSON.stringify(content) }),
      platform,
    )
    assert.equal(failures, [])
  },
)

test('content shaped like the schema, any field possibly wrong: no exception, no unsafe link, no HTML injected', async () => {
  linksSeen = 0
  await fc.assert(shapedProperty, { numRuns: 100, seed: 7301 })
  assert.ok(linksSeen > 200, `enough links rendered to mean something (${linksSeen})`)
})
for (const r of SHAPE_REGRESSIONS)
  test(`regression (seed ${r.seed}): ${r.found}`, () => fc.assert(shapedProperty, replay(r)))

test('any SHOP_FOOTER answer at all (contentJSON of any type, any body): the footer stands, nothing unsafe', async () => {
  const answer = fc.oneof(
    anyValue.map((v) => JSON.stringify({ contentJSON: v }) ?? ''),
    anyValue.map((v) => JSON.stringify({ contentJSON: JSON.stringify(v) ?? '' })),
    anyValue.map((v) => JSON.stringify(v) ?? ''),
    fc.string({ maxLength: 40 }),
  )
  await fc.assert(
    fc.asyncProperty(answer, async (body) =>
      assert.equal(await renderAnswer(body, 'CLASSIC', 'DE'), []),
    ),
    { numRuns: 120, seed: 7302 },
  )
})

test.run()
