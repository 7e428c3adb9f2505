/** Small hooks the kit's components share. */
import { useId, useState } from 'react'

/**
 * The caller's id, or a generated one. React's useId answers ":r0:"-style ids; the colons are
 * dropped so the id also works in CSS selectors and querySelector.
 */
export function useDomId(id?: string): string {
  const generated = useId()
  return id ?? `lf-${generated.replace(/:/g, '')}`
}

/** Open state of a disclosure: controlled when `expanded` is given, otherwise its own. */
export function useOpenState(expanded: boolean | undefined, defaultExpanded: boolean, onToggle?: (open: boolean) => void) {
  const [own, setOwn] = useState(defaultExpanded)
  const open = expanded ?? own
  const toggle = () => {
    setOwn(!open)
    onToggle?.(!open)
  }
  return { open, toggle }
}
