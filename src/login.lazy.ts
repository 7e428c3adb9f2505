/**
 * The file of a visitor with a LoginToken cookie (src/lazy-file.ts): the session monitor
 * (src/session/index.ts starts it on desktop) and the customer base data's check and merge into
 * the sign-up form (src/newsletter/newsletter-status.model.ts). One file for both: both need the
 * cookie, and each file costs every footer bundle its name and SRI hash.
 */
export { createSessionMonitor } from './session/session-monitor'
export { loadBaseData } from './newsletter/newsletter.base-data'
