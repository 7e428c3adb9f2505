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

/** What a disclosure's caller controls: its open state, given or its own, and the toggle's callback. */
export interface DisclosureProps {
  /** Expanded (controlled). */
  expanded?: boolean
  /** Initially expanded (uncontrolled); default false. */
  defaultExpanded?: boolean
  /** Called with the new expanded state when the visitor toggles. */
  onToggle?: (expanded: boolean) => void
}

/**
 * A disclosure (WAI-ARIA APG): whether it is open, and the attributes of the button that toggles
 * the element with id `controls`.
 */
export function useDisclosure(
  { expanded, defaultExpanded = false, onToggle }: DisclosureProps,
  controls: string,
) {
  const [own, setOwn] = useState(defaultExpanded)
  const open = expanded ?? own
  const button = {
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': controls,
    onClick: () => {
      setOwn(!open)
      onToggle?.(!open)
    },
  }
  return { open, button }
}
