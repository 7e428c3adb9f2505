/**
 * Staff preview calls of SPEC §7 and the A/B test service. Staff are recognised by the
 * StaffAuthToken or CobraAuthToken cookie holding a token of a live staff session:
 * /_staff/ starts one and sets the cookie (/_staff/?cobra sets CobraAuthToken instead,
 * /_staff/?leave ends it), and DEMO_STAFF_TOKEN is live on every server for tests.
 * Each session has its own preview settings, so parallel browser tests do not meet.
 * Requests are checked with the widget's own schemas (src/preview/preview.schema.ts).
 * Fixtures: fixtures/api/abtests.json (tests with the period they run).
 */
import { validate } from 'superstruct'
import { cookies, html, json, readJson, setCookie, withCookies } from '../http.ts'
import { readFixture } from '../fixtures.ts'
import { route, type Route } from '../router.ts'
import { featureState, type ServerContext } from '../context.ts'
import { ABTEST_API, PREVIEW_API, TokenRequestSchema, type AbTest, type PreviewSession } from '../../../src/preview/preview.schema.ts'

export const STAFF_COOKIES = ['StaffAuthToken', 'CobraAuthToken'] as const
export const DEMO_STAFF_TOKEN = 'demo-staff'

type Settings = Omit<PreviewSession, 'status'>

/** Live staff sessions by token, each with its preview settings. */
const sessions = (ctx: ServerContext) => featureState(ctx, 'preview', () => new Map<string, Settings>([[DEMO_STAFF_TOKEN, noSettings()]]))
const noSettings = (): Settings => ({ dateTime: null, abTestName: null, abTestGroup: null })

/** The staff token of the request, when it names a live session. */
function staffToken(request: Request, ctx: ServerContext): string | null {
  const jar = cookies(request)
  return STAFF_COOKIES.map((name) => jar[name]).find((token) => token && sessions(ctx).has(token)) ?? null
}

interface AbTestFixture extends AbTest {
  from: string
  to: string
}

async function testsAt(ctx: ServerContext, time: number): Promise<AbTest[]> {
  const tests = (await readFixture(ctx, 'api/abtests.json')) as AbTestFixture[]
  return tests.filter((t) => Date.parse(t.from) <= time && time < Date.parse(t.to)).map(({ name, groups }) => ({ name, groups }))
}

const unauthorized = () => json({ status: 'UNAUTHORIZED' }, 401)
const badRequest = (why: string) => json({ status: 'BAD_REQUEST', detail: why }, 400)

export function previewRoutes(): Route[] {
  return [
    route('GET', `${PREVIEW_API}/auth/checkauth`, ({ request, ctx }) => {
      const token = staffToken(request, ctx)
      return token ? json({ status: 'SUCCESS', ...sessions(ctx).get(token) }) : json({ status: 'UNAUTHORIZED', ...noSettings() }, 401)
    }),
    route('GET', `${PREVIEW_API}/auth/login/renew`, ({ request, ctx }) => (staffToken(request, ctx) ? json({ status: 'SUCCESS' }) : unauthorized())),
    route('GET', `${PREVIEW_API}/auth/logout`, ({ request, ctx }) => {
      const token = staffToken(request, ctx)
      if (token) sessions(ctx).delete(token)
      return withCookies(json({ status: 'SUCCESS' }), STAFF_COOKIES.map((c) => setCookie(c, '', 0)))
    }),
    // SPEC §7 leaves the method open; the widget POSTs, GET (previewDateTime as a query parameter) works too.
    ...['GET', 'POST'].map((method) =>
      route(method, `${PREVIEW_API}/token`, async ({ request, url, ctx }) => {
        const token = staffToken(request, ctx)
        if (!token) return unauthorized()
        const [error, body] = validate(method === 'POST' ? await readJson(request) : { previewDateTime: url.searchParams.get('previewDateTime') ?? undefined }, TokenRequestSchema)
        if (error) return badRequest(error.message)
        const time = Date.parse(body.previewDateTime)
        if (Number.isNaN(time)) return badRequest('previewDateTime is not a date-time')
        const test = url.searchParams.get('test') || null
        const group = url.searchParams.get('group') || null
        if (test) {
          const active = (await testsAt(ctx, time)).find((t) => t.name === test)
          if (!active) return badRequest(`no test ${test} at ${body.previewDateTime}`)
          if (!active.groups.some((g) => g.name === group)) return badRequest(`test ${test} needs one of its groups`)
        } else if (group) return badRequest('a group needs a test')
        sessions(ctx).set(token, { dateTime: body.previewDateTime, abTestName: test, abTestGroup: group })
        return json({ status: 'SUCCESS' })
      }),
    ),
    route('GET', `${ABTEST_API}/gettestsat`, async ({ url, ctx }) => {
      const time = Date.parse(url.searchParams.get('time') ?? '')
      if (Number.isNaN(time)) return badRequest('time is not a date-time')
      return json(await testsAt(ctx, time))
    }),
    route('GET', `${ABTEST_API}/getassignment`, ({ request, ctx }) => {
      const token = staffToken(request, ctx)
      const settings = token ? sessions(ctx).get(token) : null
      return json({ assignments: settings?.abTestName ? [{ test: settings.abTestName, group: settings.abTestGroup }] : [] })
    }),
    route('GET', '/_staff/', ({ url, ctx, request }) => {
      const leave = url.searchParams.has('leave')
      const name = url.searchParams.has('cobra') ? 'CobraAuthToken' : 'StaffAuthToken'
      let setCookies: string[]
      if (leave) {
        const token = staffToken(request, ctx)
        if (token && token !== DEMO_STAFF_TOKEN) sessions(ctx).delete(token)
        setCookies = STAFF_COOKIES.map((c) => setCookie(c, '', 0))
      } else {
        const token = `staff-${ctx.randomToken()}`
        sessions(ctx).set(token, noSettings())
        setCookies = [setCookie(name, token)]
      }
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Staff</title><link rel="stylesheet" href="/_demo/host.css"></head><body><main class="host-main"><h1>${leave ? 'You are no longer staff' : 'You are staff now'}</h1><p>The ${leave ? 'staff cookies are' : `${name} cookie is`} ${leave ? 'removed' : 'set'}. Open a <a href="/de/">market page</a>${leave ? '' : ' to see the preview panel'}.</p><p><a href="/_staff/${leave ? '' : '?leave'}">${leave ? 'Become staff' : 'Stop being staff'}</a></p></main></body></html>`
      return withCookies(html(page), setCookies)
    }),
  ]
}
