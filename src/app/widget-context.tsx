/**
 * Everything a feature needs from its surroundings, injected once at mount: the embed config,
 * the platform signal, I/O (fetch, timers, document) and shared loaders. Tests build one with
 * createTestWidget (test/helpers) instead of patching globals.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import type { ReadonlySignal } from '@preact/signals-react'
import type { EmbedConfig } from '../config'
import type { Platform } from '../platform'
import type { Timers } from '../api/client'
import type { Later } from './tasks'
import type { PsDataLoader } from '../api/psdata'

export interface Widget {
  config: EmbedConfig
  /** The bundle's locale, e.g. "de-CH". */
  locale: string
  platform: ReadonlySignal<Platform>
  /** The device class the width gives, whatever the page fixed (platform.ts). */
  device: ReadonlySignal<Platform>
  /** Switches the layout for this page view (the view changer's default action). */
  choosePlatform(platform: Platform): void
  /** Page origin, e.g. "https://shop.example" (API base paths are built on it). */
  origin: string
  /** Origin of the widget's own script, where its images live (src/own-script.ts); the page origin without one. */
  assetOrigin: string
  /** Address of the host page, without the double opt-in token (X-Original-Address sends its origin and path). */
  pageAddress: string
  /** The double opt-in token the page was opened with (?subscriberToken=...), already removed from the address bar. */
  subscriberToken: string | null
  fetch: typeof fetch
  timers: Timers
  /** Runs a step of staged rendering: in this task while its time slice lasts, else the next (app/tasks.ts). */
  later: Later
  document: Document
  /** The host element (#footer); widget DOM events are dispatched on it. */
  mountElement: HTMLElement
  psdata: PsDataLoader
}

const WidgetContext = createContext<Widget | null>(null)

export function WidgetProvider({ widget, children }: { widget: Widget; children: ReactNode }) {
  return <WidgetContext.Provider value={widget}>{children}</WidgetContext.Provider>
}

export function useWidget(): Widget {
  const widget = useContext(WidgetContext)
  if (!widget) throw new Error('useWidget() outside <WidgetProvider>')
  return widget
}

/**
 * False until a step of staged rendering (widget.later) after `ready` first rendered true: a
 * component renders its lower part a step after its upper part, so the two are not one long
 * render and frame on a slow device (useStagedCount with two parts).
 */
export function useLaterStep(ready = true): boolean {
  return useStagedCount(ready ? 2 : 1) > 1
}

/**
 * How many of `total` parts to render: the first at once, then one more with each step of staged
 * rendering (widget.later), so a section of several heavy parts is not one long render and frame
 * on a slow device. Each step is asked for after the part before it has rendered (an effect).
 */
export function useStagedCount(total: number): number {
  const widget = useWidget()
  const [count, setCount] = useState(1)
  useEffect(() => {
    if (count < total) widget.later(() => setCount((n) => n + 1))
  }, [count, total])
  return Math.min(count, total)
}
