/**
 * Embed attributes read from the widget's own script tag, checked by one superstruct schema.
 * Each attribute is checked on its own: a bad one is reported and replaced by its default,
 * so one typo never costs the visitor the whole footer.
 */
import {
  boolean,
  enums,
  object,
  optional,
  string,
  validate,
  type Infer,
  type Struct,
} from 'superstruct'
import { SITES, DEFAULT_SITE, type Site } from './contract/sites'
import { PLATFORMS } from './platform'
import { log } from './log'

export const EmbedConfigSchema = object({
  /** data-site: one of the nine sites; unknown or another bundle's falls back to the bundle's own market. */
  site: enums(SITES),
  /** data-platform: MATCH, SMARTPHONE, TABLET or CLASSIC (any case); absent means detect. */
  platform: optional(enums(PLATFORMS)),
  /** data-spa: present on single-page apps, which use the private API base path. */
  spa: boolean(),
  /** data-variant: "reduced" for the reduced footer (src/footer/variant.ts says what it shows). */
  variant: enums(['full', 'reduced'] as const),
  /** data-newsletter="hidden": the page marks the sign-up form hidden. */
  newsletterHidden: boolean(),
  /** The tag's CSP nonce (its nonce property: browsers hide the attribute from the page), used only where constructable stylesheets are missing, and on the preview script. */
  nonce: optional(string()),
  /** data-voucher-footnote: "hidden" turns off the optional voucher footnote (SPEC §2: shown by default). */
  voucherFootnote: enums(['shown', 'hidden'] as const),
})

export type EmbedConfig = Infer<typeof EmbedConfigSchema>

/**
 * Reads the embed attributes; never throws. `script` may be null (e.g. injected without
 * currentScript). `own` is the market the bundle serves (null: every market, as in the unit tests):
 * a data-site naming another market is reported and replaced by it.
 */
export function readEmbedConfig(
  script: HTMLScriptElement | null,
  own: Site | null = __SITE__,
): EmbedConfig {
  const attr = (name: string) => (script ? script.getAttribute(`data-${name}`) : null)
  /**
   * One attribute, trimmed and in its field's letter case, checked against its field of the
   * schema: absent gives the default (the site is reported even then), a bad value is reported
   * and replaced by it. Upper case also reads a site's hyphen as the underscore (CH-FR); no
   * platform name has either.
   */
  const field = <K extends keyof EmbedConfig>(
    key: K,
    name: string,
    fallback: EmbedConfig[K],
    code: 'W1' | 'W3' | 'W4' | 'W5',
    upper?: boolean,
  ): EmbedConfig[K] => {
    const raw = attr(name)
    if (raw === null && key !== 'site') return fallback
    const value =
      raw === null
        ? undefined
        : upper
          ? raw.trim().toUpperCase().replace('-', '_')
          : raw.trim().toLowerCase()
    const [error, valid] = validate(
      value,
      EmbedConfigSchema.schema[key] as unknown as Struct<EmbedConfig[K], unknown>,
    )
    if (!error) return valid
    log.warn(code, raw === null ? `data-${name} (absent)` : `data-${name}="${raw}"`)
    return fallback
  }
  const fallbackSite = own ?? DEFAULT_SITE
  const site = field('site', 'site', fallbackSite, 'W1', true)
  if (own && site !== own) log.warn('W2', `data-site="${site}", showing ${own}`)
  return {
    site: own ?? site,
    platform: field('platform', 'platform', undefined, 'W3', true),
    spa: !!script && script.hasAttribute('data-spa'),
    variant: field('variant', 'variant', 'full', 'W4'),
    newsletterHidden: attr('newsletter')?.trim().toLowerCase() === 'hidden',
    // biome-ignore lint/complexity/useOptionalChain: the browser floor lowers optional chaining to a longer form
    nonce: (script && script.nonce) || undefined,
    voucherFootnote: field('voucherFootnote', 'voucher-footnote', 'shown', 'W5'),
  }
}
