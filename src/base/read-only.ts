/** How a model hands its state to the views: they read it and call the model's verbs to change it. */
import type { ReadonlySignal, Signal } from '@preact/signals-react'

/** `T` with every writable signal typed read-only. */
export type ReadOnlySignals<T> = {
  [K in keyof T]: T[K] extends Signal<infer V> ? ReadonlySignal<V> : T[K]
}
