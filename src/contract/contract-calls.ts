/**
 * The widget's calls as one table (docs/openapi.yaml describes each for a backend team, and
 * server/test/openapi.test.ts holds the two together): method, path, the headers a call carries
 * and the cookies the server reads on it. Composed from the path and name constants of src/contract/contract.ts and
 * src/contract/preview.api.ts, which the widget's API modules import one by one (a bundle carries
 * only the constants it uses, never this table); the contract server's routes and fault hook
 * and the fault tests read the table.
 */
import {
  BASE_DATA_PATH,
  CSRF_HEADER,
  DOI_PATH,
  FOOTER_CONTENT_PATH,
  FOOTER_FRAGMENT_PATH,
  LOGIN_API,
  LOGIN_PATH,
  LOGIN_TOKEN_COOKIE,
  LOGIN_TOKEN_HEADER,
  LOGIN_TOKEN_RENEW_PATH,
  LONG_TERM_TOKEN_COOKIE,
  LONG_TERM_TOKEN_RENEW_PATH,
  NEWSLETTER_API,
  NEWSLETTER_SPA_API,
  ORIGINAL_ADDRESS_HEADER,
  PSDATA_PATH,
  SITE_HEADER,
  STAFF_COOKIES,
  SUBSCRIBERS_PATH,
} from './contract'
import {
  ABTEST_API,
  ABTEST_ASSIGNMENT_PATH,
  ABTEST_TESTS_PATH,
  CHECKAUTH_PATH,
  PREVIEW_API,
  PREVIEW_LOGOUT_PATH,
  PREVIEW_RENEW_PATH,
  PREVIEW_TOKEN_PATH,
} from './preview.api'

export interface Call {
  method: 'GET' | 'POST' | 'PUT'
  /**
   * The path; `:token` stands for a subscriber token. A newsletter call's path is under each of
   * NEWSLETTER_BASES (paths()), every other call's under the origin.
   */
  path: string
  newsletter?: true
  /** Request headers the call carries. */
  headers: readonly string[]
  /** Cookies the server reads on it. */
  cookies: readonly string[]
}

/** The newsletter calls' two bases: a classic page's and a single-page app's. */
const NEWSLETTER_BASES = [NEWSLETTER_API, NEWSLETTER_SPA_API] as const

const TOKEN = '/:token'
const SITE_AND_PAGE = [SITE_HEADER, ORIGINAL_ADDRESS_HEADER]
const call = (
  method: Call['method'],
  path: string,
  more: Partial<Omit<Call, 'method' | 'path'>> = {},
): Call => ({ method, path, headers: [], cookies: [], ...more })

export const CALLS = {
  signUp: call('POST', SUBSCRIBERS_PATH, { newsletter: true, headers: SITE_AND_PAGE }),
  baseData: call('GET', BASE_DATA_PATH, { newsletter: true, headers: [LOGIN_TOKEN_HEADER] }),
  lookup: call('GET', SUBSCRIBERS_PATH + TOKEN, { newsletter: true, headers: [SITE_HEADER] }),
  doi: call('PUT', SUBSCRIBERS_PATH + TOKEN + DOI_PATH, {
    newsletter: true,
    headers: SITE_AND_PAGE,
  }),
  update: call('PUT', SUBSCRIBERS_PATH + TOKEN, { newsletter: true, headers: SITE_AND_PAGE }),
  footer: call('GET', FOOTER_CONTENT_PATH, { headers: [SITE_HEADER] }),
  /** The host page's server (or its SSI) asks for the rendered footer: docs/server-rendering.md. */
  footerFragment: call('GET', FOOTER_FRAGMENT_PATH + ':site'),
  psdata: call('GET', PSDATA_PATH, { headers: [CSRF_HEADER] }),
  checkauth: call('GET', PREVIEW_API + CHECKAUTH_PATH, { cookies: STAFF_COOKIES }),
  renew: call('GET', PREVIEW_API + PREVIEW_RENEW_PATH, { cookies: STAFF_COOKIES }),
  logout: call('GET', PREVIEW_API + PREVIEW_LOGOUT_PATH, { cookies: STAFF_COOKIES }),
  /** SPEC §7 leaves GET or POST open; the widget POSTs, and a GET would change state. */
  token: call('POST', PREVIEW_API + PREVIEW_TOKEN_PATH, { cookies: STAFF_COOKIES }),
  tests: call('GET', ABTEST_API + ABTEST_TESTS_PATH),
  assignment: call('GET', ABTEST_API + ABTEST_ASSIGNMENT_PATH, { cookies: STAFF_COOKIES }),
  login: call('POST', LOGIN_API + LOGIN_PATH, { headers: [CSRF_HEADER] }),
  loginRenew: call('POST', LOGIN_API + LOGIN_TOKEN_RENEW_PATH, { cookies: [LOGIN_TOKEN_COOKIE] }),
  longterm: call('POST', LOGIN_API + LONG_TERM_TOKEN_RENEW_PATH, {
    cookies: [LONG_TERM_TOKEN_COOKIE],
  }),
} satisfies Record<string, Call>

/** The call's full paths: under each newsletter base, or its path alone. */
export function paths(call: Call): string[] {
  return call.newsletter ? NEWSLETTER_BASES.map((base) => base + call.path) : [call.path]
}
