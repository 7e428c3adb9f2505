/** What the sign-up block's component tests share: the API's address and its texts. */
import { t } from '../../src/i18n/i18n'
import { TEST_ORIGIN } from './widget'

/** The newsletter API on the test origin. */
export const NL = `${TEST_ORIGIN}/service/newsletter/api`

/** A newsletter text in the current locale. */
export const text = (key: string, params?: Record<string, unknown>) =>
  t(`newsletter.${key}`, params)
