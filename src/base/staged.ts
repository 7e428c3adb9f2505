/**
 * The hooks by which a component follows the start plan (start-plan.ts): it renders its parts a
 * step at a time, asking the widget's plan for each step.
 */
import { useEffect, useState } from 'react'
import { useWidget } from './widget-context'

/**
 * False until a step of staged work after `ready` first rendered true: a component renders its
 * lower part a step after its upper part, so the two are not one long render and frame on a slow
 * device (useStagedCount with two parts).
 */
export function useLaterStep(ready = true): boolean {
  return useStagedCount(ready ? 2 : 1) > 1
}

/**
 * How many of `total` parts to render: the first at once, then one more with each step of staged
 * work, so a section of several heavy parts is not one long render and frame on a slow device.
 * Each step is asked for after the part before it has rendered (an effect).
 */
export function useStagedCount(total: number): number {
  const { plan, serverRender } = useWidget()
  const [count, setCount] = useState(serverRender ? total : 1)
  useEffect(() => {
    if (count < total) plan.later(() => setCount((n) => n + 1))
  }, [count, total])
  return Math.min(count, total)
}
