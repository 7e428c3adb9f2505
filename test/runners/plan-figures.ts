/**
 * What the test plan costs, as docs/TESTING.md and README show it: each step's start, wall and
 * CPU time and the whole plan's wall time, recorded by `npm test -- --record` (a whole plan that
 * passed) into plan-figures.json and written into both documents between their markers
 * (build/docs-block.ts); test/rules/docs-figures.test.ts holds the documents to the record.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { markdownTable, writeDocsBlock } from '../../build/docs-block.ts'
import { REPO_ROOT } from '../../build/repo-root.ts'

export interface PlanFigures {
  /** Cores the plan ran on. */
  cores: number
  /** The whole plan's wall time, s. */
  wall: number
  steps: { name: string; start: number; wall: number; cpu: number }[]
}

const PLAN_FIGURES_FILE = path.join(REPO_ROOT, 'test/runners/plan-figures.json')
const RECORD_COMMAND = 'npm test -- --record'

export async function recordedPlan(): Promise<PlanFigures> {
  return JSON.parse(await readFile(PLAN_FIGURES_FILE, 'utf8')) as PlanFigures
}

/** docs/TESTING.md's table: each step's cost. */
export function costTable(figures: PlanFigures): string {
  const s = (n: number) => n.toFixed(0)
  return markdownTable([
    ['step', 'starts (s)', 'wall (s)', 'CPU (s)'],
    ...figures.steps.map((step) => [step.name, s(step.start), s(step.wall), s(step.cpu)]),
    ['whole plan', '', s(figures.wall), ''],
  ])
}

/** README's timings: the build `npm start` waits for, and the whole plan. */
export function timings(figures: PlanFigures): string {
  const wall = (name: string) => figures.steps.find((step) => step.name === name)?.wall ?? 0
  const minutes = (s: number) => (s < 90 ? `${s.toFixed(0)} s` : `${(s / 60).toFixed(0)} minutes`)
  return (
    `Measured by the last recorded plan on ${figures.cores} cores: the Preact build takes ` +
    `${minutes(wall('build'))}, the React yardstick of one market ${minutes(wall('build:react'))}, ` +
    `the whole \`npm test\` ${minutes(figures.wall)}.`
  )
}

/** Records a run's figures and writes them into docs/TESTING.md and README.md. */
export async function recordPlan(figures: PlanFigures): Promise<void> {
  await writeFile(PLAN_FIGURES_FILE, `${JSON.stringify(figures, null, 2)}\n`)
  await writeDocsBlock('docs/TESTING.md', 'plan-costs', RECORD_COMMAND, costTable(figures))
  await writeDocsBlock('README.md', 'plan-timings', RECORD_COMMAND, timings(figures))
}
