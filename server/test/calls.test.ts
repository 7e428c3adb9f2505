/** The contract server answers every call of SPEC §7 with the spec's shapes and statuses. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createContractServer } from '../handler.ts'
import { makeLoginToken, DEMO_ACCOUNT } from '../core/routes/login.ts'
import { DEMO_STAFF_TOKEN } from '../demo/staff.ts'

const test = suite('contract server')
const NL = '/service/newsletter/api/internal'

async function call(
  server: ReturnType<typeof createContractServer>,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: unknown } = {},
) {
  const response = await server.fetch(path, {
    method,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  let data: unknown = text
  try {
    data = JSON.parse(text)
  } catch {}
  return { status: response.status, data, headers: response.headers }
}

const signUp = {
  email: "o'brien@example.com",
  salutation: 'MRS',
  firstName: 'Anna',
  lastName: 'O´Brien',
  consents: ['DNE'],
  origin: 'footer',
  originAddition: 'DE',
}

test('POST /newsletter-subscribers stores a sign-up waiting for double opt-in, under both base paths', async () => {
  const server = createContractServer()
  for (const base of [NL, '/service/newsletter/api/private']) {
    const answer = await call(server, 'POST', `${base}/newsletter-subscribers`, {
      body: signUp,
      headers: { 'X-Hunter-Site': 'DE' },
    })
    assert.is(answer.status, 201)
  }
})

test('an invalid address answers type urn:newsletter:email_invalid', async () => {
  const answer = await call(createContractServer(), 'POST', `${NL}/newsletter-subscribers`, {
    body: { ...signUp, email: 'not-an-address' },
  })
  assert.is(answer.status, 400)
  assert.is((answer.data as { type: string }).type, 'urn:newsletter:email_invalid')
})

test('a request that does not fit the schema is refused', async () => {
  const answer = await call(createContractServer(), 'POST', `${NL}/newsletter-subscribers`, {
    body: { ...signUp, consents: ['SPAM'] },
  })
  assert.is(answer.status, 400)
})

test('the confirmation mail links to the page with a token; GET, PUT and PUT doi work on it once', async () => {
  const server = createContractServer()
  await call(server, 'POST', `${NL}/newsletter-subscribers`, {
    body: signUp,
    headers: { 'X-Original-Address': 'https://shop.test/de/?x=1' },
  })
  const [mail] = (await call(server, 'GET', '/_mail/outbox.json')).data as {
    link: string
    to: string
  }[]
  assert.is(mail.to, signUp.email)
  const token = new URL(mail.link).searchParams.get('subscriberToken')!
  assert.ok(token.length >= 22, 'at least 128 bits of token')
  assert.is((await call(server, 'GET', `${NL}/newsletter-subscribers/${token}`)).status, 200)
  assert.is(
    (
      await call(server, 'PUT', `${NL}/newsletter-subscribers/${token}`, {
        body: { firstName: 'Anne' },
      })
    ).status,
    204,
  )
  assert.is((await call(server, 'PUT', `${NL}/newsletter-subscribers/${token}/doi`)).status, 200)
  assert.is((await call(server, 'PUT', `${NL}/newsletter-subscribers/${token}/doi`)).status, 410)
  assert.is(
    (await call(server, 'PUT', `${NL}/newsletter-subscribers/${'A'.repeat(22)}/doi`)).status,
    410,
  )
})

test('GET /customers/base-data needs X-LoginToken', async () => {
  const server = createContractServer()
  assert.is((await call(server, 'GET', `${NL}/customers/base-data`)).status, 401)
  const answer = await call(server, 'GET', `${NL}/customers/base-data`, {
    headers: { 'X-LoginToken': await makeLoginToken(server.ctx, 'l1') },
  })
  assert.is(answer.status, 200)
  assert.ok((answer.data as { email: string }).email)
})

test('SHOP_FOOTER answers contentJSON as a string of JSON, per market, German for unknown markets', async () => {
  const server = createContractServer()
  for (const site of ['DE', 'TR', 'XX']) {
    const answer = await call(server, 'GET', '/service/promotion/api/promotion/SHOP_FOOTER', {
      headers: { 'X-Hunter-Site': site },
    })
    assert.is(answer.status, 200)
    const { contentJSON } = answer.data as { contentJSON: string }
    assert.type(contentJSON, 'string')
    assert.type(JSON.parse(contentJSON), 'object')
  }
})

test('psdata needs the CSRF header', async () => {
  const server = createContractServer()
  assert.is((await call(server, 'GET', '/service/customerfrontenddata/api/v1/psdata')).status, 403)
  assert.is(
    (
      await call(server, 'GET', '/service/customerfrontenddata/api/v1/psdata', {
        headers: { 'X-hunter-csrf': '1' },
      })
    ).status,
    200,
  )
})

test('preview: checkauth, renew, token and logout by staff cookie', async () => {
  const server = createContractServer()
  const staff = { cookie: `StaffAuthToken=${DEMO_STAFF_TOKEN}` }
  assert.is((await call(server, 'GET', '/service/preview/api/auth/checkauth')).status, 401)
  const auth = await call(server, 'GET', '/service/preview/api/auth/checkauth', { headers: staff })
  assert.equal(Object.keys(auth.data as object).sort(), [
    'abTestGroup',
    'abTestName',
    'dateTime',
    'status',
  ])
  assert.is((auth.data as { status: string }).status, 'SUCCESS')
  assert.is(
    (await call(server, 'GET', '/service/preview/api/auth/login/renew', { headers: staff })).status,
    200,
  )
  const applied = await call(
    server,
    'POST',
    '/service/preview/api/token?test=advent-teaser&group=B',
    { headers: staff, body: { previewDateTime: '2026-12-01T10:00:00' } },
  )
  assert.equal(applied.data, { status: 'SUCCESS' })
  const after = await call(server, 'GET', '/service/preview/api/auth/checkauth', { headers: staff })
  assert.is((after.data as { abTestGroup: string }).abTestGroup, 'B')
  const logout = await call(server, 'GET', '/service/preview/api/auth/logout', { headers: staff })
  assert.is(logout.headers.getSetCookie().length, 2)
})

test('preview: logout ends the staff session, so the old cookie no longer passes checkauth', async () => {
  const server = createContractServer()
  const staff = { cookie: `StaffAuthToken=${DEMO_STAFF_TOKEN}` }
  await call(server, 'GET', '/service/preview/api/auth/logout', { headers: staff })
  assert.is(
    (await call(server, 'GET', '/service/preview/api/auth/checkauth', { headers: staff })).status,
    401,
  )
  assert.is(
    (await call(server, 'GET', '/service/preview/api/auth/login/renew', { headers: staff })).status,
    401,
  )
})

test('preview: the /_staff/ form starts a session of its own (StaffAuthToken or CobraAuthToken); leaving ends it', async () => {
  const server = createContractServer()
  const form = (body: string, cookie = '') =>
    server.fetch('/_staff/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body,
    })
  for (const name of ['StaffAuthToken', 'CobraAuthToken']) {
    const page = await form(`cookie=${name}`)
    const cookie = page.headers.getSetCookie()[0].split(';')[0]
    assert.ok(cookie.startsWith(`${name}=staff-`), cookie)
    const auth = await call(server, 'GET', '/service/preview/api/auth/checkauth', {
      headers: { cookie },
    })
    assert.is((auth.data as { status: string }).status, 'SUCCESS')
    // Settings belong to the session: the demo session does not see them.
    await call(server, 'POST', '/service/preview/api/token?test=&group=', {
      headers: { cookie },
      body: { previewDateTime: '2026-12-01T10:00:00Z' },
    })
    assert.is(
      (
        (await call(server, 'GET', '/service/preview/api/auth/checkauth', { headers: { cookie } }))
          .data as { dateTime: string }
      ).dateTime,
      '2026-12-01T10:00:00Z',
    )
    assert.is(
      (
        (
          await call(server, 'GET', '/service/preview/api/auth/checkauth', {
            headers: { cookie: `StaffAuthToken=${DEMO_STAFF_TOKEN}` },
          })
        ).data as { dateTime: null }
      ).dateTime,
      null,
    )
    const left = await form('leave=1', cookie)
    assert.is(left.headers.getSetCookie().length, 2)
    assert.is(
      (await call(server, 'GET', '/service/preview/api/auth/checkauth', { headers: { cookie } }))
        .status,
      401,
    )
  }
})

test('preview: the token call checks its body and the A/B selection against the tests of that time', async () => {
  const server = createContractServer()
  const staff = { cookie: `StaffAuthToken=${DEMO_STAFF_TOKEN}` }
  const at = { previewDateTime: '2026-12-01T10:00:00Z' }
  const apply = (query: string, body: unknown = at) =>
    call(server, 'POST', `/service/preview/api/token${query}`, { headers: staff, body })
  assert.is((await apply('?test=&group=')).status, 200, 'empty selection')
  assert.is((await apply('?test=advent-teaser&group=')).status, 400, 'test without group')
  assert.is((await apply('?test=advent-teaser&group=green')).status, 400, 'group of another test')
  assert.is((await apply('?test=unknown&group=A')).status, 400, 'no such test')
  assert.is((await apply('?test=&group=A')).status, 400, 'group without test')
  assert.is(
    (await apply('?test=advent-teaser&group=A', { previewDateTime: '2027-01-10T10:00:00Z' }))
      .status,
    400,
    'test over by then',
  )
  assert.is((await apply('', { when: 'now' })).status, 400, 'body without previewDateTime')
  assert.is((await apply('', { previewDateTime: 'soon' })).status, 400, 'not a date-time')
  assert.is(
    (await call(server, 'POST', '/service/preview/api/token?test=&group=', { body: at })).status,
    401,
    'not staff',
  )
  assert.is(
    (
      await call(
        server,
        'GET',
        `/service/preview/api/token?test=checkout-button-colour&group=green&previewDateTime=${at.previewDateTime}`,
        { headers: staff },
      )
    ).status,
    405,
    'a GET changes nothing',
  )
  assert.is((await apply('?test=checkout-button-colour&group=green')).status, 200)
  const assignment = await call(server, 'GET', '/service/abtestfrontend/api/v1/getassignment', {
    headers: staff,
  })
  assert.equal(assignment.data, {
    assignments: [{ test: 'checkout-button-colour', group: 'green' }],
  })
})

test('A/B tests for a date, and the assignment call', async () => {
  const server = createContractServer()
  const december = await call(
    server,
    'GET',
    '/service/abtestfrontend/api/v1/gettestsat?time=2026-12-01T00:00:00Z',
  )
  assert.equal(
    (december.data as { name: string }[]).map((t) => t.name),
    ['checkout-button-colour', 'advent-teaser'],
  )
  const later = await call(
    server,
    'GET',
    '/service/abtestfrontend/api/v1/gettestsat?time=2027-06-01T00:00:00Z',
  )
  assert.equal(later.data, [])
  assert.is((await call(server, 'GET', '/service/abtestfrontend/api/v1/getassignment')).status, 200)
})

test('login: 200 for the demo account, 401 otherwise; token renewals by due time', async () => {
  let now = new Date('2026-11-21T09:00:00Z')
  const server = createContractServer({ now: () => now })
  const csrf = { 'X-hunter-csrf': '1' }
  assert.is(
    (
      await call(server, 'POST', '/service/login/api/v1/login', {
        headers: csrf,
        body: DEMO_ACCOUNT,
      })
    ).status,
    200,
  )
  assert.is(
    (
      await call(server, 'POST', '/service/login/api/v1/login', {
        headers: csrf,
        body: { ...DEMO_ACCOUNT, password: 'x' },
      })
    ).status,
    401,
  )
  assert.is(
    (
      await call(server, 'POST', '/service/login/api/v1/login', {
        headers: csrf,
        body: { email: DEMO_ACCOUNT.email },
      })
    ).status,
    400,
    'body not per LoginRequestSchema',
  )
  assert.is(
    (await call(server, 'POST', '/service/login/api/v1/login', { body: DEMO_ACCOUNT })).status,
    403,
    'no CSRF header',
  )
  const token = await makeLoginToken(server.ctx, 'l1')
  const renew = () =>
    call(server, 'POST', '/service/login/api/v1/logintoken/renew', {
      headers: { cookie: `LoginToken=${token}` },
    })
  assert.is((await renew()).status, 200, 'not yet due')
  now = new Date('2026-11-21T09:11:00Z')
  assert.is((await renew()).status, 201, 'renewed')
  now = new Date('2026-11-21T10:00:00Z')
  assert.is((await renew()).status, 401, 'expired')
  assert.is((await call(server, 'POST', '/service/login/api/v1/longtermtoken/renew')).status, 401)
})

test('faults: status, malformed, empty, and only where the path matches', async () => {
  const server = createContractServer()
  const footer = '/service/promotion/api/promotion/SHOP_FOOTER'
  assert.is((await call(server, 'GET', footer, { headers: { 'X-Fault': '404' } })).status, 404)
  const malformed = await call(server, 'GET', footer, { headers: { 'X-Fault': 'malformed' } })
  assert.type(malformed.data, 'string')
  assert.is((await call(server, 'GET', footer, { headers: { 'X-Fault': 'empty' } })).data, '')
  assert.is(
    (await call(server, 'GET', footer, { headers: { 'X-Fault': '500@/newsletter' } })).status,
    200,
  )
  assert.is(
    (await call(server, 'GET', footer, { headers: { cookie: 'lf-fault=503' } })).status,
    503,
  )
})

test('a timeout fault holds the answer until the client gives up', async () => {
  const server = createContractServer({ hangMs: 30 })
  let answered = false
  const answer = call(server, 'GET', '/service/promotion/api/promotion/SHOP_FOOTER', {
    headers: { 'X-Fault': 'timeout' },
  }).finally(() => (answered = true))
  // Still unanswered a turn of the event loop later: its timers run only after this check, so no
  // clock decides (a machine under load runs the turn later, never the timer earlier).
  await new Promise((resolve) => setImmediate(resolve))
  assert.is(answered, false)
  assert.is((await answer).status, 504)
})

test('the demo index names each market in its own language, marked with lang', async () => {
  const { data } = await call(createContractServer(), 'GET', '/')
  for (const [lang, name] of [
    ['hu-HU', 'Magyarország'],
    ['fr-CH', 'Suisse (français)'],
    ['cs-CZ', 'Česko'],
  ]) {
    assert.ok(String(data).includes(`lang="${lang}">${name}</a>`), name)
  }
})

test('unknown calls answer 404', async () => {
  assert.is((await call(createContractServer(), 'GET', '/service/unknown')).status, 404)
})

test.run()
