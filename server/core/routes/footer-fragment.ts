/**
 * The server-rendered footer (docs/server-rendering.md): GET /service/footer-fragment/<SITE>
 * ?platform=<SMARTPHONE|TABLET|CLASSIC> answers the inner HTML of `#footer` for the market's
 * current content, for a host page's server or its SSI to put into the page. Cached as the content
 * call is (cacheable.ts: ETag, 304, a short cache life, br/gzip): the same for every visitor.
 * An unknown site or platform gets 400 with a problem body; without the render (the product
 * build not there) 503.
 */
import { isSite, type Site } from '../../../src/contract/sites.ts'
import { CALLS } from '../../../src/contract/contract-calls.ts'
import { HttpError, problem } from '../http.ts'
import { readFixture } from '../fixtures.ts'
import { callRoutes, type Route } from '../router.ts'
import { cacheable } from '../cacheable.ts'
import { featureState, setBounded, type ServerContext } from '../context.ts'

/** The platforms a server renders (the bundle detects MATCH itself). */
export const FRAGMENT_PLATFORMS = ['SMARTPHONE', 'TABLET', 'CLASSIC']

/** Rendered fragments by market, platform and content: a render costs milliseconds, a page view asks for one. */
const RENDERED_CAP = 64

/**
 * The fragment for a market and platform with the market's current content; null without the
 * render. The demo's server-rendered pages (`/de/?ssr`) use it as a shop's server would.
 */
export async function footerFragment(
  ctx: ServerContext,
  site: Site,
  platform: string,
): Promise<string | null> {
  const render = ctx.renderFooter
  if (!render) return null
  const content = JSON.stringify(await readFixture(ctx, `footer/${site.toLowerCase()}.json`))
  const rendered = featureState(ctx, 'footer-fragment', () => new Map<string, string>())
  const key = `${site} ${platform} ${content}`
  let fragment = rendered.get(key)
  if (fragment === undefined) {
    fragment = await render({
      site,
      platform,
      content,
      origin: ctx.publicOrigin,
      assetOrigin: ctx.assetOrigin,
    })
    setBounded(rendered, key, fragment, RENDERED_CAP)
  }
  return fragment
}

export function footerFragmentRoutes(): Route[] {
  return callRoutes(CALLS.footerFragment, async ({ request, url, params, ctx }) => {
    const site = params.site.toUpperCase().replace('-', '_')
    if (!isSite(site)) throw new HttpError(400, 'Unknown site.')
    const platform = url.searchParams.get('platform')?.toUpperCase() ?? ''
    if (!FRAGMENT_PLATFORMS.includes(platform))
      throw new HttpError(400, `platform must be one of ${FRAGMENT_PLATFORMS.join(', ')}.`)
    const fragment = await footerFragment(ctx, site, platform)
    if (fragment === null)
      return problem(503, 'urn:contract:unavailable', 'The footer render is not available.')
    return cacheable(request, fragment, 'text/html; charset=utf-8')
  })
}
