/** Shared helpers for browser specs: console and error capture, the widget's root. */
import type { Page } from '@playwright/test'

export interface PageLog {
  errors: string[]
  warnings: string[]
  /** Uncaught exceptions: must stay empty, the widget never throws into the host page. */
  pageErrors: string[]
}

export function watchPage(page: Page): PageLog {
  const log: PageLog = { errors: [], warnings: [], pageErrors: [] }
  page.on('console', (m) => {
    if (m.type() === 'error') log.errors.push(m.text())
    if (m.type() === 'warning') log.warnings.push(m.text())
  })
  page.on('pageerror', (e) => log.pageErrors.push(e.message))
  return log
}

/** The widget's root element inside #footer's shadow root (Playwright locators pierce open shadow roots). */
export const widgetRoot = (page: Page) => page.locator('#footer .lf-root')
