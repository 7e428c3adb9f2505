/**
 * Adding the texts a lazily loaded file carries (build/product/build.ts LAZY_FILES `texts`) to its
 * footer's dictionary. Only such a file imports this: the footer bundles carry no code for it,
 * only their dictionary among the names their runtime shares (build/product/preview-runtime.ts).
 */
import { dictionary } from './i18n'

type Texts = { [key: string]: string | Texts }

/** Adds `texts` nested as they are: rosetta's `set` would replace a feature's texts whole. */
export function addTexts(texts: Texts, into = dictionary as Texts): void {
  for (const key of Object.keys(texts)) {
    const text = texts[key]
    if (typeof text === 'string') into[key] = text
    else {
      into[key] ??= {}
      addTexts(text, into[key] as Texts)
    }
  }
}
