/** Renders the Footer in a test widget, fed from the contract server or from given content, and waits for its content. */
import { cleanup } from '@testing-library/preact'
import { Footer } from './footer'
import { createTestWidget, renderInWidget, type TestWidgetOptions } from '../../test/helpers/widget'
import { AFFILIATE_COOKIE, NEW_APP_COOKIE } from '../contract'

/** A fetch that answers SHOP_FOOTER with this contentJSON string. */
export const contentFetch = (contentJSON: string) =>
  (async () => new Response(JSON.stringify({ contentJSON }))) as typeof fetch

export async function renderFooter(options: TestWidgetOptions = {}) {
  const { widget, clock } = createTestWidget(options)
  const view = renderInWidget(<Footer />, widget)
  // Content renders in timer steps (footer.model.ts, and sections that stage their parts), some
  // asked for by effects after a paint: run them until the bottom group has arrived and nothing
  // has changed for a few rounds. (Up to 5 s of real time: the contract server reads fixtures
  // from disk, and the machine may be busy.)
  let changes = 0
  const observer = new MutationObserver(() => changes++)
  observer.observe(view.container, {
    childList: true,
    subtree: true,
    attributes: true,
    characterData: true,
  })
  for (let quiet = 0, until = Date.now() + 5000; Date.now() < until && quiet < 8; ) {
    const before = changes
    await new Promise((resolve) => setTimeout(resolve, 5))
    await clock.advance(1)
    const arrived = view.container.querySelector('.lf-bottom > :not(.lf-copyright)')
    quiet = arrived && changes === before ? quiet + 1 : 0
  }
  observer.disconnect()
  return { view, widget, clock }
}

export function resetFooterTest() {
  cleanup()
  for (const name of [AFFILIATE_COOKIE, NEW_APP_COOKIE])
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
}
