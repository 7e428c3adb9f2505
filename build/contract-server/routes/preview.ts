/**
 * Staff preview calls of SPEC §7 and the A/B test service. Staff are recognised by the
 * StaffAuthToken or CobraAuthToken cookie; /_staff/ sets one for the demo.
 * Fixtures: fixtures/api/abtests.json (tests per date).
 */
import { cookies, html, json, setCookie, withCookies } from '../http.ts'
import { readFixture } from '../fixtures.ts'
import { route, type Route } from '../router.ts'
import { featureState, type ServerContext } from '../context.ts'

export const STAFF_COOKIES = ['StaffAuthToken', 'CobraAuthToken'] as const
export const DEMO_STAFF_TOKEN = 'demo-staff'

interface PreviewState {
  dateTime: string | null
  abTestName: string | null
  abTestGroup: string | null
}

const state = (ctx: ServerContext) => featureState<PreviewState>(ctx, 'preview', () => ({ dateTime: null, abTestName: null, abTestGroup: null }))

function isStaff(request: Request): boolean {
  const jar = cookies(request)
  return STAFF_COOKIES.some((name) => jar[name] === DEMO_STAFF_TOKEN)
}

interface AbTestFixture {
  from: string
  to: string
  name: string
  groups: { name: string }[]
}

export function previewRoutes(): Route[] {
  return [
    route('GET', '/service/preview/api/auth/checkauth', ({ request, ctx }) =>
      isStaff(request) ? json({ status: 'SUCCESS', ...state(ctx) }) : json({ status: 'UNAUTHORIZED', dateTime: null, abTestName: null, abTestGroup: null }, 401),
    ),
    route('GET', '/service/preview/api/auth/login/renew', ({ request }) => (isStaff(request) ? json({ status: 'SUCCESS' }) : json({ status: 'UNAUTHORIZED' }, 401))),
    route('GET', '/service/preview/api/auth/logout', () =>
      withCookies(json({ status: 'SUCCESS' }), STAFF_COOKIES.map((c) => setCookie(c, '', 0))),
    ),
    ...['GET', 'POST'].map((method) =>
      route(method, '/service/preview/api/token', async ({ request, url, ctx }) => {
        if (!isStaff(request)) return json({ status: 'UNAUTHORIZED' }, 401)
        const body = method === 'POST' ? ((await request.json().catch(() => ({}))) as { previewDateTime?: unknown }) : { previewDateTime: url.searchParams.get('previewDateTime') }
        if (typeof body.previewDateTime !== 'string' || Number.isNaN(Date.parse(body.previewDateTime))) return json({ status: 'BAD_REQUEST' }, 400)
        Object.assign(state(ctx), { dateTime: body.previewDateTime, abTestName: url.searchParams.get('test') || null, abTestGroup: url.searchParams.get('group') || null })
        return json({ status: 'SUCCESS' })
      }),
    ),
    route('GET', '/service/abtestfrontend/api/v1/gettestsat', async ({ url, ctx }) => {
      const time = Date.parse(url.searchParams.get('time') ?? '')
      if (Number.isNaN(time)) return json({ status: 'BAD_REQUEST' }, 400)
      const tests = (await readFixture(ctx, 'api/abtests.json')) as AbTestFixture[]
      return json(tests.filter((t) => Date.parse(t.from) <= time && time < Date.parse(t.to)).map(({ name, groups }) => ({ name, groups })))
    }),
    route('GET', '/service/abtestfrontend/api/v1/getassignment', () => json({ assignments: [] })),
    route('GET', '/_staff/', ({ url }) => {
      const leave = url.searchParams.has('leave')
      const cookie = leave ? setCookie('StaffAuthToken', '', 0) : setCookie('StaffAuthToken', DEMO_STAFF_TOKEN)
      return html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Staff</title><link rel="stylesheet" href="/_demo/host.css"></head><body><main class="host-main"><h1>${leave ? 'You are no longer staff' : 'You are staff now'}</h1><p>The StaffAuthToken cookie is ${leave ? 'removed' : 'set'}. Open a <a href="/de/">market page</a>${leave ? '' : ' to see the preview panel'}.</p><p><a href="/_staff/${leave ? '' : '?leave'}">${leave ? 'Become staff' : 'Stop being staff'}</a></p></main></body></html>`, 200, { 'set-cookie': cookie })
    }),
  ]
}
