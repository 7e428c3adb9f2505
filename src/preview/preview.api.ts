/**
 * The preview and A/B test calls of the service contract (SPEC §3, §7), re-exported by
 * src/contract.ts. They live here because the staff preview file imports them and may copy no
 * module of the footer bundle (build/product/preview-runtime.ts). Data only.
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
