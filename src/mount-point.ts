/**
 * Where the footer lives, the one home of that rule: the last `#footer` before the widget's tag
 * that can hold a shadow root and is neither hidden nor inert, on the first mount and on every
 * one after it, and, when the page replaces that element (a single-page app's router re-renders
 * its layout) or puts a better one in place, the next one.
 */
import { fromDocument } from './dom'
import { log } from './log'
import { run } from './base/tasks'
import { SERVER_RENDERED_ATTRIBUTE } from './contract/contract'

type Claimed = [HTMLElement, ShadowRoot] | undefined

/**
 * The integrator's #footer and its new (or reused) shadow root: the last #footer before the
 * widget's own tag (the snippet puts the tag right after it), else, with the tag in `<head>` or
 * unknown, the first #footer of the page. CMS markup puts earlier elements with that id in the
 * page's content (`<span id="footer" hidden>`, a jump mark `<a id="footer">`); the integrator's
 * `<div id="footer">` comes after the content, and host markup after the tag is not it. A tag the
 * page replaced (an app root's `innerHTML`, tag included) is looked for again by its `src`.
 * Several are reported (W28); an element that cannot hold a shadow root, holds someone else's, or
 * sits in a hidden or inert subtree is skipped (W7). `quiet` looks without reporting: the page's
 * next #footer may still be on its way. With `current`, only an element the rule prefers to it is
 * claimed: the page may have put the integrator's element in place after a CMS one was taken.
 */
function claimHost(
  doc: Document,
  tag: Element | null,
  quiet?: boolean,
  current?: Element,
): Claimed {
  const warn = quiet ? () => {} : log.warn
  const find = fromDocument(doc, 'querySelectorAll')
  const all = [...find.call(doc, '#footer')] as HTMLElement[]
  if (all.length > 1) warn('W28')
  if (tag && !tag.isConnected) {
    const src = tag.getAttribute('src')
    tag = [...find.call(doc, 'script')].find((copy) => copy.getAttribute('src') === src) || null
  }
  // 2: Node.DOCUMENT_POSITION_PRECEDING
  const before = all.filter((host) => tag && tag.compareDocumentPosition(host) & 2)
  // With none before it (a tag in <head>), the first of the page: host markup after the tag is not it.
  for (const host of before.length ? before.reverse() : all) {
    if (host === current) return
    const shadow = host.shadowRoot
    try {
      if (host.closest('[hidden],[inert]')) throw 0
      // A root left empty by unmount() is taken again, and so is a server-rendered footer's
      // (docs/server-rendering.md): attachShadow would empty that one.
      return [
        host,
        shadow &&
        (!shadow.firstChild || shadow.lastElementChild?.hasAttribute(SERVER_RENDERED_ATTRIBUTE))
          ? shadow
          : host.attachShadow({ mode: 'open' }),
      ]
    } catch {
      // The messages name the id literally: a template costs bytes in every bundle.
      warn('W7', '<' + host.localName + ' id="footer">')
    }
  }
  quiet || log.error('E1')
}

/** `window.__lumoraFooter`'s two ends (types/lumora-footer.d.ts says what each leaves). */
export interface Following {
  /** Ends the footer in its element; the next #footer the page puts in place gets it again. */
  unmount(): void
  /** Ends the footer and the following: only a new tag brings it back. */
  destroy(): void
}

/**
 * Mounts with `mount` into the page's #footer, and again into the next one whenever the page takes
 * it out of the document or puts one the rule prefers in place; `mount` returns what ends its
 * footer. Cheap on pages whose DOM churns: while the host is in place only the child lists of its
 * ancestors are observed (changes elsewhere in the page make no records), and a batch of records
 * costs one `isConnected` read, one look up of `#footer` and observing the ancestors again (they
 * may have changed). Only while no #footer is in place is the whole document observed, until the
 * next one is there.
 */
export function followMountPoint(
  win: Window,
  tag: Element | null,
  mount: (host: HTMLElement, shadow: ShadowRoot) => () => void,
): Following {
  const doc = win.document
  let host: HTMLElement | undefined
  let end = () => {}
  const observer = new (win as Window & typeof globalThis).MutationObserver(() =>
    run(() => {
      const connected = host?.isConnected
      const better = connected && claimHost(doc, tag, true, host)
      if (connected && !better) return watchAncestors()
      if (host) {
        host = undefined
        end()
        observer.disconnect()
        observer.observe(doc, { childList: true, subtree: true })
      }
      take(better || claimHost(doc, tag, true))
    }),
  )
  const watchAncestors = () => {
    for (let node = host!.parentNode; node; node = node.parentNode)
      observer.observe(node, { childList: true })
  }
  const take = (claimed: Claimed) => {
    if (!claimed) return
    observer.disconnect()
    host = claimed[0]
    end = mount(host, claimed[1])
    watchAncestors()
  }
  take(claimHost(doc, tag))
  const unmount = () => {
    end()
    end = () => {}
  }
  return {
    unmount,
    destroy() {
      observer.disconnect()
      unmount()
    },
  }
}
