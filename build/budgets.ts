/**
 * Byte budgets: the one place they live. The build and `npm run size` both fail when a
 * bundle exceeds its budget. Brotli is what a shopper's browser downloads.
 */
export interface Budget {
  /** Maximum brotli-compressed bytes. */
  brotli: number
}

export const BUDGETS: Record<BundleKind, Budget> = {
  /**
   * Everything an anonymous visitor downloads: JS with its CSS and texts. The Foundation issue
   * started at 25 kB; with every feature in (footer, newsletter, kit parts, session monitor) the
   * product weighs 29.9-30.1 kB per locale, of which the fixed stack (Preact + compat + hooks,
   * signals, superstruct, redaxios, rosetta) is ~13 kB. Set to that weight plus ~1.5 %; the
   * "good guest" issue trims the product and tightens this again.
   */
  footer: { brotli: 30_600 },
  /**
   * The staff preview panel (src/preview/), loaded only with a staff cookie. It carries its own
   * Preact, signals and kit parts, because it is built once and must not need anything from a
   * particular footer bundle but the hand-off object.
   */
  preview: { brotli: 22_000 },
  /** The kit gallery (/kit/): a demo page, never shipped; the budget only catches a runaway. */
  gallery: { brotli: 80_000 },
}

export type BundleKind = 'footer' | 'preview' | 'gallery'

/**
 * Lets a test prove that an exceeded budget fails the build, without editing this file:
 * FOOTER_BUDGET_BROTLI=1000 npm run build must exit non-zero.
 */
export function budgetFor(kind: BundleKind, env: NodeJS.ProcessEnv = process.env): Budget {
  const override = Number(env[`${kind.toUpperCase()}_BUDGET_BROTLI`])
  return override > 0 ? { brotli: override } : BUDGETS[kind]
}
