/**
 * The shipped bundles' `@preact/signals-react/runtime` (build/product/build.ts PREACT_ALIASES):
 * function components render again when a signal they read while rendering changes, on Preact's
 * and the signals core's public API only.
 *
 * Each function component is rendered by a class of its own (one per component, made once): its
 * render runs the component inside an `effect`, which records the signals read; the effect's next
 * run, on a change of one of them, asks Preact for a render instead. Every render starts a fresh
 * effect, unmounting ends it. `options.vnode` (Preact's public options hook) swaps the class in
 * as each element is created. React needs `useSignals()` in each such component (no Babel
 * transform here), so the source calls it; on this runtime the swap does the work and the call is
 * a no-op.
 */
import { effect } from '@preact/signals-core'
import { Component, Fragment, options, type ComponentType, type VNode } from 'preact'

type Render = ((props: object, context: unknown) => unknown) & {
  Provider?: unknown
  contextType?: unknown
  prototype?: { render?: unknown }
}

interface TrackingRender extends Component {
  stop?: () => void
}

const renderers = new WeakMap<Render, ComponentType>()

function trackingRenderer(render: Render): ComponentType {
  let renderer = renderers.get(render)
  if (!renderer) {
    renderer = class extends Component {
      render(this: TrackingRender, props: object, _state: unknown, context: unknown) {
        this.stop?.()
        let output: unknown
        let rendered = false
        this.stop = effect(() => {
          if (rendered) this.forceUpdate()
          else {
            rendered = true
            output = render(props, context)
          }
        })
        return output as never
      }
      componentWillUnmount(this: TrackingRender) {
        this.stop?.()
      }
    }
    renderers.set(render, renderer)
  }
  return renderer
}

const previousVnodeHook = options.vnode
options.vnode = (vnode: VNode) => {
  const type = vnode.type as unknown as Render
  // Function components only: not classes, not Fragment, not a context's Provider or Consumer.
  if (
    typeof type === 'function' &&
    !type.prototype?.render &&
    type !== (Fragment as unknown) &&
    type.Provider !== type &&
    !type.contextType
  )
    vnode.type = trackingRenderer(type)
  previousVnodeHook?.(vnode)
}

export function useSignals(): void {}
