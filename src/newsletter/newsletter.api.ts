/** The newsletter calls of SPEC §7 on the widget's injected fetch and timers. */
import { createApiClient, newsletterBasePath, siteHeaders } from '../api/client'
import { ResponseError } from '../api/errors'
import type { Widget } from '../base/widget-context'
import { EMAIL_INVALID_TYPE } from '../contract/newsletter.constants'
import type { SubscriberRequest } from '../contract/newsletter.schema'
import {
  BASE_DATA_PATH,
  DOI_PATH,
  LOGIN_TOKEN_HEADER,
  SUBSCRIBERS_PATH,
} from '../contract/contract'

export interface NewsletterApi {
  subscribe(request: SubscriberRequest): Promise<unknown>
  /** Confirms a double opt-in token. */
  confirm(token: string): Promise<unknown>
  /** The answer as it came: newsletter.base-data.ts checks it. */
  baseData(loginToken: string): Promise<unknown>
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
    confirm: (token) =>
      client.put(SUBSCRIBERS_PATH + '/' + encodeURIComponent(token) + DOI_PATH, undefined, {
        headers,
      }),
    baseData: (loginToken) =>
      client
        .get<unknown>(BASE_DATA_PATH, { headers: { [LOGIN_TOKEN_HEADER]: loginToken } })
        .then((r) => r.data),
  }
}

/** SPEC §8: a rejected address, as opposed to any other failure. */
export const isEmailInvalid = (error: unknown): boolean =>
  error instanceof ResponseError &&
  (error.data as { type?: unknown } | null)?.type === EMAIL_INVALID_TYPE
