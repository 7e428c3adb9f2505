/** The newsletter calls of SPEC §7 on the widget's injected fetch and timers. */
import { createApiClient, newsletterBasePath, siteHeaders } from '../api/client'
import { ResponseError } from '../api/errors'
import type { Widget } from '../base/widget-context'
import { EMAIL_INVALID_TYPE } from '../contract/newsletter.constants'
import type { SubscriberRequest } from '../contract/newsletter.schema'
import { SUBSCRIBERS_PATH } from '../contract/contract'

export interface NewsletterApi {
  subscribe(request: SubscriberRequest): Promise<unknown>
  /**
   * A PUT to `path` with the site's headers: the double opt-in confirm, whose path its own
   * lazily loaded file builds (doi-landing.model.ts).
   */
  put(path: string): Promise<unknown>
  /**
   * A GET of `path` with `headers`, its answer as it came: the customer's base data, which the
   * logged-in visitor's file requests and checks (newsletter.base-data.ts).
   */
  get(path: string, headers: Record<string, string>): Promise<unknown>
}

export function createNewsletterApi(widget: Widget): NewsletterApi {
  const client = createApiClient({
    baseURL: newsletterBasePath(widget.origin, widget.config.spa),
    fetch: widget.fetch,
    timers: widget.timers,
  })
  const headers = siteHeaders(widget.config.site, widget.pageAddress)
  return {
    // redaxios sends an object body as JSON, with Content-Type: application/json.
    subscribe: (request) => client.post(SUBSCRIBERS_PATH, request, { headers }),
    put: (path) => client.put(path, undefined, { headers }),
    get: (path, headers) => client.get<unknown>(path, { headers }).then((r) => r.data),
  }
}

/** SPEC §8: a rejected address, as opposed to any other failure. */
export const isEmailInvalid = (error: unknown): boolean =>
  error instanceof ResponseError &&
  (error.data as { type?: unknown } | null)?.type === EMAIL_INVALID_TYPE
