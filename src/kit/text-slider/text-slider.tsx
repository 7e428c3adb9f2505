/**
 * Long text cut to a few lines with a "more / less" toggle (disclosure pattern: aria-expanded,
 * aria-controls). The whole text stays in the DOM, so nothing is hidden from screen readers
 * and find-in-page; collapsing only clamps it visually.
 */
import type { ReactNode } from 'react'
import { useDomId, useOpenState } from '../hooks'
import { useStyles } from '../../styles/style-root'
import { t } from '../../i18n/i18n'
import { ExpandIcon } from '../expand-icon/expand-icon'
import css from './text-slider.css'

export interface TextSliderProps {
  children: ReactNode
  /** Expanded (controlled). */
  expanded?: boolean
  /** Initially expanded (uncontrolled); default false. */
  defaultExpanded?: boolean
  onToggle?: (expanded: boolean) => void
  /** Lines shown while collapsed; default 3. */
  lines?: 2 | 3 | 4 | 5
  /** Toggle text while collapsed; default t('kit.textSlider.more') ('Mehr anzeigen'). */
  moreLabel?: string
  /** Toggle text while expanded; default t('kit.textSlider.less') ('Weniger anzeigen'). */
  lessLabel?: string
  id?: string
  className?: string
}

export function TextSlider({
  children,
  expanded,
  defaultExpanded = false,
  onToggle,
  lines = 3,
  moreLabel,
  lessLabel,
  id,
  className,
}: TextSliderProps) {
  useStyles(css)
  const contentId = useDomId(id)
  const { open, toggle } = useOpenState(expanded, defaultExpanded, onToggle)
  return (
    <div className={`lf-text-slider${className ? ' ' + className : ''}`}>
      <div
        id={contentId}
        className={`lf-text-slider__content${open ? '' : ` lf-text-slider__content--clamp${lines}`}`}
      >
        {children}
      </div>
      <button
        type="button"
        className="lf-text-slider__toggle"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={contentId}
        onClick={toggle}
      >
        {open ? (lessLabel ?? t('kit.textSlider.less')) : (moreLabel ?? t('kit.textSlider.more'))}
        <ExpandIcon expanded={open} size={20} />
      </button>
    </div>
  )
}
