/**
 * The package's server entry (docs/server-rendering.md), built into `dist/server/index.mjs` by
 * build/product/server-render.ts: checks the options, then renders with the market's module
 * (`footer.<locale>.mjs`, src/app/server-render.tsx built with that locale's texts). Its types
 * are types/lumora-footer-server.d.ts, which the package ships.
 */
import { SITE_LOCALE, isSite } from '../../src/contract/sites.ts'
import type { CheckedRenderOptions } from '../../src/app/server-render.tsx'
// The options as the package publishes them: one home, the types it ships.
import type { RenderFooterOptions } from '../../types/lumora-footer-server.d.ts'

declare const __STYLE_SOURCES__: string[]

const PLATFORMS = ['SMARTPHONE', 'TABLET', 'CLASSIC'] as const

/** @public Thrown for options that cannot render (the package exports it). */
export class RenderFooterError extends Error {
  override readonly name = 'RenderFooterError'
}

/** An http(s) origin, else the error names the option. */
function origin(value: unknown, option: string): string {
  try {
    const url = new URL(String(value))
    if (/^https?:$/.test(url.protocol)) return url.origin
  } catch {}
  throw new RenderFooterError(`${option} must be an http(s) origin, got ${JSON.stringify(value)}`)
}

/** The options as the market's module takes them; throws a RenderFooterError for what cannot render. */
function checkOptions(options: RenderFooterOptions): CheckedRenderOptions {
  const site = String(options?.site ?? '')
    .toUpperCase()
    .replace('-', '_')
  if (!isSite(site))
    throw new RenderFooterError(
      `site must be one of ${Object.keys(SITE_LOCALE).join(', ')}, got ${JSON.stringify(options?.site)}`,
    )
  const platform = String(options.platform ?? '').toUpperCase()
  if (!(PLATFORMS as readonly string[]).includes(platform))
    throw new RenderFooterError(
      `platform must be one of ${PLATFORMS.join(', ')}, got ${JSON.stringify(options.platform)}`,
    )
  const { content, nonce } = options
  if (nonce !== undefined && !/^[\w+/=-]+$/.test(nonce))
    throw new RenderFooterError('nonce must be a base64 value')
  if (content !== null && typeof content !== 'string' && typeof content !== 'object')
    throw new RenderFooterError('content must be the contentJSON string, its parsed JSON or null')
  return {
    site,
    platform: platform as CheckedRenderOptions['platform'],
    contentJSON:
      content === null || typeof content === 'string' ? content : JSON.stringify(content),
    origin: origin(options.origin, 'origin'),
    assetOrigin: origin(options.assetOrigin, 'assetOrigin'),
    nonce,
    variant: options.variant === 'reduced' ? 'reduced' : 'full',
    newsletterHidden: options.newsletter === 'hidden',
  }
}

type MarketModule = { render(options: CheckedRenderOptions): string }

/** @public The package's render (docs/server-rendering.md). */
export async function renderFooter(options: RenderFooterOptions): Promise<string> {
  const checked = checkOptions(options)
  // Beside this file in the package; a name the bundler leaves alone.
  const file = `./footer.${SITE_LOCALE[checked.site]}.mjs`
  const market = (await import(file)) as MarketModule
  // A task of its own: the render's link checks keep the page address for the rest of their task
  // (src/kit/text-link/safe-url.ts), and the next render may be for another shop's origin.
  await new Promise((resolve) => setImmediate(resolve))
  return market.render(checked)
}

/**
 * The CSP sources of every style element a render of this release can hold (`'sha256-…'`):
 * listed in `style-src`, they admit the server-rendered footer's styles without a nonce
 * (docs/server-rendering.md). Written by the build.
 * @public
 */
export const STYLE_SOURCES: readonly string[] = __STYLE_SOURCES__
