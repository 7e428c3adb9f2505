/**
 * The footer as a server renders it into a page's #footer (docs/server-rendering.md): the bundle's
 * own components, rendered to a string inside a declarative shadow root, with the styles they
 * adopt in the browser, every part at once, in its state before any answer (the newsletter block
 * of an anonymous visitor). The bundle takes that root over (src/mount.ts). Built per locale for
 * Node by build/product/server-render.ts; no browser bundle imports it.
 */
import { renderToString } from 'react-dom/server'
import { signal } from '@preact/signals-react'
import { createStartPlan } from '../base/start-plan'
import type { Widget } from '../base/widget-context'
import { SERVER_RENDERED_ATTRIBUTE } from '../contract/contract'
import type { Site } from '../contract/sites'
import type { Platform } from '../platform'
import { Step, readContent, salvageSections } from '../footer'
import { assumePage } from '../kit'
import { widgetTree } from './render'

/** What the package's renderFooter has checked (build/product/render-footer.ts). */
export interface CheckedRenderOptions {
  site: Site
  platform: Exclude<Platform, 'MATCH'>
  /** The content call's `contentJSON`; null renders no content sections. */
  contentJSON: string | null
  /** The shop's origin: relative content links resolve against it, as on the shop's pages. */
  origin: string
  /** Where the release folder is served: the newsletter picture, logos and flags. */
  assetOrigin: string
  nonce?: string
  variant: 'full' | 'reduced'
  newsletterHidden: boolean
}

const never = () => new Promise<never>(() => {})

/** The content as the bundle keeps it: what fits the schema, the rest left out and logged (footer/content.ts). */
function content(json: string | null) {
  const raw = json === null ? null : readContent(json)
  return raw && salvageSections(raw, () => true)
}

/** The declarative shadow root's element, written as text here: Preact never renders one (test/rules/preact-trim.test.ts). */
const TEMPLATE = 'template'

/** @public The market module's one export, which build/product/render-footer.ts calls: the inner HTML of `#footer`, a template element with `shadowrootmode="open"` holding styles and markup. */
export function render(options: CheckedRenderOptions): string {
  // Links resolve against the page's address as the content is checked and as it renders: on a
  // server, the shop's origin (the render is synchronous, one task).
  assumePage(options.origin)
  const css: string[] = []
  const platform = signal<Platform>(options.platform)
  const widget: Widget = {
    config: {
      site: options.site,
      platform: options.platform,
      spa: false,
      variant: options.variant,
      newsletterHidden: options.newsletterHidden,
      voucherFootnote: 'shown',
    },
    locale: __LOCALE__,
    platform,
    device: platform,
    choosePlatform: () => {},
    origin: options.origin,
    assetOrigin: options.assetOrigin,
    pageAddress: options.origin + '/',
    subscriberToken: null,
    fetch: never,
    timers: { setTimeout: () => undefined, clearTimeout: () => {} },
    // No frames on a server: what waits for one (an announcement after a focus move) never comes.
    frame: () => {},
    plan: createStartPlan(() => {}, Step.done),
    // No document on a server: the cookies read while rendering (the variant's) find none. The
    // widget reads document members from the prototype (src/dom.ts).
    document: Object.create({ cookie: '' }) as Document,
    mountElement: null as unknown as HTMLElement,
    psdata: never,
    // No lazily loaded file on a server: they serve a DOI landing or a logged-in visitor.
    load: never,
    serverRender: {
      content: content(options.contentJSON),
    },
  }
  const styleRoot = { adopt: (text: string) => void (css.includes(text) || css.push(text)) }
  const html = renderToString(widgetTree(styleRoot, widget))
  // One style element per stylesheet, in the order the bundle adopts them: each has a hash of its
  // own that a CSP can list (docs/server-rendering.md), the same in every render of a release.
  const nonce = options.nonce ? ` nonce="${options.nonce}"` : ''
  const styles = css.map((text) => `<style${nonce}>${text}</style>`).join('')
  return (
    `<${TEMPLATE} shadowrootmode="open">${styles}` +
    `<div ${SERVER_RENDERED_ATTRIBUTE}>${html}</div></${TEMPLATE}>`
  )
}
