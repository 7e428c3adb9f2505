/** Runs axe-core in the page (shadow DOM included) against WCAG 2.2 AA and returns its violations, readable. */
import type { Page } from '@playwright/test'
import { createRequire } from 'node:module'

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

/** `include` limits the scan (CSS selector); default: the whole page. */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH })
  return page.evaluate(
    async ({ tags, include }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              ctx: unknown,
              opts: unknown,
            ) => Promise<{
              violations: {
                id: string
                impact: string | null
                help: string
                nodes: { target: unknown[] }[]
              }[]
            }>
          }
        }
      ).axe
      const result = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      })
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => JSON.stringify(n.target)),
      }))
    },
    { tags: WCAG_TAGS, include },
  )
}
