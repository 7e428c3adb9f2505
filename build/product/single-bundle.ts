import type * as esbuild from 'esbuild'
import type { BundleKind } from './budgets.ts'

/**
 * Bundles built once, not per locale (e.g. the lazily loaded staff preview panel). They are
 * built before the footers, so a footer can be told a file name (see `defineAs`).
 */
export interface SingleBundle {
  kind: BundleKind
  entry: string
  stem: string
  /** Compile-time constant through which the footer bundles learn this bundle's file name. */
  defineAs?: string
  /** Compile-time constant through which the footer bundles learn this bundle's SRI hash. */
  integrityAs?: string
  /** A dictionary to build with; defaults to the reference locale's. */
  plugins?: esbuild.Plugin[]
}
