/**
 * The server render of the Lumora footer (docs/server-rendering.md): the package's main export,
 * for Node only. `renderFooter` returns the inner HTML of `#footer`, a declarative shadow root that
 * the footer bundle takes over on the page.
 */
import type { LumoraFooterSite } from './lumora-footer.d.ts'

export type { LumoraFooterSite }

/** The layouts a server renders; the bundle switches to the visitor's own once it takes over. */
export type LumoraFooterServerPlatform = 'SMARTPHONE' | 'TABLET' | 'CLASSIC'

export interface RenderFooterOptions {
  /** The market, as `data-site` names it (any letter case; `ch-fr` too). */
  site: LumoraFooterSite | string
  platform: LumoraFooterServerPlatform | string
  /**
   * The footer content: the content call's `contentJSON` string (or that JSON parsed); `null`
   * renders the footer without content sections. A part that does not fit is left out with a
   * warning on the console, as the bundle does.
   */
  content: string | object | null
  /** The shop's origin (`https://shop.example`): relative content links resolve against it. */
  origin: string
  /** The origin the release folder is served from (the script's): pictures, logos, flags. */
  assetOrigin: string
  /** The page's CSP nonce, put on the footer's `<style>` (docs/server-rendering.md, CSP). */
  nonce?: string
  /** As `data-variant`: `reduced` renders the reduced footer. Default `full`. */
  variant?: 'full' | 'reduced'
  /** As `data-newsletter="hidden"`: no sign-up block. */
  newsletter?: 'shown' | 'hidden'
}

/** Thrown for options that name no market, no platform or no http(s) origin: nothing is rendered. */
export declare class RenderFooterError extends Error {
  readonly name: 'RenderFooterError'
}

/** The inner HTML of `#footer` for these options. */
export declare function renderFooter(options: RenderFooterOptions): Promise<string>

/**
 * The CSP sources (`'sha256-…'`) of every style element a render of this release can hold: list
 * them in `style-src` to admit the footer's styles without a nonce (docs/server-rendering.md).
 */
export declare const STYLE_SOURCES: readonly string[]
