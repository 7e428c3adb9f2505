/** Where the footer's content comes from: inline in the page, else the content API (SPEC §7). */
import { createApiClient } from '../api/client'
import { isApiError } from '../api/errors'
import type { Widget } from '../base/widget-context'
import { FOOTER_CONTENT_PATH, SITE_HEADER } from '../contract/contract'
import { log } from '../log'
import { fromDocument } from '../dom'

/**
 * A server-rendered shop may put the content next to #footer and save the request:
 *   <script type="application/json" id="footer-content">{ ...footer configuration... }</script>
 */
export const INLINE_CONTENT_ID = 'footer-content'

/** The inline content's text, or null when the page has none. */
export function inlineContent(doc: Document): string | null {
  const script = fromDocument(doc, 'getElementById').call(doc, INLINE_CONTENT_ID)
  return script instanceof HTMLScriptElement && script.type === 'application/json'
    ? script.text
    : null
}

/**
 * Loads the content's JSON text: 404 means no content sections (SPEC §7), with a warning, since
 * a shop that does not route the call yet answers 404 too; any other failure is an error.
 */
export async function fetchContent(widget: Widget): Promise<string | null> {
  try {
    const client = createApiClient({
      baseURL: widget.origin,
      fetch: widget.fetch,
      timers: widget.timers,
      headers: { [SITE_HEADER]: widget.config.site },
    })
    const { data } = await client.get<{ contentJSON?: unknown }>(FOOTER_CONTENT_PATH)
    if (typeof data?.contentJSON !== 'string') {
      log.warn('W12')
      return null
    }
    return data.contentJSON
  } catch (error) {
    if (isApiError(error) && error.kind === 'response' && error.status === 404) log.warn('W27')
    else log.error('E5', error)
    return null
  }
}
