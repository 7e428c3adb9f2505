/**
 * docs/openapi.yaml, the backend's contract as a document, against the table of calls
 * (src/contract/contract-calls.ts) and the reference backend's answers: every call of the table is
 * an operation of the document under each of its paths, with the headers it carries and the cookies
 * the server reads, and no operation is there that the widget does not call; every answer of the
 * scenarios below (the call as the widget makes it, and its usual refusals) has a status the
 * document lists for that operation, and a body its schema accepts. A route added to the table
 * fails here until the document describes it and a scenario calls it.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import Ajv2020 from 'ajv/dist/2020.js'
import { parse } from 'yaml'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { CALLS, paths, type Call } from '../../src/contract/contract-calls.ts'
import { createContractServer } from '../handler.ts'
import { DEMO_ACCOUNT, makeLoginToken } from '../core/routes/login.ts'
import { DEMO_STAFF_TOKEN } from '../demo/staff.ts'
import { captureConsole } from '../../test/helpers/console.ts'
import { LOGIN_TOKEN_COOKIE, LONG_TERM_TOKEN_COOKIE } from '../../src/contract/contract.ts'
import { memoryStore } from '../core/store/open.ts'
import { StoreUnavailable } from '../core/store/sql.ts'

const test = suite('openapi')

interface Operation {
  parameters?: { in: string; name: string; $ref?: string }[]
  responses: Record<string, { content?: Record<string, { schema: object }>; $ref?: string }>
}
interface Document {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: Record<string, Record<string, unknown>>
}
const DOC_FILE = path.join(REPO_ROOT, 'docs/openapi.yaml')
const doc = parse(readFileSync(DOC_FILE, 'utf8')) as Document
const METHODS = ['get', 'put', 'post', 'delete', 'patch']

/** A `$ref` of the document resolved (`#/components/...`). */
function resolve<T>(value: T | { $ref: string }): T {
  const ref = (value as { $ref?: string }).$ref
  if (!ref) return value as T
  return ref
    .slice(2)
    .split('/')
    .reduce((node: unknown, key) => (node as Record<string, unknown>)[key], doc) as T
}

/** The document's path for a call's path: `:token` is `{token}`. */
const documented = (callPath: string) => callPath.replace(/:(\w+)/g, '{$1}')

const operation = (method: string, callPath: string) =>
  doc.paths[documented(callPath)]?.[method.toLowerCase()]

test('an OpenAPI 3.1 document', () => assert.match(doc.openapi, /^3\.1\./))

test('every call of the table is an operation under each of its paths, with its headers and cookies', () => {
  for (const [name, call] of Object.entries(CALLS) as [string, Call][])
    for (const callPath of paths(call)) {
      const op = operation(call.method, callPath)
      assert.ok(op, `${name}: ${call.method} ${callPath} is not in docs/openapi.yaml`)
      const parameters = (op!.parameters ?? []).map((p) => resolve(p))
      const named = (place: string) =>
        parameters.filter((p) => p.in === place).map((p) => p.name.toLowerCase())
      for (const header of call.headers)
        assert.ok(named('header').includes(header.toLowerCase()), `${name}: header ${header}`)
      for (const cookie of call.cookies)
        assert.ok(named('cookie').includes(cookie.toLowerCase()), `${name}: cookie ${cookie}`)
    }
})

test('every operation of the document is a call of the table', () => {
  const called = new Set(
    Object.values(CALLS as Record<string, Call>).flatMap((call) =>
      paths(call).map((p) => `${call.method} ${documented(p)}`),
    ),
  )
  for (const [docPath, item] of Object.entries(doc.paths))
    for (const method of Object.keys(item).filter((m) => METHODS.includes(m)))
      assert.ok(
        called.has(`${method.toUpperCase()} ${docPath}`),
        `${method.toUpperCase()} ${docPath} is in docs/openapi.yaml but not in src/contract/contract-calls.ts`,
      )
})

// The reference backend's answers.

const ajv = new Ajv2020({ strict: false, allErrors: true })
ajv.addSchema({ $id: 'doc', components: doc.components } as object)
/** The schema of a response body, its `$ref`s pointing into the document's components. */
const compile = (schema: object) =>
  ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/')))

type Server = ReturnType<typeof createContractServer>
const server: Server = createContractServer()
const checked = new Set<string>()

/** Sends the call and checks its answer against the document; the answer. */
async function answer(
  call: Call,
  callPath: string,
  init: { headers?: Record<string, string>; body?: unknown; query?: string } = {},
  on: Server = server,
): Promise<{ status: number; data: unknown; retryAfter: string | null }> {
  const sent = callPath.replace(/:(\w+)/g, (_, name) => init.headers?.[`:${name}`] ?? 'x')
  const headers = Object.fromEntries(
    Object.entries({ 'content-type': 'application/json', ...init.headers }).filter(
      ([k]) => !k.startsWith(':'),
    ),
  )
  const response = await on.fetch(sent + (init.query ?? ''), {
    method: call.method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  const what = `${call.method} ${sent} answered ${response.status}`
  const op = operation(call.method, callPath)
  assert.ok(op, `${call.method} ${callPath} is not in docs/openapi.yaml`)
  const documentedAnswer = op!.responses[String(response.status)]
  assert.ok(documentedAnswer, `${what}, a status docs/openapi.yaml does not list`)
  const { content } = resolve(documentedAnswer)
  const type = response.headers.get('content-type')?.split(';')[0] ?? ''
  let data: unknown = text
  if (!content) assert.is(text, '', `${what} with a body the document does not describe`)
  else {
    const described = content[type]
    assert.ok(described, `${what} as ${type || 'nothing'}, not as ${Object.keys(content)}`)
    data = type.endsWith('json') ? JSON.parse(text) : text
    const validate = compile(described!.schema)
    assert.ok(
      validate(data),
      `${what}: ${ajv.errorsText(validate.errors)} in ${text.slice(0, 300)}`,
    )
  }
  checked.add(`${call.method} ${documented(callPath)}`)
  return { status: response.status, data, retryAfter: response.headers.get('retry-after') }
}

const SITE = { 'X-Hunter-Site': 'DE', 'X-Original-Address': 'https://shop.test/de/' }
const STAFF = { cookie: `StaffAuthToken=${DEMO_STAFF_TOKEN}` }
const CSRF = { 'X-hunter-csrf': '1' }

test("the reference backend's answers, call by call, as the document describes them", async () => {
  await captureConsole(async () => {
    for (const [i, base] of paths(CALLS.signUp).entries()) {
      const email = `reader.${i}@example.com`
      const body = {
        email,
        salutation: 'MRS',
        firstName: 'Anna',
        lastName: 'Muster',
        consents: ['DNE'],
        origin: 'footer',
        originAddition: 'DE',
      }
      assert.is((await answer(CALLS.signUp, base, { headers: SITE, body })).status, 201)
      await answer(CALLS.signUp, base, {
        headers: SITE,
        body: { ...body, email: 'not-an-address' },
      })
      await answer(CALLS.signUp, base, { headers: SITE, body: { ...body, consents: ['SPAM'] } })
      const outbox = (await (await server.fetch('/_mail/outbox.json')).json()) as {
        link: string
        to: string
      }[]
      const mail = outbox.find((m) => m.to === email)!
      const token = new URL(mail.link).searchParams.get('subscriberToken')!
      const at = { ...SITE, ':token': token }
      const lookup = paths(CALLS.lookup)[i]!
      assert.is((await answer(CALLS.lookup, lookup, { headers: at })).status, 200)
      await answer(CALLS.lookup, lookup, { headers: { ...SITE, ':token': 'A'.repeat(22) } })
      const update = paths(CALLS.update)[i]!
      const { origin: _origin, originAddition: _addition, ...corrected } = body
      await answer(CALLS.update, update, { headers: at, body: { ...corrected, firstName: 'Anne' } })
      const doi = paths(CALLS.doi)[i]!
      assert.is((await answer(CALLS.doi, doi, { headers: at })).status, 200)
      await answer(CALLS.doi, doi, { headers: at })
      await answer(CALLS.lookup, lookup, { headers: at })
      const baseData = paths(CALLS.baseData)[i]!
      await answer(CALLS.baseData, baseData)
      await answer(CALLS.baseData, baseData, {
        headers: { 'X-LoginToken': await makeLoginToken(server.ctx, 'l1') },
      })
    }
    await answer(CALLS.footer, CALLS.footer.path, { headers: { 'X-Hunter-Site': 'DE' } })
    const fragment = CALLS.footerFragment
    await answer(fragment, fragment.path, {
      headers: { ':site': 'DE' },
      query: '?platform=CLASSIC',
    })
    await answer(fragment, fragment.path, {
      headers: { ':site': 'XX' },
      query: '?platform=CLASSIC',
    })
    await answer(CALLS.psdata, CALLS.psdata.path, { headers: CSRF })
    await answer(CALLS.psdata, CALLS.psdata.path)
    await answer(CALLS.checkauth, CALLS.checkauth.path)
    await answer(CALLS.checkauth, CALLS.checkauth.path, { headers: STAFF })
    await answer(CALLS.renew, CALLS.renew.path, { headers: STAFF })
    await answer(CALLS.token, CALLS.token.path, {
      headers: STAFF,
      query: '?test=&group=',
      body: { previewDateTime: '2026-12-01T10:00:00Z' },
    })
    await answer(CALLS.token, CALLS.token.path, { query: '?test=&group=', body: {} })
    await answer(CALLS.tests, CALLS.tests.path, { query: '?time=2026-12-01T10:00:00Z' })
    await answer(CALLS.tests, CALLS.tests.path)
    await answer(CALLS.assignment, CALLS.assignment.path, { headers: STAFF })
    await answer(CALLS.logout, CALLS.logout.path, { headers: STAFF })
    await answer(CALLS.renew, CALLS.renew.path, { headers: STAFF })
    await answer(CALLS.login, CALLS.login.path, { headers: CSRF, body: DEMO_ACCOUNT })
    await answer(CALLS.login, CALLS.login.path, {
      headers: CSRF,
      body: { ...DEMO_ACCOUNT, password: 'wrong-password' },
    })
    await answer(CALLS.login, CALLS.login.path, { body: DEMO_ACCOUNT })
    await answer(CALLS.loginRenew, CALLS.loginRenew.path, {
      headers: { cookie: `LoginToken=${await makeLoginToken(server.ctx, 'l1')}` },
    })
    await answer(CALLS.loginRenew, CALLS.loginRenew.path)
    await answer(CALLS.longterm, CALLS.longterm.path)
  })
  const all = Object.values(CALLS as Record<string, Call>).flatMap((call) =>
    paths(call).map((p) => `${call.method} ${documented(p)}`),
  )
  assert.equal(
    all.filter((c) => !checked.has(c)),
    [],
    'calls of the table no scenario here sends: add one',
  )
})

test('every call that needs the database lists 503 with Retry-After, as the backend answers while its database cannot', async () => {
  let down = false
  const store = memoryStore()
  // The store as a database that went away: every query fails as unreachable, once `down`.
  const away = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver)
      if (typeof value !== 'function' || name === 'close') return value
      return (...args: unknown[]) =>
        down
          ? Promise.reject(new StoreUnavailable('the test took the database away', true))
          : value.apply(target, args)
    },
  })
  const broken = createContractServer({ store: away })
  const loginToken = await makeLoginToken(broken.ctx, 'l1')
  const login = await broken.fetch(CALLS.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...CSRF },
    body: JSON.stringify(DEMO_ACCOUNT),
  })
  const longterm = login.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${LONG_TERM_TOKEN_COOKIE}=`))!
    .split(';')[0]
  down = true
  const token = { ...SITE, ':token': 'A'.repeat(22) }
  const body = { email: 'away@example.com', consents: [], origin: 'footer' }
  const requests: [Call, { headers?: Record<string, string>; body?: unknown }][] = [
    [CALLS.signUp, { headers: SITE, body }],
    [CALLS.lookup, { headers: token }],
    [CALLS.update, { headers: token, body: { email: body.email, consents: [] } }],
    [CALLS.doi, { headers: token }],
    [CALLS.baseData, { headers: { 'X-LoginToken': loginToken } }],
    [CALLS.login, { headers: CSRF, body: DEMO_ACCOUNT }],
    [CALLS.loginRenew, { headers: { cookie: `${LOGIN_TOKEN_COOKIE}=${loginToken}` } }],
    [CALLS.longterm, { headers: { cookie: longterm } }],
  ]
  await captureConsole(async () => {
    for (const [call, init] of requests)
      for (const callPath of paths(call)) {
        const { status, retryAfter } = await answer(call, callPath, init, broken)
        const what = `${call.method} ${callPath}`
        assert.is(status, 503, `${what} while the database is away`)
        assert.ok(Number(retryAfter) >= 1, `${what}: Retry-After ${retryAfter}`)
        const listed = resolve(operation(call.method, callPath)!.responses['503']!) as {
          headers?: Record<string, unknown>
        }
        assert.ok(listed.headers?.['Retry-After'], `${what}: the document's 503 has Retry-After`)
      }
  })
  await store.close()
})

test.run()
