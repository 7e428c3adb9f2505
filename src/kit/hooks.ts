/** Small hooks the kit's components share. */
import { createContext, useContext, useId, useState } from 'react'

/**
 * The prefix of generated ids. useId counts per render root, so a second root in the same shadow
 * root (the staff preview panel) gives its tree another prefix; otherwise its labels would point
 * at the sign-up form's fields.
 */
export const IdPrefix = createContext('lf-')

/**
 * The caller's id, or a generated one. React's useId answers ":r0:"-style ids; the colons are
 * dropped so the id also works in CSS selectors and querySelector.
 */
export function useDomId(id?: string): string {
  const generated = useId()
  const prefix = useContext(IdPrefix)
  return id ?? `${prefix}${generated.replace(/:/g, '')}`
}

/** Open state of a disclosure: controlled when `expanded` is given, otherwise its own. */
export function useOpenState(
  expanded: boolean | undefined,
  defaultExpanded: boolean,
  onToggle?: (open: boolean) => void,
) {
  const [own, setOwn] = useState(defaultExpanded)
  const open = expanded ?? own
  const toggle = () => {
    setOwn(!open)
    onToggle?.(!open)
  }
  return { open, toggle }
}
