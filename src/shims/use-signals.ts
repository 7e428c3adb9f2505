/**
 * The shipped bundles' `@preact/signals-react/runtime` (build/product/build.ts PREACT_ALIASES):
 * a function component that calls `useSignals()` renders again when a signal it read while
 * rendering changes, on Preact's and the signals core's public API only.
 *
 * Each function component is rendered by a class of its own (one per component, made once), so an
 * element's type never changes between renders: `options.vnode` (Preact's public options hook)
 * swaps the class in as each element is created. Its render runs the component inside an
 * `effect`, which records the signals read; the effect's next run, on a change of one of them,
 * asks Preact for a render instead. Every render starts a fresh effect, unmounting ends it.
 *
 * React needs `useSignals()` in each component that reads signals (no Babel transform here), so the
 * source calls it there, and only there. Here the call marks the component: one whose first
 * render made no such call renders without an effect from then on, as it would on React (most of
 * the footer's components read no signal; an effect per render is most of this layer's cost).
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
/** Components whose first render did not call useSignals(). */
const untracked = new WeakSet<Render>()
/** Set by useSignals() during the render in progress (renders do not nest). */
let calledUseSignals = false

function trackingRenderer(render: Render): ComponentType {
  let renderer = renderers.get(render)
  if (!renderer) {
    renderer = class extends Component {
      render(this: TrackingRender, props: object, _state: unknown, context: unknown) {
        this.stop?.()
        this.stop = undefined
        if (untracked.has(render)) return render(props, context) as never
        let output: unknown
        let rendered = false
        calledUseSignals = false
        this.stop = effect(() => {
          if (rendered) this.forceUpdate()
          else {
            rendered = true
            output = render(props, context)
          }
        })
        if (!calledUseSignals) {
          untracked.add(render)
          this.stop()
          this.stop = undefined
        }
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

/** @public What `@preact/signals-react/runtime` resolves to in the Preact bundles (build/product/build.ts aliases it). */
export function useSignals(): void {
  calledUseSignals = true
}
