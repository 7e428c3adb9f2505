/**
 * The only preview module in the main bundle (everything else of src/preview/ ships in its own
 * file, see build/product/build.ts LAZY_FILES). Anonymous visitors pay for this file alone.
 *
 * With a StaffAuthToken or CobraAuthToken cookie it loads the preview panel's file (src/lazy-file.ts:
 * next to the footer script, with integrity, through the Trusted Types policy), a classic script
 * built once (English labels, SPEC §9). The auth check (checkauth) happens in the preview file: the
 * main bundle only knows that a staff cookie exists. Once the file has run, its `mountPreview` gets
 * a container inside the widget's shadow root, the style root (CSP-safe useStyles) and the
 * widget's injected I/O. A missing or failing preview file is logged; the footer and the page stay
 * as they are.
 */
import { STAFF_COOKIES } from '../contract/contract'
import { log } from '../log'
import { readCookie } from '../cookies'
import { fromDocument } from '../dom'
import type { Widget } from '../base/widget-context'
import type { StyleRoot } from '../styles/style-root'

const noop = () => {}

/** What the main bundle hands the preview file. */
export interface PreviewHost {
  /** An element inside the widget's shadow root, before the footer: the panel's place. */
  container: HTMLElement
  styleRoot: StyleRoot
  widget: Widget
}

/** What the preview file exports. */
interface PreviewExports {
  mountPreview(host: PreviewHost): void
}

/** Loads the panel for staff; does nothing for everyone else. Never throws. */
export function loadPreview(shadow: ShadowRoot, styleRoot: StyleRoot, widget: Widget): void {
  const doc = widget.document
  if (!__PREVIEW_FILE__ || !STAFF_COOKIES.some((name) => readCookie(doc, name))) return
  // A file that did not load is logged by the loader.
  widget.load<PreviewExports>('preview').then(({ mountPreview }) => {
    const container = fromDocument(doc, 'createElement').call(doc, 'div')
    shadow.insertBefore(container, shadow.firstChild)
    try {
      mountPreview({ container, styleRoot, widget })
    } catch (error) {
      container.remove()
      log.error('E6', __PREVIEW_FILE__, error)
    }
  }, noop)
}
