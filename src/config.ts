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
import { SITES, DEFAULT_SITE } from './sites'
import { PLATFORMS } from './platform'
import { log } from './log'

export const EmbedConfigSchema = object({
  /** data-site: one of the nine sites; unknown falls back to DE. */
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

/** Validates one attribute against its field of the schema; a bad value is reported and replaced. */
function field<K extends keyof EmbedConfig>(
  key: K,
  attribute: string,
  raw: string | null,
  value: unknown,
  fallback: EmbedConfig[K],
  consequence: string,
): EmbedConfig[K] {
  if (raw === null) return fallback
  const [error, valid] = validate(
    value,
    EmbedConfigSchema.schema[key] as unknown as Struct<EmbedConfig[K], unknown>,
  )
  if (!error) return valid
  log.warn(
    `Unknown ${attribute}="${raw}"; expected ${error.message.replace(/^Expected /, '')}. ${consequence}`,
  )
  return fallback
}

/** Reads the embed attributes; never throws. `script` may be null (e.g. injected without currentScript). */
export function readEmbedConfig(script: HTMLScriptElement | null): EmbedConfig {
  const attr = (name: string) => script?.getAttribute(name) ?? null
  const rawSite = attr('data-site')
  const normalised = (raw: string | null) => raw?.trim().toUpperCase()
  return {
    site: field(
      'site',
      'data-site',
      rawSite ?? '',
      normalised(rawSite)?.replace('-', '_'),
      DEFAULT_SITE,
      'Showing the German market.',
    ),
    platform: field(
      'platform',
      'data-platform',
      attr('data-platform'),
      normalised(attr('data-platform')),
      undefined,
      'Detecting the platform instead.',
    ),
    spa: script?.hasAttribute('data-spa') ?? false,
    variant: field(
      'variant',
      'data-variant',
      attr('data-variant'),
      attr('data-variant')?.trim().toLowerCase(),
      'full',
      'Showing the full footer.',
    ),
    newsletterHidden: attr('data-newsletter')?.trim().toLowerCase() === 'hidden',
    nonce: script?.nonce || undefined,
    voucherFootnote: field(
      'voucherFootnote',
      'data-voucher-footnote',
      attr('data-voucher-footnote'),
      attr('data-voucher-footnote')?.trim().toLowerCase(),
      'shown',
      'Showing the voucher footnote.',
    ),
  }
}
