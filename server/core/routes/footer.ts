/**
 * Footer content (SPEC §7: GET /service/promotion/api/promotion/SHOP_FOOTER answers
 * { contentJSON: "<string of JSON>" }), picked per market from X-Hunter-Site, cacheable and
 * compressed (cacheable.ts: ETag, 304, a short cache life; every page view asks for it), and the
 * shared psdata call (no-store: it is the visitor's own).
 * Fixtures: fixtures/footer/<site>.json, fixtures/api/psdata.json.
 */
import { isSite } from '../../../src/contract/sites.ts'
import {
  CSRF_HEADER,
  FOOTER_CONTENT_PATH,
  PSDATA_PATH,
  SITE_HEADER,
} from '../../../src/contract/contract.ts'
import { empty, json } from '../http.ts'
import { readFixture } from '../fixtures.ts'
import { route, type Route } from '../router.ts'
import { cacheableJson } from '../cacheable.ts'

/** The footer content's path (src/contract/contract.ts), under the name the benchmark imports. */
const FOOTER_PATH = FOOTER_CONTENT_PATH

export function footerRoutes(): Route[] {
  return [
    route('GET', FOOTER_PATH, async ({ request, ctx }) => {
      const requested = request.headers.get(SITE_HEADER)?.toUpperCase()
      const site = isSite(requested) ? requested : 'DE'
      const content = await readFixture(ctx, `footer/${site.toLowerCase()}.json`)
      return cacheableJson(request, { contentJSON: JSON.stringify(content) }, [SITE_HEADER])
    }),
    route('GET', PSDATA_PATH, async ({ request, ctx }) => {
      if (!request.headers.get(CSRF_HEADER)) return empty(403)
      return json(await readFixture(ctx, 'api/psdata.json'))
    }),
  ]
}
