/**
 * Long text cut to a few lines with a "more / less" toggle (disclosure pattern: aria-expanded,
 * aria-controls). The whole text stays in the DOM, so nothing is hidden from screen readers
 * and find-in-page; collapsing only clamps it visually.
 */
import type { ReactNode } from 'react'
import { useDisclosure, useDomId, type DisclosureProps } from '../hooks'
import { useStyles } from '../../styles/style-root'
import { t } from '../../i18n/i18n'
import { ExpandIcon } from '../expand-icon/expand-icon'
import css from './text-slider.css'

export interface TextSliderProps extends DisclosureProps {
  children: ReactNode
  /** Lines shown while collapsed; default 3. */
  lines?: 2 | 3 | 4 | 5
  /** Toggle text while collapsed; default t('kit.textSlider.more') ('Mehr anzeigen'). */
  moreLabel?: string
  /** Toggle text while expanded; default t('kit.textSlider.less') ('Weniger anzeigen'). */
  lessLabel?: string
  id?: string
  className?: string
}

export function TextSlider(props: TextSliderProps) {
  useStyles(css)
  const { children, lines = 3, moreLabel, lessLabel, className } = props
  const contentId = useDomId(props.id)
  const { open, button } = useDisclosure(props, contentId)
  return (
    <div className={`lf-text-slider${className ? ' ' + className : ''}`}>
      <div
        id={contentId}
        className={`lf-text-slider__content${open ? '' : ` lf-text-slider__content--clamp${lines}`}`}
      >
        {children}
      </div>
      <button {...button} className="lf-text-slider__toggle">
        {open ? (lessLabel ?? t('kit.textSlider.less')) : (moreLabel ?? t('kit.textSlider.more'))}
        <ExpandIcon expanded={open} size={20} />
      </button>
    </div>
  )
}
