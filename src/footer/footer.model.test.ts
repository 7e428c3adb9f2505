import { suite } from 'uvu'
import { effect } from '@preact/signals-react'
import * as assert from 'uvu/assert'
import { createFooterModel } from './footer.model'
import { Step } from '../base/start-plan'
import type { Widget } from '../base/widget-context'
import { INLINE_CONTENT_ID } from './content-source'
import { isReduced } from './variant'
import { AFFILIATE_COOKIE, NEW_APP_COOKIE } from '../contract/contract'
import { createTestWidget, recordRequests } from '../../test/helpers/widget'
import { createContractServer } from '../../server/handler'
import { captureConsole } from '../../test/helpers/console'

const test = suite('footer model: loading and variant')

/** The name of the furthest step of the start plan the footer has reached. */
function at(widget: Widget): string {
  let step = Step.done
  while (!widget.plan.reached(step)) step--
  return Step[step]
}

const clearCookies = () => {
  for (const name of [AFFILIATE_COOKIE, NEW_APP_COOKIE])
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
}
test.after.each(() => {
  clearCookies()
  document.getElementById(INLINE_CONTENT_ID)?.remove()
})

test("asks SHOP_FOOTER with X-Hunter-Site and gets that market's content", async () => {
  const { requests, fetch } = recordRequests(createContractServer().fetch)
  const { widget, clock } = createTestWidget({ config: { site: 'TR' }, fetch })
  const model = createFooterModel(widget)
  widget.plan.settleNewsletter()
  await model.load()
  await clock.advance(1)
  assert.is(requests.length, 1)
  assert.is(new URL(requests[0].url).pathname, '/service/promotion/api/promotion/SHOP_FOOTER')
  assert.is(requests[0].headers.get('x-hunter-site'), 'TR')
  assert.is(model.content.value!.international!.items.find((i) => i.selected)!.code, 'tr')
})

test('content arrives in steps: the rest first, a section per step, SEO links checked column by column and revealed, the bottom group last', async () => {
  const links = Array.from({ length: 250 }, (_, i) => ({ url: `/c${i}`, text: `K${i}` }))
  const text = JSON.stringify({
    legalLinks: [{ url: '/i-s1.html', text: 'I' }],
    seo: { heading: 'S', columns: [{ links }, { links: [{ url: 'javascript:x', text: 'bad' }] }] },
  })
  const { widget, clock } = createTestWidget({
    fetch: (async () => new Response(JSON.stringify({ contentJSON: text }))) as typeof fetch,
  })
  const seen: string[] = []
  // Each step of the plan's scheduler is marked, so the test sees which changes share a step (and a render).
  const later = widget.plan.later
  widget.plan.later = (step) => later(() => (seen.push('|'), step()))
  const model = createFooterModel(widget)
  widget.plan.settleNewsletter()
  const stop = effect(
    () =>
      void seen.push(
        `${Object.keys(model.content.value ?? {}).join('+') || 'nothing'} ${at(widget)} shown ${model.seoShown.value}`,
      ),
  )
  const { warnings } = await captureConsole(async () => {
    await model.load()
    assert.is(model.content.value, null, 'checked, not yet rendered')
    await clock.advance(1)
  })
  stop()
  assert.equal(seen, [
    'nothing frame shown 0',
    '|', // parse
    '|', // check all but the SEO links
    '|',
    'legalLinks logos shown 0', // the logos (and the bottom group's content, once its step comes)
    '|',
    'legalLinks teasers shown 0',
    '|',
    'legalLinks seo shown 0', // SEO: first column checked
    '|', // second column checked
    '|',
    'legalLinks+seo seo shown 0', // the group and its heading
    // SEO_LINKS_PER_STEP (50) links per step
    ...[50, 100, 150, 200, 250].flatMap((n) => ['|', `legalLinks+seo seo shown ${n}`]),
    '|',
    'legalLinks+seo icons shown 250', // icons, below the SEO links
    '|',
    'legalLinks+seo bottom shown 250', // the bottom group's frame
    '|',
    'legalLinks+seo done shown 250', // its content, last: its images load only once near the screen
    '|', // then lumora:ready, with every part in place
  ])
  assert.match(warnings[0], /seo\.columns\.1\.links\.0\.url is an unsafe link/)
})

test('nothing below the newsletter block renders before the block has settled (it would be pushed down), the frame neither', async () => {
  for (const answer of [
    { contentJSON: JSON.stringify({ legalLinks: [{ url: '/i-s1.html', text: 'I' }] }) },
    null,
  ]) {
    const { widget, clock } = createTestWidget({
      fetch: (async () =>
        answer
          ? new Response(JSON.stringify(answer))
          : new Response('{}', { status: 404 })) as typeof fetch,
    })
    const model = createFooterModel(widget)
    model.open()
    await model.load()
    await clock.advance(1)
    assert.equal(
      [model.content.value, at(widget)],
      [null, 'newsletter'],
      answer ? 'content loaded' : 'no content',
    )
    widget.plan.settleNewsletter()
    await clock.advance(1)
    assert.is(at(widget), 'done')
    assert.is(model.content.value?.legalLinks?.length, answer ? 1 : undefined)
  }
})

test('the bottom group comes without SEO links too: none, an unusable group, a reduced footer', async () => {
  for (const [why, content, cookie] of [
    ['no SEO group', { legalLinks: [{ url: '/i-s1.html', text: 'I' }] }, ''],
    [
      'an unusable SEO group',
      { legalLinks: [{ url: '/i-s1.html', text: 'I' }], seo: { heading: 7, columns: 'x' } },
      '',
    ],
    [
      'a reduced footer',
      { legalLinks: [{ url: '/i-s1.html', text: 'I' }], seo: { heading: 'S', columns: [] } },
      `${AFFILIATE_COOKIE}=4711; path=/`,
    ],
  ] as const) {
    if (cookie) document.cookie = cookie
    const { widget, clock } = createTestWidget({
      fetch: (async () =>
        new Response(JSON.stringify({ contentJSON: JSON.stringify(content) }))) as typeof fetch,
    })
    const model = createFooterModel(widget)
    widget.plan.settleNewsletter()
    await captureConsole(async () => {
      await model.load()
      await clock.advance(1)
    })
    assert.is(at(widget), 'done', why)
    assert.is(model.content.value!.legalLinks!.length, 1, why)
    clearCookies()
  }
})

test('404 gives no content and one warning W27 (a missing route looks like no content); other failures are errors', async () => {
  for (const [status, logged, warned] of [
    [404, 0, 1],
    [500, 1, 0],
  ] as const) {
    const { widget } = createTestWidget({
      fetch: (async () => new Response('{}', { status })) as typeof fetch,
    })
    const model = createFooterModel(widget)
    const { errors, warnings } = await captureConsole(() => model.load())
    assert.is(model.content.value, null)
    assert.is(errors.length, logged, `status ${status}`)
    assert.is(warnings.length, warned, `status ${status}`)
    if (warned) assert.match(warnings[0], /\bW27\b/)
  }
  const { widget } = createTestWidget({
    fetch: (async () => Promise.reject(new TypeError('offline'))) as typeof fetch,
  })
  const { errors } = await captureConsole(() => createFooterModel(widget).load())
  assert.match(errors[0], /\bE5\b/)
})

test('an answer without a contentJSON string is logged', async () => {
  const { widget } = createTestWidget({
    fetch: (async () => new Response('{"contentJSON": {}}')) as typeof fetch,
  })
  const model = createFooterModel(widget)
  const { warnings } = await captureConsole(() => model.load())
  assert.is(model.content.value, null)
  assert.match(warnings[0], /\bW12\b/)
})

test('inline content next to #footer saves the request and passes the same checks', async () => {
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = INLINE_CONTENT_ID
  script.text = JSON.stringify({
    legalLinks: [
      { url: '/impressum-s1.html', text: 'Impressum' },
      { url: 'javascript:alert(1)', text: 'X' },
    ],
  })
  document.body.appendChild(script)
  const { requests, fetch } = recordRequests(createContractServer().fetch)
  const { widget, clock } = createTestWidget({ fetch })
  const model = createFooterModel(widget)
  widget.plan.settleNewsletter()
  const { warnings } = await captureConsole(async () => {
    await model.load()
    await clock.advance(1)
  })
  assert.is(requests.length, 0)
  assert.equal(
    model.content.value!.legalLinks!.map((l) => l.text),
    ['Impressum'],
  )
  assert.match(warnings[0], /legalLinks\.1\.url/)
})

test('a page whose cookies cannot be read (sandboxed iframe) is not reduced, and nothing throws', () => {
  const { widget } = createTestWidget()
  const sandboxed = Object.create(widget.document, {
    cookie: {
      get: () => {
        throw new DOMException('sandboxed', 'SecurityError')
      },
    },
  }) as Document
  assert.is(isReduced({ ...widget, document: sandboxed }), false)
})

test('reduced by the data-variant attribute, the affiliate-number cookie, or the new-app cookie', () => {
  const { widget } = createTestWidget()
  assert.is(isReduced(widget), false)
  assert.is(isReduced({ ...widget, config: { ...widget.config, variant: 'reduced' } }), true)
  for (const name of [AFFILIATE_COOKIE, NEW_APP_COOKIE]) {
    document.cookie = `${name}=4711; path=/`
    assert.is(isReduced(widget), true, name)
    clearCookies()
    document.cookie = `${name}=; path=/`
    assert.is(isReduced(widget), false, `${name} empty`)
  }
  document.cookie = `X${AFFILIATE_COOKIE}=1; path=/`
  assert.is(isReduced(widget), false, 'a cookie whose name only ends like it')
  document.cookie = `X${AFFILIATE_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
})

test('layout follows the platform signal: phone-like, touch-like, classic', () => {
  const { widget } = createTestWidget({ platform: 'MATCH' })
  const model = createFooterModel(widget)
  const seen = (['MATCH', 'SMARTPHONE', 'TABLET', 'CLASSIC'] as const).map((p) => {
    ;(widget.platform as { value: string }).value = p
    return [model.phone.value, model.touch.value, model.classic.value]
  })
  assert.equal(seen, [
    [true, true, false],
    [true, true, false],
    [false, true, false],
    [false, false, true],
  ])
})

test.run()
