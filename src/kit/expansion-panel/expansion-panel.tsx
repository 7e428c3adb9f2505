/**
 * Disclosure (WAI-ARIA APG): a heading holding a button with aria-expanded and
 * aria-controls; the panel is hidden when collapsed. Controlled or uncontrolled.
 */
import type { ReactNode } from 'react'
import { useDisclosure, useDomId, type DisclosureProps } from '../hooks'
import { useStyles } from '../../styles/style-root'
import { ExpandIcon } from '../expand-icon/expand-icon'
import css from './expansion-panel.css'

export interface ExpansionPanelProps extends DisclosureProps {
  /** Text of the toggle button. */
  title: ReactNode
  children: ReactNode
  /** Level of the heading wrapping the button (2-6); 0 renders no heading. Default 3. */
  headingLevel?: 0 | 2 | 3 | 4 | 5 | 6
  id?: string
  className?: string
}

export function ExpansionPanel(props: ExpansionPanelProps) {
  useStyles(css)
  const { title, children, headingLevel = 3, className } = props
  const baseId = useDomId(props.id)
  const { open, button: toggle } = useDisclosure(props, `${baseId}-panel`)
  const button = (
    <button {...toggle} id={`${baseId}-button`} className="lf-expansion__toggle">
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
