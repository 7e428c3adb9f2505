import type * as esbuild from 'esbuild'
import type { BudgetKind } from './budgets.ts'

/**
 * Bundles built apart from the footers (e.g. the lazily loaded staff preview panel), once, or
 * once per market when they carry texts (`texts`). They are built before the footers, so a
 * footer can be told a file name (see `defineAs`).
 */
export interface SingleBundle {
  kind: BudgetKind
  entry: string
  stem: string
  /** Compile-time constant through which the footer bundles learn this bundle's file name. */
  defineAs?: string
  /** Compile-time constant through which the footer bundles learn this bundle's SRI hash. */
  integrityAs?: string
  /** A dictionary to build with; defaults to the reference locale's. */
  plugins?: esbuild.Plugin[]
  /**
   * A file the footer loads lazily (src/lazy-file.ts): it runs on the footer's runtime
   * (build/product/preview-runtime.ts) and hands its exports over under this name.
   */
  handOff?: 'preview' | 'doi' | 'login'
  /**
   * Footer modules this file takes its own copy of instead of reading them from the runtime
   * (repo-relative path prefixes): stateless constants and functions the footer itself does not
   * need, which sharing would add to every footer bundle.
   */
  copies?: string[]
  /**
   * Texts (dotted keys) this file carries instead of the footer bundles, because only its code
   * shows them: the file is then built once per market, with its locale's texts, which it adds
   * to the footer's dictionary (`virtual:file-texts`, src/i18n/i18n.ts addTexts).
   */
  texts?: readonly string[]
}
