/**
 * The one assembly of a Widget: mount.ts hands it the page's I/O, the tests' helper
 * (test/helpers/widget.tsx) a fake clock and the contract server. What the widget derives from
 * its I/O (the start plan, the psdata loader) is made here, the same for both.
 */
import { createPsDataLoader } from '../api/psdata'
import { createStartPlan, type Later } from '../base/start-plan'
import type { Widget } from '../base/widget-context'

/** The I/O a widget is built on; `later` is the scheduler its start plan runs staged work with. */
export type WidgetIO = Omit<Widget, 'plan' | 'psdata'> & { later: Later }

export function createWidget({ later, ...io }: WidgetIO): Widget {
  return {
    ...io,
    plan: createStartPlan(later),
    psdata: createPsDataLoader(io.origin, io),
  }
}
