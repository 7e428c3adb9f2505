/** Renders the Footer in a test widget, fed from the contract server or from given content, and waits for its content. */
import { cleanup } from '@testing-library/preact'
import { Footer } from './footer'
import { createTestWidget, renderInWidget, type TestWidgetOptions } from '../../test/helpers/widget'
import { AFFILIATE_COOKIE, NEW_APP_COOKIE } from '../contract/contract'

/** A fetch that answers SHOP_FOOTER with this contentJSON string. */
export const contentFetch = (contentJSON: string) =>
  (async () => new Response(JSON.stringify({ contentJSON }))) as typeof fetch

export async function renderFooter(options: TestWidgetOptions = {}) {
  const { widget, clock, drain } = createTestWidget(options)
  const view = renderInWidget(<Footer />, widget)
  // Content renders in steps (footer.model.ts, and sections that stage their parts): run them all.
  await drain()
  return { view, widget, clock, drain }
}

export function resetFooterTest() {
  cleanup()
  for (const name of [AFFILIATE_COOKIE, NEW_APP_COOKIE])
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
}
