/**
 * `npm test`: the whole test plan. Every step is an npm script of its own (run one alone with
 * `npm run <script>`); this runs them in the order their inputs allow, side by side where they do
 * not depend on each other and the cores allow, and prints each step's wall and CPU time at the
 * end. docs/TESTING.md shows the plan and what each step costs.
 *
 *   npm test                     the whole plan
 *   npm test -- unit lint        some steps (and nothing else: their inputs must exist)
 *   npm test -- --record         the whole plan; when it passes, its costs are recorded and
 *                                written into docs/TESTING.md and README (plan-figures.ts)
 *
 * A step's output is kept until it ends, then printed whole, so the output of steps running side
 * by side does not interleave. A failed step fails the run; the steps that need it do not start,
 * the others run on, so one run reports every failure it can.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { outDirFor } from '../../build/product/build.ts'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { recordPlan, type PlanFigures } from './plan-figures.ts'

interface Step {
  name: string
  /** The npm script the step runs. */
  script: string
  /** Steps whose output this one reads. */
  after: string[]
  /** Cores the step keeps busy; 0 for a step that mostly waits (the network, apt). */
  cores: number
}

/**
 * The plan, in the order steps start when several are ready. A new step (a server to install, a
 * database to start) is one row here and, when a suite needs it, a name in that suite's `after`.
 */
const PLAN: Step[] = [
  // Debian's browsers, installed when missing (a fresh machine): apt waits on the network, the build does not.
  { name: 'browsers', script: 'test:ensure-browsers', after: [], cores: 0 },
  { name: 'build', script: 'build', after: [], cores: 1 },
  // Beside the build, ahead of the typecheck: the browser step reads it.
  { name: 'build:react', script: 'build:react:yardstick', after: [], cores: 1 },
  { name: 'typecheck', script: 'typecheck', after: [], cores: 1 },
  // The unit tests that check the build read dist/.
  { name: 'unit', script: 'test:unit', after: ['build'], cores: 1 },
  // Firefox beside WebKit, beside the unit tests.
  { name: 'engines', script: 'test:engines', after: ['browsers', 'build'], cores: 1 },
  { name: 'lint', script: 'lint', after: [], cores: 1 },
  { name: 'size', script: 'size', after: ['build'], cores: 1 },
  // Last and alone: its Chromium processes keep both cores busy (the step's CPU column counts
  // only the Node processes: Chromium's renderers are not its children when they end). A one-core
  // step beside it gets a fraction of a core and ends the plan after it.
  {
    name: 'browser',
    script: 'test:browser',
    after: ['browsers', 'build', 'build:react'],
    cores: 2,
  },
]

interface Outcome {
  step: Step
  ok: boolean
  /** Seconds since the plan started. */
  start: number
  wall: number
  /** CPU seconds (user + system) of the step and everything it ran. */
  cpu: number
  skipped?: boolean
}

const LOG_DIR = path.join(REPO_ROOT, '.cache/test-plan')

/** The CPU seconds bash's `times` reports for the children it waited for ("0m1.5s 0m0.2s"). */
function childCpu(timesOutput: string): number {
  const line = timesOutput.trim().split('\n').at(-1) ?? ''
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (sum, [, m, s]) => sum + Number(m) * 60 + Number(s),
    0,
  )
}

function runStep(step: Step, started: number): Promise<Outcome> {
  const log = path.join(LOG_DIR, `${step.name.replace(/\W/g, '-')}.log`)
  const times = `${log}.times`
  const start = (performance.now() - started) / 1000
  console.log(`[${start.toFixed(0).padStart(4)} s] start ${step.name}`)
  return new Promise((resolve) => {
    // bash's `times` gives the CPU time of the step's whole process tree once it has ended.
    const child = spawn(
      'bash',
      ['-c', 'npm run -s "$0" > "$1" 2>&1; rc=$?; times > "$2"; exit $rc', step.script, log, times],
      { cwd: REPO_ROOT, stdio: 'ignore' },
    )
    child.on('close', (code) => {
      const wall = (performance.now() - started) / 1000 - start
      const read = (file: string) => {
        try {
          return readFileSync(file, 'utf8')
        } catch {
          return ''
        }
      }
      const ok = code === 0
      console.log(
        `\n===== ${step.name} (npm run ${step.script}) ${ok ? 'passed' : 'FAILED'} in ${wall.toFixed(0)} s =====`,
      )
      process.stdout.write(read(log))
      resolve({ step, ok, start, wall, cpu: childCpu(read(times)) })
    })
  })
}

async function runPlan(plan: Step[], cores: number): Promise<Outcome[]> {
  rmSync(LOG_DIR, { recursive: true, force: true })
  mkdirSync(LOG_DIR, { recursive: true })
  const started = performance.now()
  const outcomes = new Map<string, Outcome>()
  const running = new Map<string, Promise<Outcome>>()
  const inPlan = new Set(plan.map((s) => s.name))
  let busy = 0
  const pending = [...plan]
  while (pending.length > 0 || running.size > 0) {
    for (const step of [...pending]) {
      const needs = step.after.filter((n) => inPlan.has(n))
      if (needs.some((n) => outcomes.get(n)?.ok === false || outcomes.get(n)?.skipped)) {
        pending.splice(pending.indexOf(step), 1)
        outcomes.set(step.name, { step, ok: false, skipped: true, start: 0, wall: 0, cpu: 0 })
        console.log(`skip ${step.name}: it needs ${needs.join(', ')}`)
        continue
      }
      if (!needs.every((n) => outcomes.get(n)?.ok)) continue
      // A step wider than the machine starts when nothing else is using the cores.
      const fits = busy + step.cores <= cores || (busy === 0 && step.cores > cores)
      if (!fits) continue
      pending.splice(pending.indexOf(step), 1)
      busy += step.cores
      running.set(step.name, runStep(step, started))
    }
    if (running.size === 0) break
    const done = await Promise.race(running.values())
    running.delete(done.step.name)
    busy -= done.step.cores
    outcomes.set(done.step.name, done)
  }
  return plan.map((s) => outcomes.get(s.name)!)
}

function summary(outcomes: Outcome[], total: number): string {
  const rows = outcomes.map((o) => {
    const status = o.skipped ? 'skipped' : o.ok ? 'passed' : 'FAILED'
    return `${o.step.name.padEnd(12)} ${status.padEnd(8)} ${`+${o.start.toFixed(0)}`.padStart(6)} s ${o.wall.toFixed(0).padStart(6)} s ${o.cpu.toFixed(0).padStart(6)} s`
  })
  const passed = outcomes.filter((o) => o.ok).length
  return [
    `${'step'.padEnd(12)} ${'status'.padEnd(8)} ${'starts'.padStart(8)} ${'wall'.padStart(8)} ${'CPU'.padStart(8)}`,
    ...rows,
    `whole plan: ${total.toFixed(0)} s wall on ${availableParallelism()} cores`,
    `steps: ${passed} passed, ${outcomes.length - passed} failed`,
  ].join('\n')
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const record = args.includes('--record')
  const names = args.filter((a) => a !== '--record')
  const unknown = names.filter((n) => !PLAN.some((s) => s.name === n))
  if (unknown.length > 0)
    throw new Error(
      `Unknown step ${unknown.join(', ')}; the plan: ${PLAN.map((s) => s.name).join(', ')}`,
    )
  const plan = names.length > 0 ? PLAN.filter((s) => names.includes(s.name)) : PLAN
  const cores = Number(process.env.TEST_CORES) || availableParallelism()
  // The build step's output, for the unit tests that check the build (build/test/build.test.ts).
  process.env.FOOTER_BUILT_DIR ??= outDirFor('preact')
  const started = performance.now()
  const outcomes = await runPlan(plan, cores)
  const wall = (performance.now() - started) / 1000
  console.log(`\n${summary(outcomes, wall)}`)
  const ok = outcomes.every((o) => o.ok)
  process.exitCode = ok ? 0 : 1
  if (record && ok && plan === PLAN) {
    const round = (n: number) => Math.round(n)
    const figures: PlanFigures = {
      cores,
      wall: round(wall),
      steps: outcomes.map((o) => ({
        name: o.step.name,
        start: round(o.start),
        wall: round(o.wall),
        cpu: round(o.cpu),
      })),
    }
    await recordPlan(figures)
    console.log('Recorded, and written into docs/TESTING.md and README.md.')
  } else if (record) console.log('Not recorded: only a whole plan that passed is.')
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
