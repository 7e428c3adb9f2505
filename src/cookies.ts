/** Reads cookies the server set. The widget never writes cookies itself: login, renewals and logout set them server-side. */
import { fromDocument } from './dom'

/** The value of one cookie, or undefined when absent (an empty value counts as absent). */
export function readCookie(doc: Document, name: string): string | undefined {
  return cookieReader(doc)(name)
}

/**
 * Reads the cookie jar once and answers for several names: each `document.cookie` read can be a
 * synchronous round trip to the browser's network process, so a caller with several names uses this.
 */
export function cookieReader(doc: Document): (name: string) => string | undefined {
  let jar = ''
  try {
    // Throws in sandboxed iframes without allow-same-origin; host markup can shadow doc.cookie.
    jar = fromDocument(doc, 'cookie')
  } catch {}
  const parts = jar.split(';')
  return (name) => {
    for (const part of parts) {
      const eq = part.indexOf('=')
      if (eq > 0 && part.slice(0, eq).trim() === name) {
        const value = part.slice(eq + 1).trim()
        if (!value) return undefined
        try {
          return decodeURIComponent(value)
        } catch {
          return value
        }
      }
    }
    return undefined
  }
}
