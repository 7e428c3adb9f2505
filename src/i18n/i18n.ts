/**
 * Texts through rosetta. Each bundle carries only its own locale's dictionary
 * (`virtual:locale-dictionary`, see build/product/esbuild-plugins.ts). {{brand}} is always available.
 */
import rosetta from 'rosetta'
import dictionary from 'virtual:locale-dictionary'
import { BRAND } from '../contract/brand'

const i18n = rosetta<Record<string, unknown>>({ [__LOCALE__]: dictionary })
i18n.locale(__LOCALE__)

/** The text for a dotted key, e.g. t('newsletter.email.label'), with {{placeholders}} filled. */
export function t(key: string, params: Record<string, unknown> = {}): string {
  return i18n.t(key, { brand: BRAND, ...params })
}

/**
 * This bundle's dictionary, as rosetta reads it: a lazily loaded file adds the texts it carries
 * to it (src/i18n/add-texts.ts).
 */
export { dictionary }

/** Swaps in another locale's dictionary: for tests and the kit gallery, never in shipped code paths. */
export function swapDictionary(locale: string, dict: Record<string, unknown>): void {
  i18n.set(locale, dict)
  i18n.locale(locale)
}
