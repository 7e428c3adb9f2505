/**
 * Types for pages that embed the Lumora footer (docs/EMBEDDING.md): the page global, the detail of
 * every event the footer dispatches, and the attributes of its script tag. Shipped beside the
 * bundles as `lumora-footer.d.ts`; reference it once (`/// <reference path="lumora-footer.d.ts" />`
 * or `import type {} from './lumora-footer'`) and `window.__lumoraFooter` and the events are typed.
 */

/** The nine markets (`data-site`, any letter case; `ch-fr` too). */
export type LumoraFooterSite = 'DE' | 'AT' | 'CH' | 'CH_FR' | 'CZ' | 'HU' | 'SK' | 'TR' | 'PL'

/** The locale of a bundle: `footer.<locale>.<hash>.js`. */
export type LumoraFooterLocale =
  | 'de-DE'
  | 'de-AT'
  | 'de-CH'
  | 'fr-CH'
  | 'cs-CZ'
  | 'hu-HU'
  | 'sk-SK'
  | 'tr-TR'
  | 'pl-PL'

export type LumoraFooterPlatform = 'MATCH' | 'SMARTPHONE' | 'TABLET' | 'CLASSIC'

/** `window.__lumoraFooter`: there once a footer bundle has started. */
export interface LumoraFooterGlobal {
  readonly version: string
  readonly locale: LumoraFooterLocale
  /**
   * Ends the footer in its element (timers, listeners, requests, session renewals) and leaves the
   * element empty; the widget keeps following `#footer`, so the next `#footer` the page puts in
   * place (a new element, or this one taken out and put back) gets the footer again.
   */
  unmount(): void
  /**
   * Ends the footer and the following of `#footer`, and deletes this global: nothing of the widget
   * runs any more. Only a footer tag added afterwards brings it back.
   */
  destroy(): void
}

/** The detail of `lumora:error` and `lumora:warning`: the console's code and its short detail (never personal data). */
export interface LumoraFooterReport<Code extends string = string> {
  /** The code of docs/EMBEDDING.md#console-messages, e.g. `E1` or `W1`. */
  code: Code
  /** What the console prints after the code (an error, the attribute as written, a status, ...). */
  detail: unknown[]
}

/** `lumora:sign_up`: an accepted sign-up, as pushed to `window.dataLayer`. */
export interface LumoraFooterSignUpDetail {
  event: 'sign_up'
  name: 'sign_up'
  subject: 'newsletter'
  /** `footer:<path of the page>`. */
  origin: string
  type: 'ga4'
  emitter: 'newsletterservice'
}

/** `lumora:newsletter-submitted`: after an accepted sign-up. */
export interface LumoraFooterSubmittedDetail {
  origin: string
}

/** `lumora:view-change` (cancelable): the visitor asked for another view. */
export interface LumoraFooterViewChangeDetail {
  view: 'desktop' | 'mobile'
  /** `CLASSIC` for desktop, else the device's class. */
  platform: Exclude<LumoraFooterPlatform, 'MATCH'>
}

/** Events on `#footer`; they bubble and are composed, so `document` and `window` see them too. */
export interface LumoraFooterElementEventMap {
  /**
   * Once per mount, when every part of the footer is in place (its images may still be loading):
   * what a page's monitoring times out on (docs/EMBEDDING.md, "When nothing runs at all").
   */
  'lumora:ready': CustomEvent<null>
  'lumora:sign_up': CustomEvent<LumoraFooterSignUpDetail>
  'lumora:newsletter-submitted': CustomEvent<LumoraFooterSubmittedDetail>
  'lumora:view-change': CustomEvent<LumoraFooterViewChangeDetail>
}

/** Every event a page can hear from the footer: those on `#footer`, and the reports on `window`. */
export interface LumoraFooterEventMap extends LumoraFooterElementEventMap {
  /** An `E` code: a part, or the whole footer, is not shown. */
  'lumora:error': CustomEvent<LumoraFooterReport<`E${number}`>>
  /** A `W` code: the footer is shown, maybe with something left out. */
  'lumora:warning': CustomEvent<LumoraFooterReport<`W${number}`>>
}

/** The attributes of the footer's script tag (docs/EMBEDDING.md, "The snippet and its attributes"). */
export interface LumoraFooterEmbedAttributes {
  'data-site': LumoraFooterSite | Lowercase<LumoraFooterSite> | 'ch-fr'
  'data-platform'?: LumoraFooterPlatform | Lowercase<LumoraFooterPlatform>
  'data-variant'?: 'full' | 'reduced'
  'data-newsletter'?: 'hidden'
  /** Present on single-page apps (its value is not read). */
  'data-spa'?: string | boolean
  /** The page's CSP nonce. */
  nonce?: string
  'data-voucher-footnote'?: 'shown' | 'hidden'
}

/** The custom properties `#footer` takes (docs/EMBEDDING.md, "The host's content column"). */
export interface LumoraFooterCustomProperties {
  /** The content's maximum width, gutters included (default `1440px`). */
  '--lumora-footer-max-width'?: string
  /** The content's left and right padding (default `16px`). */
  '--lumora-footer-gutter'?: string
}

declare global {
  interface Window {
    __lumoraFooter?: LumoraFooterGlobal
  }
  interface WindowEventMap extends LumoraFooterEventMap {}
  interface DocumentEventMap extends LumoraFooterElementEventMap {}
  interface HTMLElementEventMap extends LumoraFooterElementEventMap {}
}
