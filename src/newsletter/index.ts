/**
 * The newsletter feature's one door. Placeholder until the Newsletter issue lands: the footer
 * renders <NewsletterBlock /> at its top and the block decides itself whether to show.
 */
export function NewsletterBlock() {
  return null
}
