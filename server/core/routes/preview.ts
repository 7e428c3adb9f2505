/**
 * Staff preview calls of SPEC §7 and the A/B test service. Staff are recognised by the
 * StaffAuthToken or CobraAuthToken cookie holding a token of a live staff session. Sessions
 * start elsewhere (a real shop's staff login; the demo's /_staff/ tool, demo/staff.ts, through
 * startStaffSession). Each session has its own preview settings, so parallel browser tests do not meet.
 * Requests are checked with the widget's own schemas (src/contract/preview.schema.ts).
 * Fixtures: fixtures/api/abtests.json (tests with the period they run).
 */
import { validate } from 'superstruct'
import { cookies, json, readJson, setCookie, withCookies } from '../http.ts'
import { readFixture } from '../fixtures.ts'
import { callRoutes, route, type Route } from '../router.ts'
import type { Client } from '../client.ts'
import { featureState, setBounded, type ServerContext } from '../context.ts'
import { STAFF_COOKIES } from '../../../src/contract/contract.ts'
import { CALLS } from '../../../src/contract/contract-calls.ts'
import {
  TokenRequestSchema,
  type AbTest,
  type PreviewSession,
} from '../../../src/contract/preview.schema.ts'

type Settings = Omit<PreviewSession, 'status'>

interface StaffSession {
  settings: Settings
  /** Whether the token counts on this request; without it, on every request. */
  admits?: (request: Request, client: Client) => boolean
}

/** Live staff sessions by token. */
const sessions = (ctx: ServerContext) =>
  featureState(ctx, 'preview', () => new Map<string, StaffSession>())
const noSettings = (): Settings => ({ dateTime: null, abTestName: null, abTestGroup: null })

/**
 * Starts a staff session for `token`. Past the staffSessions cap the oldest ends, except `keep`
 * (a session that must stay, such as the demo's built-in one).
 */
export function startStaffSession(
  ctx: ServerContext,
  token: string,
  options: { admits?: StaffSession['admits']; keep?: string } = {},
): void {
  const session = { settings: noSettings(), admits: options.admits }
  setBounded(sessions(ctx), token, session, ctx.limits.staffSessions, options.keep)
}

export const endStaffSession = (ctx: ServerContext, token: string) => sessions(ctx).delete(token)

/** The staff token of the request, when it names a live session that admits the request. */
export function staffToken(request: Request, ctx: ServerContext, client: Client): string | null {
  const jar = cookies(request)
  return (
    STAFF_COOKIES.map((name) => jar[name]).find((token) => {
      const session = token ? sessions(ctx).get(token) : undefined
      return session !== undefined && (session.admits?.(request, client) ?? true)
    }) ?? null
  )
}

/** Every staff cookie, removed. */
export const removeStaffCookies = () =>
  STAFF_COOKIES.map((c) => setCookie(c, '', { maxAgeSeconds: 0, readableByWidget: true }))

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
    ...callRoutes(CALLS.checkauth, ({ request, ctx, client }) => {
      const token = staffToken(request, ctx, client)
      return token
        ? json({ status: 'SUCCESS', ...sessions(ctx).get(token)!.settings })
        : json({ status: 'UNAUTHORIZED', ...noSettings() }, 401)
    }),
    ...callRoutes(CALLS.renew, ({ request, ctx, client }) =>
      staffToken(request, ctx, client) ? json({ status: 'SUCCESS' }) : unauthorized(),
    ),
    // SPEC §7 makes logout a GET, so it cannot be a POST; other sites' links and images are refused instead.
    ...callRoutes(CALLS.logout, ({ request, ctx, client }) => {
      if (fromAnotherSite(request)) return json({ status: 'FORBIDDEN' }, 403)
      const token = staffToken(request, ctx, client)
      if (token) endStaffSession(ctx, token)
      return withCookies(json({ status: 'SUCCESS' }), removeStaffCookies())
    }),
    // SPEC §7 leaves the method open; the widget POSTs. A GET would change state, so it is refused.
    route('GET', CALLS.token.path, () =>
      json({ status: 'METHOD_NOT_ALLOWED', detail: 'Apply settings with POST.' }, 405, {
        allow: 'POST',
      }),
    ),
    ...callRoutes(CALLS.token, async ({ request, url, ctx, client }) => {
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
      sessions(ctx).get(token)!.settings = {
        dateTime: body.previewDateTime,
        abTestName: test,
        abTestGroup: group,
      }
      return json({ status: 'SUCCESS' })
    }),
    ...callRoutes(CALLS.tests, async ({ url, ctx }) => {
      const time = Date.parse(url.searchParams.get('time') ?? '')
      if (Number.isNaN(time)) return badRequest('time is not a date-time')
      return json(await testsAt(ctx, time))
    }),
    ...callRoutes(CALLS.assignment, ({ request, ctx, client }) => {
      const token = staffToken(request, ctx, client)
      const settings = token ? sessions(ctx).get(token)!.settings : null
      return json({
        assignments: settings?.abTestName
          ? [{ test: settings.abTestName, group: settings.abTestGroup }]
          : [],
      })
    }),
  ]
}

/** Sec-Fetch-Site tells a request another site started (a link, an image, a form) from one of our pages; old browsers do not send it. */
function fromAnotherSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site')
  return site === 'cross-site' || site === 'same-site'
}
