/**
 * Byte budgets: the one place they live. The build and `npm run size` both fail when a
 * bundle exceeds its budget. Brotli is what a shopper's browser downloads.
 */
import type { BundleKind } from '../../src/contract/contract.ts'

export interface Budget {
  /** Maximum brotli-compressed bytes. */
  brotli: number
}

export const BUDGETS: Record<BudgetKind, Budget> = {
  /**
   * Everything an anonymous visitor downloads: JS with its CSS and texts, in every market. A target,
   * not a record of the code: a feature that needs bytes pays for them elsewhere in the same change.
   * docs/performance.md has the current sizes; `npm run size` prints them and each market's change.
   */
  footer: { brotli: 28_672 },
  /**
   * The staff preview panel (src/preview/), loaded only with a staff cookie. It runs on the footer
   * bundle's runtime (build/product/preview-runtime.ts), so it carries only the panel's own code and CSS.
   */
  preview: { brotli: 6_144 },
  /**
   * Each other file a footer bundle loads on a condition (src/lazy-file.ts: the double opt-in
   * landing, the session monitor), on the footer's runtime like the preview.
   */
  lazy: { brotli: 3_072 },
  /**
   * The kit gallery (/kit/, built into dist/kit/): a demo page, never shipped; the budget only
   * catches a runaway.
   */
  gallery: { brotli: 80_000 },
}

/** What has a budget: the bundles of the manifest and the kit gallery, which no manifest lists. */
export type BudgetKind = BundleKind | 'gallery'

/**
 * Lets a test prove that an exceeded budget fails the build, without editing this file:
 * FOOTER_BUDGET_BROTLI=1000 npm run build must exit non-zero.
 */
export function budgetFor(kind: BudgetKind, env: NodeJS.ProcessEnv = process.env): Budget {
  const override = Number(env[`${kind.toUpperCase()}_BUDGET_BROTLI`])
  return override > 0 ? { brotli: override } : BUDGETS[kind]
}
