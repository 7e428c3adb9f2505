/**
 * The /_staff/ demo tool: becoming staff (a staff session and its cookie, StaffAuthToken or
 * CobraAuthToken) and leaving, by form post. DEMO_STAFF_TOKEN is a session that lives on every demo
 * server, for tests, and counts only for requests the demo serves (guard.ts).
 */
import { STAFF_COOKIES } from '../../src/contract/contract.ts'
import type { ServerContext } from '../core/context.ts'
import { readForm, setCookie, withCookies } from '../core/http.ts'
import type { Route } from '../core/router.ts'
import {
  endStaffSession,
  removeStaffCookies,
  staffToken,
  startStaffSession,
} from '../core/routes/preview.ts'
import type { DemoGuard } from './guard.ts'
import { toolPage } from './tool-page.ts'

export const DEMO_STAFF_TOKEN = 'demo-staff'

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

/** The staff tool's routes; starts the built-in DEMO_STAFF_TOKEN session. */
export function staffRoutes(ctx: ServerContext, guard: DemoGuard): Route[] {
  startStaffSession(ctx, DEMO_STAFF_TOKEN, { admits: guard.serves })
  return [
    guard.tool('GET', '/_staff/', ({ request, client }) =>
      staffPage(staffToken(request, ctx, client) ? 'You are staff' : 'Become staff'),
    ),
    guard.tool('POST', '/_staff/', async ({ request, client }) => {
      const form = await readForm(request)
      if (form.has('leave')) {
        const token = staffToken(request, ctx, client)
        if (token && token !== DEMO_STAFF_TOKEN) endStaffSession(ctx, token)
        return withCookies(
          staffPage('You are no longer staff', 'The staff cookies are removed.'),
          removeStaffCookies(),
        )
      }
      const name = STAFF_COOKIES.find((c) => c === form.get('cookie')) ?? STAFF_COOKIES[0]
      const token = `staff-${ctx.randomToken()}`
      startStaffSession(ctx, token, { keep: DEMO_STAFF_TOKEN })
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
