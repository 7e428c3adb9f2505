/**
 * The service contract (SPEC §3, §7): what the widget, the contract server
 * (build/contract-server/) and the tests must agree on, written once. Constants only, each its
 * own export, so a bundle carries just the ones it uses (the preview's paths stay out of the
 * footer).
 */
import type { PreviewHandOff } from './preview/load'

// Paths on the shop's origin.
export const PSDATA_PATH = '/service/customerfrontenddata/api/v1/psdata'
export const FOOTER_CONTENT_PATH = '/service/promotion/api/promotion/SHOP_FOOTER'
export const FOOTER_IMAGES = '/service/footer-images/'
/** Footer logos and flags, by file name (SPEC §9). */
export const LOGO_FOLDER = `${FOOTER_IMAGES}logos/`
/** The sign-up block's images. */
export const NEWSLETTER_IMAGE_FOLDER = '/service/newsletterfrontend/newslettersubscriptionform/'
/** The newsletter API: `private` on single-page shops (data-spa), `internal` elsewhere. */
export const NEWSLETTER_API = {
  internal: '/service/newsletter/api/internal',
  private: '/service/newsletter/api/private',
} as const
/** Below NEWSLETTER_API: the sign-up; `/<token>/doi` confirms a double opt-in. */
export const SUBSCRIBERS_PATH = '/newsletter-subscribers'
/** Below NEWSLETTER_API: a logged-in customer's base data. */
export const BASE_DATA_PATH = '/customers/base-data'
export const LOGIN_API = '/service/login/api/v1'
/** Below LOGIN_API. */
export const LOGIN_PATH = '/login'
export const LOGIN_RENEW_PATH = '/logintoken/renew'
export const LONG_TERM_RENEW_PATH = '/longtermtoken/renew'
export const PREVIEW_API = '/service/preview/api'
export const ABTEST_API = '/service/abtestfrontend/api/v1'

// Cookies the server sets and the widget reads (it never writes one).
export const LOGIN_TOKEN_COOKIE = 'LoginToken'
/** Either one marks a staff member: only then is the preview file loaded. */
export const STAFF_COOKIES = ['StaffAuthToken', 'CobraAuthToken'] as const
/** Reduced-variant cookies (SPEC §4): a partner visit, the new app's web views. */
export const AFFILIATE_COOKIE = 'AffiliateNumber'
export const NEW_APP_COOKIE = 'Hunter-NewApp'

// Request headers (HTTP header names are case-insensitive; servers read them lowercased).
export const SITE_HEADER = 'X-Hunter-Site'
export const ORIGINAL_ADDRESS_HEADER = 'X-Original-Address'
export const LOGIN_TOKEN_HEADER = 'X-LoginToken'
/** Sent with psdata and login calls: a cross-site form cannot set it. */
export const CSRF_HEADER = 'X-hunter-csrf'

/** The one global the widget adds to `window`; it also guards against double inclusion. */
export const GLOBAL_KEY = '__lumoraFooter'

/** What the global holds: the first copy's marker, and the preview file's hand-off (src/preview/load.ts). */
interface WidgetGlobal extends PreviewHandOff {
  version: string
  locale: string
}

declare global {
  interface Window {
    /** Host markup can shadow it (`<a id="__lumoraFooter">`): src/mount.ts checks what it holds. */
    [GLOBAL_KEY]?: WidgetGlobal
  }
}
