/**
 * Where the footer lives, the one home of that rule: the last `#footer` of the page that can hold
 * a shadow root, and, when the page replaces that element (a single-page app's router re-renders
 * its layout), the next one.
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
 * `<div id="footer">` comes after the content, and host markup after the tag is not it. Several are
 * reported (W28); an element that cannot hold a shadow root, or holds someone else's, is skipped
 * (W7). `quiet` looks without reporting: the page's next #footer may still be on its way.
 */
function claimHost(doc: Document, tag: Element | null, quiet?: boolean): Claimed {
  const warn = quiet ? () => {} : log.warn
  const all = fromDocument(doc, 'querySelectorAll').call(doc, '#footer')
  if (all.length > 1) warn('W28')
  // 2: Node.DOCUMENT_POSITION_PRECEDING
  const before = [...all].filter((host) => tag && tag.compareDocumentPosition(host) & 2)
  // With none before it (a tag in <head>), the first of the page: host markup after the tag is not it.
  const found = before.length ? before : [...all].reverse()
  for (let i = found.length; i--; ) {
    const host = found[i] as HTMLElement
    const shadow = host.shadowRoot
    try {
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

/**
 * Mounts with `mount` into the page's #footer, and again into the next one whenever the page takes
 * it out of the document; `mount` returns what ends its footer. Cheap on pages whose DOM churns:
 * while the host is in place only the child lists of its ancestors are observed (changes
 * elsewhere in the page make no records), and a batch of records costs one `isConnected` read
 * and observing the ancestors again (they may have changed). Only while no #footer is in place
 * is the whole document observed, until the next one is there. Returns what stops it all
 * (`window.__lumoraFooter.unmount()`).
 */
export function followMountPoint(
  win: Window,
  tag: Element | null,
  mount: (host: HTMLElement, shadow: ShadowRoot) => () => void,
): () => void {
  const doc = win.document
  let host: HTMLElement | undefined
  let end = () => {}
  const observer = new (win as Window & typeof globalThis).MutationObserver(() =>
    run(() => {
      if (host?.isConnected) return watchAncestors()
      if (host) {
        host = undefined
        end()
        observer.disconnect()
        observer.observe(doc, { childList: true, subtree: true })
      }
      take(claimHost(doc, tag, true))
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
  return () => {
    observer.disconnect()
    end()
  }
}
