/**
 * The kit gallery: every component in every variant and state, with a locale switch. Demo
 * labels are English (lang="en"); texts that come from the kit's dictionaries are in the
 * chosen locale and marked with its lang. Browser specs and the axe pass run against it.
 */
import { useState } from 'react'
import dictionaries from 'virtual:kit-dictionaries'
import { swapDictionary } from '../../i18n/i18n'
import { useStyles } from '../../styles/style-root'
import baseCss from '../../styles/base.css'
import { Select } from '../index'
import { LOCALES } from '../../contract/sites'
import css from './gallery.css'
import buttonVariantsCss from '../button/button-variants.css'
import {
  ButtonSection,
  FormSection,
  FeedbackSection,
  DisclosureSection,
  IconSection,
  LinkSection,
  TokenSection,
} from './gallery-sections'

export interface GalleryProps {
  /** Locale to start with, e.g. "de-DE"; unknown falls back to de-DE. */
  initialLocale: string
}

function switchTo(locale: string): string {
  const chosen = locale in dictionaries ? locale : 'de-DE'
  swapDictionary(chosen, dictionaries[chosen])
  return chosen
}

export function Gallery({ initialLocale }: GalleryProps) {
  useStyles(baseCss)
  useStyles(css)
  useStyles(buttonVariantsCss)
  const [locale, setLocale] = useState(() => switchTo(initialLocale))
  return (
    <div className="lf-root lf-gallery" lang="en">
      <div className="lf-gallery__bar">
        <Select
          label="Locale"
          id="gallery-locale"
          className="lf-gallery__locale"
          value={locale}
          options={LOCALES.map((l) => ({ value: l, label: l }))}
          onValueChange={(value) => setLocale(switchTo(value))}
        />
        <p className="lf-gallery__note">
          Kit texts below follow the locale; the password strength follows the page language chosen
          in its section.
        </p>
      </div>
      {/* Remount on a locale switch: t() is read during render. */}
      <div key={locale} className="lf-gallery__sections" data-locale={locale}>
        <ButtonSection locale={locale} />
        <FormSection locale={locale} />
        <FeedbackSection locale={locale} />
        <DisclosureSection locale={locale} />
        <IconSection />
        <LinkSection locale={locale} />
        <TokenSection />
      </div>
    </div>
  )
}
