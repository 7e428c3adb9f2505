/**
 * The double opt-in landing's file (src/lazy-file.ts): the landing's model and view, loaded only
 * on a page opened with a subscriber token (newsletter.model.ts), and the texts only the view
 * shows, in the footer's locale, added to its dictionary before the view renders.
 */
import texts from 'virtual:file-texts'
import { addTexts } from '../i18n/add-texts'

addTexts(texts)

export { createDoiLanding } from './doi-landing.model'
export { DoiLanding } from './doi-landing'
