/**
 * The double opt-in landing's file (src/lazy-file.ts): the landing's model and view, loaded only
 * on a page opened with a subscriber token (newsletter.model.ts).
 */
export { createDoiLanding } from './doi-landing.model'
export { DoiLanding } from './doi-landing'
