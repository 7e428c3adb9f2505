/**
 * Console output with the widget's prefix: the widget reports problems, never throws them into the
 * host. Each message is a short code and its detail; docs/EMBEDDING.md#console-messages says what
 * each code means and what to do (one row per code, checked by test/unit/console-codes.test.ts).
 * Codes instead of sentences keep the texts out of every visitor's download.
 */
import { LOG_PREFIX } from './brand'

/** Where an integrator reads what a code means. */
const SEE = 'docs/EMBEDDING.md#console-messages'

export const log = {
  warn: (code: `W${number}`, ...detail: unknown[]) =>
    console.warn(`${LOG_PREFIX} ${code} (${SEE})`, ...detail),
  error: (code: `E${number}`, ...detail: unknown[]) =>
    console.error(`${LOG_PREFIX} ${code} (${SEE})`, ...detail),
}
