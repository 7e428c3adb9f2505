/**
 * Console output with the widget's prefix: the widget reports problems, never throws them into the
 * host. Each message is a short code, the address of its row in docs/EMBEDDING.md (what it means
 * and what to do; one row per code, checked by test/unit/console-codes.test.ts) and its detail.
 * Codes instead of sentences keep the texts out of every visitor's download.
 */
import { LOG_PREFIX } from './brand'

/** `[Lumora footer] W1 (<docs address>#w1)`: the docs' address is the build's (FOOTER_DOCS_URL). */
const line = (code: string) => `${LOG_PREFIX} ${code} (${__DOCS_URL__}#${code.toLowerCase()})`

export const log = {
  warn: (code: `W${number}`, ...detail: unknown[]) => console.warn(line(code), ...detail),
  error: (code: `E${number}`, ...detail: unknown[]) => console.error(line(code), ...detail),
}
