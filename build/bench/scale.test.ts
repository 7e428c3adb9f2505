/**
 * The bench's content scaling (scale.ts), handed to the demo server as serve.ts and the bench hand
 * it in: the footer content's link lists N times, only where the demo tools answer.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createContractServer, type ServerOptions } from '../../server/handler.ts'
import { parseContent } from '../../src/footer/content.test-utils.ts'
import { captureConsole } from '../../test/helpers/console.ts'
import { benchScaleHook } from './scale.ts'

const FOOTER = '/service/promotion/api/promotion/SHOP_FOOTER'

function linksOf(options: ServerOptions) {
  const server = createContractServer(options)
  return async (headers: Record<string, string>) => {
    const response = await server.fetch(FOOTER, { headers: { 'x-hunter-site': 'SK', ...headers } })
    const { contentJSON } = (await response.json()) as { contentJSON: string }
    const { warnings, result: content } = await captureConsole(() => parseContent(contentJSON))
    assert.equal(warnings, [], 'scaled content passes the schema')
    return {
      seo: content!.seo!.columns.reduce((n, c) => n + c.links.length, 0),
      teasers: content!.teaserGroups!.reduce((n, g) => n + g.links.length, 0),
      urls: new Set(content!.seo!.columns.flatMap((c) => c.links.map((l) => l.url))).size,
    }
  }
}

test('X-Bench-Scale or the lf-bench-scale cookie repeats the link lists; without it the fixture as it is', async () => {
  const links = linksOf({ hooks: [benchScaleHook] })
  const plain = await links({})
  assert.ok(plain.seo > 0 && plain.teasers > 0)
  assert.equal(await links({ 'x-bench-scale': '10' }), {
    seo: plain.seo * 10,
    teasers: plain.teasers * 10,
    urls: plain.seo * 10,
  })
  assert.equal((await links({ cookie: 'a=b; lf-bench-scale=50' })).seo, plain.seo * 50)
  assert.equal(await links({ 'x-bench-scale': 'lots' }), plain)
})

test('a server not handed the hook, or in contract mode, answers the fixture as it is', async () => {
  const plain = await linksOf({ hooks: [benchScaleHook] })({})
  assert.equal(await linksOf({})({ 'x-bench-scale': '10' }), plain)
  assert.equal(
    await linksOf({ mode: 'contract', hooks: [benchScaleHook] })({ 'x-bench-scale': '10' }),
    plain,
  )
})

test.run()
