/**
 * The bench's content scaling, as middleware of the contract server's demo layer (handed in by
 * server/serve.ts and the bench, build/bench/index.ts): the header `X-Bench-Scale: N` or the
 * cookie `lf-bench-scale=N` (1 to 100) answers the footer content with every teaser group's and
 * SEO column's links N times (distinct URLs). Without it nothing changes; it is honoured only for
 * requests the demo serves (this machine, the server's own address).
 */
import { FOOTER_CONTENT_PATH } from '../../src/contract/contract.ts'
import type { Client } from '../../server/core/client.ts'
import { json } from '../../server/core/http.ts'
import type { Middleware } from '../../server/core/router.ts'

const BENCH_SCALE_HEADER = 'x-bench-scale'
export const BENCH_SCALE_COOKIE = 'lf-bench-scale'

function benchScale(request: Request): number {
  const cookie = /(?:^|;\s*)lf-bench-scale=(\d+)/.exec(request.headers.get('cookie') ?? '')?.[1]
  const n = Math.floor(Number(request.headers.get(BENCH_SCALE_HEADER) ?? cookie ?? 1))
  return n > 1 ? Math.min(n, 100) : 1
}

/** The scaling hook, for the requests `serves` admits. */
export function benchScaleHook(serves: (request: Request, client: Client) => boolean): Middleware {
  return async ({ request, url, client }, next) => {
    const n = serves(request, client) ? benchScale(request) : 1
    if (n === 1 || request.method !== 'GET' || url.pathname !== FOOTER_CONTENT_PATH) return next()
    // The scaled answer is built from the plain one: uncompressed, and never a 304 for an
    // unscaled copy the browser holds.
    const headers = new Headers(request.headers)
    headers.delete('accept-encoding')
    headers.delete('if-none-match')
    const response = await next(new Request(request, { headers }))
    if (!response.ok) return response
    const { contentJSON } = (await response.json()) as { contentJSON: string }
    return json({ contentJSON: JSON.stringify(scaleContent(JSON.parse(contentJSON), n)) })
  }
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
function scaleContent(content: Record<string, unknown>, n: number): Record<string, unknown> {
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
