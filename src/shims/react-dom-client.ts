/**
 * `react-dom/client` of the shipped bundles: `createRoot`, the one name the source imports, on
 * Preact's `render` (build/product/build.ts PREACT_ALIASES; typed for `npm run typecheck` through
 * tsconfig.json `paths`, like src/shims/react.ts).
 */
import type { ReactNode } from './react'
import { render } from 'preact'

export interface Root {
  render(children: ReactNode): void
  unmount(): void
}

export function createRoot(container: Element | DocumentFragment): Root {
  return {
    render: (children) => render(children as never, container),
    unmount: () => render(null, container),
  }
}
