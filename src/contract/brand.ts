/** The fictional brand this widget is built for. Texts reach it through the {{brand}} placeholder. */
export const BRAND = 'Lumora'

/** Prefix for console messages, so a host page's developers know who is speaking. */
export const LOG_PREFIX = '[Lumora footer]'
