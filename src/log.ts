/** Console output with the widget's prefix: the widget reports problems, never throws them into the host. */
import { LOG_PREFIX } from './brand'

export const log = {
  warn: (...args: unknown[]) => console.warn(LOG_PREFIX, ...args),
  error: (...args: unknown[]) => console.error(LOG_PREFIX, ...args),
}
