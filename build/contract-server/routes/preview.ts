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
import { cookies, json, readForm, readJson, setCookie, withCookies } from '../http.ts'
import { toolPage } from '../demo.ts'
import { readFixture } from '../fixtures.ts'
import { demoTool, route, type Route } from '../router.ts'
import type { Client } from '../client.ts'
import { demoServes, featureState, setBounded, type ServerContext } from '../context.ts'
import {
  ABTEST_API,
  ABTEST_ASSIGNMENT_PATH,
  ABTEST_TESTS_PATH,
  CHECKAUTH_PATH,
  PREVIEW_API,
  PREVIEW_LOGOUT_PATH,
  PREVIEW_RENEW_PATH,
  PREVIEW_TOKEN_PATH,
} from '../../../src/preview/preview.api.ts'
import { STAFF_COOKIES } from '../../../src/contract.ts'
import {
  TokenRequestSchema,
  type AbTest,
  type PreviewSession,
} from '../../../src/preview/preview.schema.ts'

export const DEMO_STAFF_TOKEN = 'demo-staff'

type Settings = Omit<PreviewSession, 'status'>

/** Live staff sessions by token, each with its preview settings. */
const sessions = (ctx: ServerContext) =>
  featureState(ctx, 'preview', () => new Map<string, Settings>([[DEMO_STAFF_TOKEN, noSettings()]]))
const noSettings = (): Settings => ({ dateTime: null, abTestName: null, abTestGroup: null })

/** The staff token of the request, when it names a live session. */
function staffToken(request: Request, ctx: ServerContext, client: Client): string | null {
  const jar = cookies(request)
  return (
    STAFF_COOKIES.map((name) => jar[name]).find(
      (token) =>
        token &&
        sessions(ctx).has(token) &&
        (token !== DEMO_STAFF_TOKEN || demoServes(ctx, request, client)),
    ) ?? null
  )
}

interface AbTestFixture extends AbTest {
  from: string
  to: string
}

async function testsAt(ctx: ServerContext, time: number): Promise<AbTest[]> {
  const tests = (await readFixture(ctx, 'api/abtests.json')) as AbTestFixture[]
  return tests
    .filter((t) => Date.parse(t.from) <= time && time < Date.parse(t.to))
    .map(({ name, groups }) => ({ name, groups }))
}

const unauthorized = () => json({ status: 'UNAUTHORIZED' }, 401)
const badRequest = (why: string) => json({ status: 'BAD_REQUEST', detail: why }, 400)

export function previewRoutes(): Route[] {
  return [
    route('GET', PREVIEW_API + CHECKAUTH_PATH, ({ request, ctx, client }) => {
      const token = staffToken(request, ctx, client)
      return token
        ? json({ status: 'SUCCESS', ...sessions(ctx).get(token) })
        : json({ status: 'UNAUTHORIZED', ...noSettings() }, 401)
    }),
    route('GET', PREVIEW_API + PREVIEW_RENEW_PATH, ({ request, ctx, client }) =>
      staffToken(request, ctx, client) ? json({ status: 'SUCCESS' }) : unauthorized(),
    ),
    // SPEC §7 makes logout a GET, so it cannot be a POST; other sites' links and images are refused instead.
    route('GET', PREVIEW_API + PREVIEW_LOGOUT_PATH, ({ request, ctx, client }) => {
      if (fromAnotherSite(request)) return json({ status: 'FORBIDDEN' }, 403)
      const token = staffToken(request, ctx, client)
      if (token) sessions(ctx).delete(token)
      return withCookies(
        json({ status: 'SUCCESS' }),
        STAFF_COOKIES.map((c) => setCookie(c, '', { maxAgeSeconds: 0, readableByWidget: true })),
      )
    }),
    // SPEC §7 leaves the method open; the widget POSTs. A GET would change state, so it is refused.
    route('GET', PREVIEW_API + PREVIEW_TOKEN_PATH, () =>
      json({ status: 'METHOD_NOT_ALLOWED', detail: 'Apply settings with POST.' }, 405, {
        allow: 'POST',
      }),
    ),
    route('POST', PREVIEW_API + PREVIEW_TOKEN_PATH, async ({ request, url, ctx, client }) => {
      const token = staffToken(request, ctx, client)
      if (!token) return unauthorized()
      const [error, body] = validate(await readJson(request), TokenRequestSchema)
      if (error) return badRequest(error.message)
      const time = Date.parse(body.previewDateTime)
      if (Number.isNaN(time)) return badRequest('previewDateTime is not a date-time')
      const test = url.searchParams.get('test') || null
      const group = url.searchParams.get('group') || null
      if (test) {
        const active = (await testsAt(ctx, time)).find((t) => t.name === test)
        if (!active) return badRequest(`no test ${test} at ${body.previewDateTime}`)
        if (!active.groups.some((g) => g.name === group))
          return badRequest(`test ${test} needs one of its groups`)
      } else if (group) return badRequest('a group needs a test')
      sessions(ctx).set(token, {
        dateTime: body.previewDateTime,
        abTestName: test,
        abTestGroup: group,
      })
      return json({ status: 'SUCCESS' })
    }),
    route('GET', ABTEST_API + ABTEST_TESTS_PATH, async ({ url, ctx }) => {
      const time = Date.parse(url.searchParams.get('time') ?? '')
      if (Number.isNaN(time)) return badRequest('time is not a date-time')
      return json(await testsAt(ctx, time))
    }),
    route('GET', ABTEST_API + ABTEST_ASSIGNMENT_PATH, ({ request, ctx, client }) => {
      const token = staffToken(request, ctx, client)
      const settings = token ? sessions(ctx).get(token) : null
      return json({
        assignments: settings?.abTestName
          ? [{ test: settings.abTestName, group: settings.abTestGroup }]
          : [],
      })
    }),
    demoTool('GET', '/_staff/', ({ request, ctx, client }) =>
      staffPage(staffToken(request, ctx, client) ? 'You are staff' : 'Become staff'),
    ),
    demoTool('POST', '/_staff/', async ({ request, ctx, client }) => {
      const form = await readForm(request)
      if (form.has('leave')) {
        const token = staffToken(request, ctx, client)
        if (token && token !== DEMO_STAFF_TOKEN) sessions(ctx).delete(token)
        return withCookies(
          staffPage('You are no longer staff', 'The staff cookies are removed.'),
          STAFF_COOKIES.map((c) => setCookie(c, '', { maxAgeSeconds: 0, readableByWidget: true })),
        )
      }
      const name = STAFF_COOKIES.find((c) => c === form.get('cookie')) ?? STAFF_COOKIES[0]
      const token = `staff-${ctx.randomToken()}`
      setBounded(sessions(ctx), token, noSettings(), ctx.limits.staffSessions, DEMO_STAFF_TOKEN)
      return withCookies(
        staffPage(
          'You are staff now',
          `The ${name} cookie is set. Open a <a href="/de/">market page</a> to see the preview panel.`,
        ),
        [setCookie(name, token, { readableByWidget: true })],
      )
    }),
  ]
}

/** Sec-Fetch-Site tells a request another site started (a link, an image, a form) from one of our pages; old browsers do not send it. */
function fromAnotherSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site')
  return site === 'cross-site' || site === 'same-site'
}

/** The staff page: becoming staff or leaving changes state, so it happens by form post, never by opening a link. */
function staffPage(heading: string, done = ''): Response {
  const become = STAFF_COOKIES.map(
    (name) =>
      `<form method="post" action="/_staff/"><input type="hidden" name="cookie" value="${name}"><button type="submit">Become staff${name === STAFF_COOKIES[0] ? '' : ` with ${name}`}</button></form>`,
  ).join('')
  const leave =
    '<form method="post" action="/_staff/"><input type="hidden" name="leave" value="1"><button type="submit">Stop being staff</button></form>'
  return toolPage(
    'Staff',
    `<h1>${heading}</h1>${done ? `<p>${done}</p>` : ''}${become}${leave}<p><a href="/">Back to the demo</a></p>`,
  )
}
