/** doiuse ships no types: the part build/product/floor-check.ts uses. */
declare module 'doiuse' {
  import type { Plugin } from 'postcss'
  interface Usage {
    feature: string
    featureData: { missing?: string; partial?: string }
    message: string
  }
  export default function doiuse(options: {
    browsers: string[]
    ignore?: string[]
    onFeatureUsage?: (usage: Usage) => void
  }): Plugin
}
