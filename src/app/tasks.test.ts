/** runInTasks (app/tasks.ts, used by mount.ts): startup split into one task per step, so no step joins another's task. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { fakeClock } from '../../test/helpers/fake-timers'
import { captureConsole } from '../../test/helpers/console'
import { runInTasks } from './tasks'

const test = suite('startup tasks')

/** A fake clock that notes in which timer task each step ran. */
function tasks() {
  const clock = fakeClock()
  let task = 0
  const timers = {
    setTimeout(fn: () => void, ms: number) {
      return clock.setTimeout(() => {
        task++
        fn()
      }, ms)
    },
  }
  return { clock, timers, current: () => task }
}

test('nothing runs in the caller\'s task; each step runs in a task of its own, in order', async () => {
  const { clock, timers, current } = tasks()
  const ran: string[] = []
  runInTasks([() => ran.push(`a@${current()}`), () => ran.push(`b@${current()}`), () => ran.push(`c@${current()}`)], timers)
  assert.equal(ran, [], 'not during evaluation')
  await clock.advance(0)
  assert.equal(ran, ['a@1', 'b@2', 'c@3'])
  assert.is(clock.pending(), 0)
})

test('a step may append steps; they run after it, each in its own task', async () => {
  const { clock, timers, current } = tasks()
  const ran: string[] = []
  const steps = [
    () => {
      ran.push(`setup@${current()}`)
      steps.push(() => ran.push(`render@${current()}`), () => ran.push(`monitor@${current()}`))
    },
  ]
  runInTasks(steps, timers)
  await clock.advance(0)
  assert.equal(ran, ['setup@1', 'render@2', 'monitor@3'])
})

test('a step that throws is logged, nothing escapes, and the steps after it do not run', async () => {
  const { clock, timers } = tasks()
  const ran: string[] = []
  const { errors } = await captureConsole(async () => {
    runInTasks([() => ran.push('a'), () => { throw new Error('boom') }, () => ran.push('c')], timers)
    await clock.advance(0)
  })
  assert.equal(ran, ['a'])
  assert.match(errors[0], /The footer could not be shown/)
  assert.is(clock.pending(), 0)
})

test.run()
