/**
 * The newsletter block's picture (SPEC §2: files named by content hash under
 * service/newsletterfrontend/newslettersubscriptionform/), the one home of its files and their
 * media queries: the block's <picture> renders them, mount asks for this screen's file as it
 * claims #footer (src/mount.ts), and the build's manifest lists them for a host page's preload
 * (build/product/pictures.ts).
 */
import { NEWSLETTER_IMAGES } from '../contract/contract'
import { fromDocument } from '../dom'

/** The files by the media query that picks each, in <picture> order (the last for any width). */
export const NEWSLETTER_PICTURES: readonly (readonly [media: string, file: string])[] = [
  ['(min-width: 1024px)', 'c94c3a6a548e.jpg'],
  ['(min-width: 767px)', 'ae5da32c40c8.jpg'],
  ['', '2de68e986ab3.jpg'],
]

/** Where the pictures live: on the script's origin, so a host page's <base href> cannot move them. */
export const picturesBase = (assetOrigin: string) => assetOrigin + NEWSLETTER_IMAGES

/**
 * Starts the request of the file this window's <picture> will choose, at high priority, so the
 * <img> the block renders later finds it in the memory cache (same URL, same request mode: no
 * second download).
 */
export function requestPicture(win: Window, base: string): void {
  const [, file] = NEWSLETTER_PICTURES.find(([media]) => !media || win.matchMedia(media).matches)!
  const doc = win.document
  const img = fromDocument(doc, 'createElement').call(doc, 'img') as HTMLImageElement
  img.fetchPriority = 'high'
  img.src = base + file
}
