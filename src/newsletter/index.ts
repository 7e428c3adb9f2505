/**
 * The newsletter feature's one door: the footer renders <NewsletterBlock /> at its top and the
 * block decides itself whether to show (SPEC §4: page marks it hidden, or status says subscribed).
 */
export { NewsletterBlock } from './newsletter-block'
export { SIGN_UP_EVENT, SUBMITTED_EVENT } from './newsletter.analytics'
/** The DOI landing's token, taken from the address bar before anything else reads it (mount). */
export { takeSubscriberToken } from './doi-landing.token'
/** The picture's early request, which mount starts before the block exists. */
export { picturesBase, requestPicture } from './picture'
