/** The footer feature's door: the footer, and which sections a page's variant shows (mount asks before rendering). */
export { Footer } from './footer'
export { footerSections } from './variant'
export { readContent, salvageSections } from './content'
export { Step } from './footer-plan'
