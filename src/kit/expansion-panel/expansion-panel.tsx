/**
 * Disclosure (WAI-ARIA APG): a heading holding a button with aria-expanded and
 * aria-controls; the panel is hidden when collapsed. Controlled or uncontrolled.
 */
import type { ReactNode } from 'react'
import { useDomId, useOpenState } from '../hooks'
import { useStyles } from '../../styles/style-root'
import { ExpandIcon } from '../expand-icon/expand-icon'
import css from './expansion-panel.css'

export interface ExpansionPanelProps {
  /** Text of the toggle button. */
  title: ReactNode
  children: ReactNode
  /** Expanded (controlled). */
  expanded?: boolean
  /** Initially expanded (uncontrolled); default false. */
  defaultExpanded?: boolean
  /** Called with the new expanded state when the visitor toggles. */
  onToggle?: (expanded: boolean) => void
  /** Level of the heading wrapping the button (2-6); 0 renders no heading. Default 3. */
  headingLevel?: 0 | 2 | 3 | 4 | 5 | 6
  id?: string
  className?: string
}

export function ExpansionPanel({
  title,
  children,
  expanded,
  defaultExpanded = false,
  onToggle,
  headingLevel = 3,
  id,
  className,
}: ExpansionPanelProps) {
  useStyles(css)
  const baseId = useDomId(id)
  const { open, toggle } = useOpenState(expanded, defaultExpanded, onToggle)
  const button = (
    <button
      type="button"
      id={`${baseId}-button`}
      className="lf-expansion__toggle"
      aria-expanded={open ? 'true' : 'false'}
      aria-controls={`${baseId}-panel`}
      onClick={toggle}
    >
      <span className="lf-expansion__title">{title}</span>
      <ExpandIcon expanded={open} />
    </button>
  )
  const Heading = headingLevel ? (`h${headingLevel}` as 'h3') : null
  return (
    <div
      className={`lf-expansion${open ? ' lf-expansion--expanded' : ''}${className ? ' ' + className : ''}`}
    >
      {Heading ? <Heading className="lf-expansion__heading">{button}</Heading> : button}
      <section
        id={`${baseId}-panel`}
        className="lf-expansion__panel"
        aria-labelledby={`${baseId}-button`}
        hidden={!open}
      >
        {children}
      </section>
    </div>
  )
}
