/**
 * Footer content (SPEC §7: GET /service/promotion/api/promotion/SHOP_FOOTER answers
 * { contentJSON: "<string of JSON>" }), picked per market from X-Hunter-Site, cacheable and
 * compressed (cacheable.ts: ETag, 304, a short cache life; every page view asks for it), and the
 * shared psdata call (no-store: it is the visitor's own).
 * Fixtures: fixtures/footer/<site>.json, fixtures/api/psdata.json.
 */
import { isSite } from '../../../src/sites.ts'
import {
  CSRF_HEADER,
  FOOTER_CONTENT_PATH,
  PSDATA_PATH,
  SITE_HEADER,
} from '../../../src/contract.ts'
import { empty, json } from '../http.ts'
import { readFixture } from '../fixtures.ts'
import { route, type Route } from '../router.ts'
import { demoServes } from '../context.ts'
import { cacheableJson } from '../cacheable.ts'

/** The footer content's path (src/contract.ts), under the name the benchmark imports. */
export const FOOTER_PATH = FOOTER_CONTENT_PATH

/**
 * For the benchmark (build/bench/): the header `X-Bench-Scale: N` or the cookie `lf-bench-scale=N`
 * (1 to 100) answers the content with its link lists N times as long. Without it nothing changes.
 * A demo hook: honoured only where the demo's tools are (context.ts, demoServes).
 */
export const BENCH_SCALE_HEADER = 'x-bench-scale'
export const BENCH_SCALE_COOKIE = 'lf-bench-scale'

function benchScale(request: Request): number {
  const cookie = /(?:^|;\s*)lf-bench-scale=(\d+)/.exec(request.headers.get('cookie') ?? '')?.[1]
  const n = Math.floor(Number(request.headers.get(BENCH_SCALE_HEADER) ?? cookie ?? 1))
  return n > 1 ? Math.min(n, 100) : 1
}

type Link = { url: string; text: string }
type Linked = { links?: unknown[] }

/** A copy of a link with a distinct URL (teaser links wrap theirs: `{ link: { url, text } }`). */
function copyLink(item: unknown, copy: number): unknown {
  if (!copy || !item || typeof item !== 'object') return item
  const mark = (link: Link) => ({
    ...link,
    url: `${link.url}${link.url.includes('?') ? '&' : '?'}copy=${copy}`,
  })
  const wrapped = item as { link?: Link; url?: string }
  if (typeof wrapped.url === 'string') return mark(item as Link)
  if (wrapped.link && typeof wrapped.link.url === 'string')
    return { ...wrapped, link: mark(wrapped.link) }
  return item
}

/** The content with every teaser group's and SEO column's links repeated `n` times (distinct URLs). */
export function scaleContent(content: Record<string, unknown>, n: number): Record<string, unknown> {
  if (n <= 1) return content
  const repeat = <T extends Linked>(item: T): T =>
    Array.isArray(item.links)
      ? {
          ...item,
          links: Array.from({ length: n }, (_, copy) =>
            item.links!.map((link) => copyLink(link, copy)),
          ).flat(),
        }
      : item
  const seo = content.seo as { columns?: Linked[] } | undefined
  return {
    ...content,
    teaserGroups: Array.isArray(content.teaserGroups)
      ? (content.teaserGroups as Linked[]).map(repeat)
      : content.teaserGroups,
    seo: seo && Array.isArray(seo.columns) ? { ...seo, columns: seo.columns.map(repeat) } : seo,
  }
}

export function footerRoutes(): Route[] {
  return [
    route('GET', FOOTER_PATH, async ({ request, ctx, client }) => {
      const requested = request.headers.get(SITE_HEADER)?.toUpperCase()
      const site = isSite(requested) ? requested : 'DE'
      const content = await readFixture(ctx, `footer/${site.toLowerCase()}.json`)
      const scale = demoServes(ctx, request, client) ? benchScale(request) : 1
      const answer = {
        contentJSON: JSON.stringify(scaleContent(content as Record<string, unknown>, scale)),
      }
      // The scaled content depends on a cookie no cache keys on: never kept.
      return scale > 1 ? json(answer) : cacheableJson(request, answer, [SITE_HEADER])
    }),
    route('GET', PSDATA_PATH, async ({ request, ctx }) => {
      if (!request.headers.get(CSRF_HEADER)) return empty(403)
      return json(await readFixture(ctx, 'api/psdata.json'))
    }),
  ]
}
