/**
 * The newsletter pictures in the manifest (docs/EMBEDDING.md, "The newsletter picture"): a host
 * page whose footer is in view at load preloads the file its screen's <picture> will choose, from
 * the page's <head>, long before the widget's script runs. Each gets a ready-to-paste preload
 * whose media query holds exactly where the <picture> picks that file (its own query, and none of
 * those before it), so a page loads one file, the one the <picture> then finds in the memory cache.
 */
import { NEWSLETTER_PICTURES, picturesBase } from '../../src/newsletter/picture.ts'
import type { ManifestPicture } from '../../src/contract/contract.ts'

const MIN_WIDTH = /^\(min-width: (\d+)px\)$/

/** `(min-width: Npx)` as the query that holds below it (the fraction: viewports may be fractional). */
function below(media: string): string {
  const match = MIN_WIDTH.exec(media)
  if (!match) throw new Error(`A picture's media query the manifest cannot invert: ${media}`)
  return `(max-width: ${Number(match[1]) - 0.02}px)`
}

/** The pictures for a build whose bundles are served under `publicPath` (`/static/` or an absolute URL). */
export function manifestPictures(publicPath: string): ManifestPicture[] {
  const origin = /^https?:\/\//.test(publicPath) ? new URL(publicPath).origin : ''
  return NEWSLETTER_PICTURES.map(([media, file], i) => {
    const href = picturesBase(origin) + file
    const only = [media, ...NEWSLETTER_PICTURES.slice(0, i).map(([earlier]) => below(earlier))]
      .filter(Boolean)
      .join(' and ')
    return {
      href,
      type: 'image/jpeg',
      media,
      preload: `<link rel="preload" as="image" href="${href}" type="image/jpeg" media="${only}" fetchpriority="high">`,
    }
  })
}
