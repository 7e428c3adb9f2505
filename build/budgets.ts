/**
 * Byte budgets: the one place they live. The build and `npm run size` both fail when a
 * bundle exceeds its budget. Brotli is what a shopper's browser downloads.
 */
export interface Budget {
  /** Maximum brotli-compressed bytes. */
  brotli: number
}

export const BUDGETS: Record<BundleKind, Budget> = {
  /** Everything an anonymous visitor downloads: JS with its CSS and texts (Foundation issue: 25 KB). */
  footer: { brotli: 25_000 },
  /** The kit gallery (/kit/): a demo page, never shipped; the budget only catches a runaway. */
  gallery: { brotli: 80_000 },
}

export type BundleKind = 'footer' | 'gallery'

/**
 * Lets a test prove that an exceeded budget fails the build, without editing this file:
 * FOOTER_BUDGET_BROTLI=1000 npm run build must exit non-zero.
 */
export function budgetFor(kind: BundleKind, env: NodeJS.ProcessEnv = process.env): Budget {
  const override = Number(env[`${kind.toUpperCase()}_BUDGET_BROTLI`])
  return override > 0 ? { brotli: override } : BUDGETS[kind]
}
