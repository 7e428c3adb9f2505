/**
 * The footer landmark. Foundation placeholder: the Footer issue fills it with the sections of
 * SPEC §2 (newsletter block, logos, teasers, SEO links, icons, bottom group).
 */
import { useSignals } from '@preact/signals-react/runtime'
import { t } from '../i18n/i18n'
import { NewsletterBlock } from '../newsletter'

export function Footer() {
  useSignals()
  return (
    <footer className="lf-footer">
      <NewsletterBlock />
      <p className="lf-copyright">{t('core.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  )
}
