/**
 * The server's two modes: contract mode answers the calls of SPEC §7 (src/contract/contract-calls.ts) and
 * nothing else, so what a backend team copies is the contract alone; demo mode adds the pages,
 * bundles, kit, host pages and demo tools.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createContractServer } from '../handler.ts'
import { coreRoutes } from '../core/handler.ts'
import { CALLS, paths } from '../../src/contract/contract-calls.ts'
import { MARKETS } from '../../build/product/markets.ts'
import { DEMO_TOOLS, FORM } from './helpers/demo-tools.ts'

const test = suite('contract server modes')

/** A token of the format the server issues (SUBSCRIBER_TOKEN_PATTERN), unknown to the server. */
const SOME_TOKEN = 'A'.repeat(22)

/** Everything demo mode serves besides the calls: pages, bundles, images, kit, host pages, tools. */
const DEMO_ONLY: [string, string, string?][] = [
  ['GET', '/'],
  ...MARKETS.flatMap((m): [string, string][] => [
    ['GET', m.path],
    ['GET', `/react${m.path}`],
  ]),
  ['GET', '/kit/'],
  ['GET', '/react/kit/'],
  ['GET', '/_hosts/clean.html'],
  ['GET', '/_hosts/lib/jquery.js'],
  ['GET', '/_hosts/no-widget.js'],
  ['GET', '/static/footer.de-DE.0123456789.js'],
  ['GET', '/react/static/footer.de-DE.0123456789.js'],
  ['GET', '/service/footer-images/logos/at.svg'],
  ['GET', '/service/newsletterfrontend/newslettersubscriptionform/2de68e986ab3.jpg'],
  ['GET', '/_demo/host.css'],
  ['GET', '/favicon.ico'],
  ...DEMO_TOOLS,
]

/** The router's own 404: no route of this mode has the path. */
const notInContract = async (response: Response) =>
  response.status === 404 && (await response.text()).includes('"urn:contract:not_found"')

test('contract mode: every call of SPEC §7 answers, under both newsletter bases', async () => {
  const server = createContractServer({ mode: 'contract' })
  for (const call of Object.values(CALLS)) {
    for (const path of paths(call)) {
      const response = await server.fetch(path.replace(':token', SOME_TOKEN), {
        method: call.method,
        headers: { 'content-type': 'application/json' },
        body: call.method === 'GET' ? undefined : '{}',
      })
      assert.not.ok(await notInContract(response), `${call.method} ${path} answers`)
    }
  }
})

test("the core's routes are the calls of the table, and only the preview token's GET besides (SPEC §7: GET or POST; refused with 405)", () => {
  const routes = coreRoutes().map((r) => `${r.method} ${r.pattern}`)
  const calls = Object.values(CALLS).flatMap((call) =>
    paths(call).map((path) => `${call.method} ${path}`),
  )
  assert.equal(routes.sort(), [...calls, `GET ${CALLS.token.path}`].sort())
})

test('contract mode: no market pages, index, bundles, images, kit, host pages or demo tools (404)', async () => {
  const server = createContractServer({ mode: 'contract' })
  for (const [method, path, body] of DEMO_ONLY) {
    const response = await server.fetch(path, { method, headers: FORM, body })
    assert.ok(await notInContract(response), `${method} ${path}: ${response.status}`)
  }
})

test('demo mode: the same pages, bundles and tools exist', async () => {
  const server = createContractServer({ mode: 'demo' })
  for (const [method, path, body] of DEMO_ONLY) {
    const response = await server.fetch(path, { method, headers: FORM, body })
    // A page of a missing build answers 503, a file the test does not provide 404 of its own.
    assert.not.ok(await notInContract(response), `${method} ${path}: ${response.status}`)
  }
})

test.run()
