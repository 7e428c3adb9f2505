/**
 * The preview and A/B test calls of the service contract (SPEC §3, §7); the rest of the
 * contract is src/contract/contract.ts. Only the staff preview file calls them, so they live in its folder:
 * the footer bundle carries no preview code, and the preview file copies no footer module
 * (build/product/preview-runtime.ts, build/test/build.test.ts). Data only.
 */
export const PREVIEW_API = '/service/preview/api'
export const CHECKAUTH_PATH = '/auth/checkauth'
export const PREVIEW_RENEW_PATH = '/auth/login/renew'
export const PREVIEW_LOGOUT_PATH = '/auth/logout'
/** POST with `?test=&group=`: applies the preview settings. */
export const PREVIEW_TOKEN_PATH = '/token'

export const ABTEST_API = '/service/abtestfrontend/api/v1'
export const ABTEST_TESTS_PATH = '/gettestsat'
export const ABTEST_ASSIGNMENT_PATH = '/getassignment'
