/**
 * Everything a feature needs from its surroundings, injected once at mount: the embed config,
 * the platform signal, I/O (fetch, timers, document) and shared loaders. Tests build one with
 * createTestWidget (test/helpers) instead of patching globals.
 */
import { createContext, useContext, type ReactNode } from 'react'
import type { ReadonlySignal } from '@preact/signals-react'
import type { EmbedConfig } from '../config'
import type { Platform } from '../platform'
import type { Timers } from '../api/client'
import type { StartPlan } from './start-plan'
import type { PsDataLoader } from '../api/psdata'
import type { LoadFile } from '../lazy-file'

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
  /** Runs `callback` before the page's next paint (requestAnimationFrame); nothing after unmount. */
  frame(callback: () => void): void
  /** The order in which the footer appears, and its scheduler (base/start-plan.ts). */
  plan: StartPlan
  document: Document
  /** The host element (#footer); widget DOM events are dispatched on it. */
  mountElement: HTMLElement
  psdata: PsDataLoader
  /**
   * Set only where a server renders the footer (src/app/server-render.tsx): every part renders
   * at once, in its state before any answer, with this content (the footer's PartialContent).
   */
  serverRender?: { content: unknown }
  /**
   * Told once the footer has rendered its last step: whether it shows legal links of its own.
   * Mount then takes over what the page rendered into #footer, or keeps it (src/mount.ts).
   */
  onDone?(legalLinks: boolean): void
  /** Loads a file few visitors need (src/lazy-file.ts); the tests' widget takes it from source. */
  load: LoadFile
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
