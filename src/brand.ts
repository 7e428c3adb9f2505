/** The fictional brand this widget is built for. Texts reach it through the {{brand}} placeholder. */
export const BRAND = 'Lumora'

/** The one global the widget adds to `window`; it also guards against double inclusion. */
export const GLOBAL_KEY = '__lumoraFooter'

/** Prefix for console messages, so a host page's developers know who is speaking. */
export const LOG_PREFIX = '[Lumora footer]'
