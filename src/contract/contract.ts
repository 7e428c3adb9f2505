/**
 * The service contract (SPEC §3, §7): what the widget, the contract server
 * (server/) and the tests must agree on, written once. Data and types only, so a
 * bundle carries just the constants it uses. SPEC §7 as one table of calls, composed from these
 * constants: src/contract/contract-calls.ts.
 */

// API paths. A base is relative to the page's origin; the paths under it are relative to the base.

/** Newsletter calls on a classic page (SPEC §7). */
export const NEWSLETTER_API = '/service/newsletter/api/internal'
/** Newsletter calls from a single-page app. */
export const NEWSLETTER_SPA_API = '/service/newsletter/api/private'
/** POST signs up; `/{token}` reads (GET) and corrects (PUT) a pending sign-up. */
export const SUBSCRIBERS_PATH = '/newsletter-subscribers'
/** PUT `${SUBSCRIBERS_PATH}/{token}${DOI_PATH}` confirms the double opt-in. */
export const DOI_PATH = '/doi'
/** GET with the login token in LOGIN_TOKEN_HEADER: the customer's base data. */
export const BASE_DATA_PATH = '/customers/base-data'

export const FOOTER_CONTENT_PATH = '/service/promotion/api/promotion/SHOP_FOOTER'
export const PSDATA_PATH = '/service/customerfrontenddata/api/v1/psdata'

export const LOGIN_API = '/service/login/api/v1'
export const LOGIN_PATH = '/login'
export const LOGIN_TOKEN_RENEW_PATH = '/logintoken/renew'
export const LONG_TERM_TOKEN_RENEW_PATH = '/longtermtoken/renew'

// The preview and A/B test calls (PREVIEW_API, ABTEST_API and their paths) are the contract's one
// other file, src/contract/preview.api.ts: only the staff preview file calls them, and it may copy
// no module of the footer bundle, nor may the footer carry preview code (build/test/build.test.ts).

/** Static files: footer logos, and the newsletter block's images (named by content hash). */
export const FOOTER_IMAGES = '/service/footer-images/'
export const LOGO_FOLDER = FOOTER_IMAGES + 'logos/'
export const NEWSLETTER_IMAGES = '/service/newsletterfrontend/newslettersubscriptionform/'

// Cookies the widget reads (the server sets them readable by scripts, SPEC §3).

/** The login token (a JWT whose exp, ren and lid drive the session monitor). */
export const LOGIN_TOKEN_COOKIE = 'LoginToken'
/** Keeps a login across browser sessions; only the server reads it (POST longtermtoken/renew). */
export const LONG_TERM_TOKEN_COOKIE = 'LongtermToken'
/** Either of them means staff: the preview panel loads. The first is the usual one. */
export const STAFF_COOKIES = ['StaffAuthToken', 'CobraAuthToken'] as const
/** Reduced-variant cookies (SPEC §4): a partner visit, the new app's web views; any non-empty value counts. */
export const AFFILIATE_COOKIE = 'AffiliateNumber'
export const NEW_APP_COOKIE = 'Hunter-NewApp'

// Request headers.

export const SITE_HEADER = 'X-Hunter-Site'
/** The page's origin and path: where the confirmation link sends the visitor back. */
export const ORIGINAL_ADDRESS_HEADER = 'X-Original-Address'
export const LOGIN_TOKEN_HEADER = 'X-LoginToken'
/** Required on the calls that send credentials (psdata, login); its value is '1'. */
export const CSRF_HEADER = 'X-hunter-csrf'

/** The query parameter of the confirmation link that carries the subscriber token. */
export const SUBSCRIBER_TOKEN_PARAM = 'subscriberToken'
/** A subscriber token is this many random bytes, written in base64url without padding... */
export const SUBSCRIBER_TOKEN_BYTES = 16
/** ...so exactly this: anything else (a path part, `..`, another length) is no token, never sent or looked up. */
export const SUBSCRIBER_TOKEN_PATTERN = /^[\w-]{22}$/

// The server-rendered footer (docs/server-rendering.md).

/**
 * The attribute that marks the last element of a server-rendered shadow root as the footer's: the
 * bundle takes over such a root instead of attaching its own (src/mount-point.ts).
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-lumora-footer'
/** Where the reference backend serves the server-rendered footer: `<path><SITE>?platform=...`. */
export const FOOTER_FRAGMENT_PATH = '/service/footer-fragment/'

// The page global.

/** Dispatched on #footer (bubbling, composed) once per mount when every part of the footer is in place. */
export const READY_EVENT = 'lumora:ready'

/** The one global the widget adds to `window`; it also guards against double inclusion. */
export const GLOBAL_KEY = '__lumoraFooter'

/** A lazily loaded file's hand-off: the file calls it with its module function (src/lazy-file.ts). */
type HandOff = (define: (runtime: unknown) => unknown) => void

/** What window[GLOBAL_KEY] holds. */
export interface FooterGlobal {
  version: string
  locale: string
  /** Ends the footer in its element (timers, listeners, requests, renewals); the next #footer the page puts in place gets it again. */
  unmount(): void
  /** Ends the footer and its following of #footer, and removes this global; a tag added afterwards mounts afresh. */
  destroy(): void
  /** Set while the staff preview file loads. */
  preview?: HandOff
  /** Set while the double opt-in landing's file loads. */
  doi?: HandOff
  /** Set while the logged-in visitor's file (session monitor, base data merge) loads. */
  login?: HandOff
}

/** window[GLOBAL_KEY], typed: a page may hold anything there (host markup named like it, too). */
export type WithFooterGlobal = { [GLOBAL_KEY]?: FooterGlobal }

// The build's manifest.json, which the contract server and the size tools read.

export type BundleKind = 'footer' | 'preview' | 'lazy'

interface Sizes {
  min: number
  gzip: number
  brotli: number
}

export interface ManifestEntry {
  kind: BundleKind
  locale: string
  site: string | null
  file: string
  bytes: Sizes
  integrity: string
  /** A footer's ready-to-paste embed tag; the lazily loaded files have none (no page pastes them). */
  tag?: string
  /** A footer's evergreen copy (docs/EMBEDDING.md, "Updating without editing HTML"): its file and tag, without `integrity`. */
  evergreen?: { file: string; tag: string }
  /**
   * A footer's newsletter pictures, for a host page whose footer is in view at load
   * (docs/EMBEDDING.md, "The newsletter picture"); build/product/pictures.ts writes them.
   */
  pictures?: ManifestPicture[]
}

export interface ManifestPicture {
  /** The file's address: on the asset origin when the build's public path names one. */
  href: string
  type: string
  /** The media query of its <source> in the block's <picture>; empty for the <img>, any width. */
  media: string
  /** Ready-to-paste `<link rel="preload">`, for the widths at which the <picture> chooses this file alone. */
  preload: string
}

export interface Manifest {
  flavor: 'preact' | 'react'
  /** The product's version (semver, package.json), as `window.__lumoraFooter.version` says it too. */
  version: string
  builtAt: string
  publicPath: string
  bundles: ManifestEntry[]
}
