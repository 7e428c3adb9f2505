/**
 * The footer's state: its content (inline or fetched), whether the reduced variant applies,
 * and the platform-derived layout. Components read it; it decides.
 */
import { computed, signal } from '@preact/signals-react'
import { createApiClient } from '../api/client'
import { isApiError } from '../api/errors'
import { isPhoneLike, isTouchLike } from '../platform'
import { log } from '../log'
import type { Widget } from '../app/widget-context'
import { parseContent } from './content'
import type { PartialContent } from './footer.schema'

export const FOOTER_CONTENT_PATH = '/service/promotion/api/promotion/SHOP_FOOTER'

/**
 * A server-rendered shop may put the content next to #footer and save the request:
 *   <script type="application/json" id="footer-content">{ ...footer configuration... }</script>
 */
export const INLINE_CONTENT_ID = 'footer-content'

/**
 * Reduced-variant cookies (SPEC §4): a partner visit carries its affiliate number, the new app
 * marks its web views. Any non-empty value counts.
 */
export const AFFILIATE_COOKIE = 'AffiliateNumber'
export const NEW_APP_COOKIE = 'Hunter-NewApp'

function cookie(doc: Document, name: string): string {
  const pair = doc.cookie.split('; ').find((c) => c.startsWith(name + '='))
  return pair ? decodeURIComponent(pair.slice(name.length + 1)).trim() : ''
}

export function isReduced(widget: Pick<Widget, 'config' | 'document'>): boolean {
  return widget.config.variant === 'reduced' || !!cookie(widget.document, AFFILIATE_COOKIE) || !!cookie(widget.document, NEW_APP_COOKIE)
}

/** The inline content's text, or null when the page has none. */
function inlineContent(doc: Document): string | null {
  const script = doc.getElementById(INLINE_CONTENT_ID)
  return script instanceof HTMLScriptElement && script.type === 'application/json' ? script.text : null
}

/** Loads the content: 404 means no content sections; any other failure is logged. */
async function fetchContent(widget: Widget): Promise<PartialContent | null> {
  try {
    const client = createApiClient({ baseURL: widget.origin, fetch: widget.fetch, timers: widget.timers, headers: { 'X-Hunter-Site': widget.config.site } })
    const { data } = await client.get<{ contentJSON?: unknown }>(FOOTER_CONTENT_PATH)
    if (typeof data?.contentJSON !== 'string') {
      log.warn('Footer content answer has no contentJSON string; no content sections shown.')
      return null
    }
    return parseContent(data.contentJSON)
  } catch (error) {
    if (!(isApiError(error) && error.kind === 'response' && error.status === 404)) log.error('Footer content could not be loaded.', error)
    return null
  }
}

export function createFooterModel(widget: Widget) {
  const content = signal<PartialContent | null>(null)
  const reduced = isReduced(widget)
  const phone = computed(() => isPhoneLike(widget.platform.value))
  const touch = computed(() => isTouchLike(widget.platform.value))
  const classic = computed(() => widget.platform.value === 'CLASSIC')

  async function load() {
    const inline = inlineContent(widget.document)
    content.value = inline !== null ? parseContent(inline) : await fetchContent(widget)
  }

  return { content, reduced, phone, touch, classic, load }
}

export type FooterModel = ReturnType<typeof createFooterModel>
