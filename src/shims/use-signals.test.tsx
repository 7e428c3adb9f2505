/**
 * The signals integration of the runtime layer (src/shims/use-signals.ts): a component that calls
 * useSignals() renders again when a signal it read changes, and only while it is mounted; one
 * that does not, does not, as on React.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'preact/test-utils'
import { signal } from '@preact/signals-react'
import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

const test = suite('signals on the runtime layer')

function container(): HTMLElement {
  const el = document.createElement('div')
  document.body.append(el)
  return el
}

test('a component shows the new value of a signal it reads', async () => {
  const name = signal('Anna')
  function Greeting() {
    useSignals()
    return <p>Hallo {name.value}</p>
  }
  const el = container()
  await act(() => createRoot(el).render(<Greeting />))
  await act(() => void (name.value = 'Bea'))
  assert.is(el.textContent, 'Hallo Bea')
})

test('it follows the signals of its latest render only, and none once unmounted', async () => {
  const which = signal<'a' | 'b'>('a')
  const a = signal(1)
  const b = signal(1)
  let renders = 0
  function Shown() {
    useSignals()
    renders++
    return <p>{which.value === 'a' ? a.value : b.value}</p>
  }
  const el = container()
  const root = createRoot(el)
  await act(() => root.render(<Shown />))
  await act(() => void (which.value = 'b'))
  assert.is(renders, 2)
  await act(() => void (a.value = 2))
  assert.is(renders, 2, 'a is no longer read')
  await act(() => void (b.value = 2))
  assert.is(renders, 3)
  assert.is(el.textContent, '2')
  await act(() => root.unmount())
  await act(() => void (b.value = 3))
  assert.is(renders, 3, 'no render after unmount')
})

test('a render that throws reaches the error handling, and the component keeps no subscription', async () => {
  const broken = signal(false)
  let renders = 0
  function Fragile() {
    useSignals()
    renders++
    if (broken.value) throw new Error('broken')
    return <p>ok</p>
  }
  const el = container()
  await act(() => createRoot(el).render(<Fragile />))
  let caught: unknown
  try {
    await act(() => void (broken.value = true))
  } catch (error) {
    caught = error
  }
  assert.instance(caught, Error)
  assert.is(renders, 2)
})

test('a component that does not call useSignals() ignores the signals it reads, as on React', async () => {
  const count = signal(1)
  let renders = 0
  function Untracked() {
    renders++
    return <p>{count.value}</p>
  }
  const el = container()
  await act(() => createRoot(el).render(<Untracked />))
  await act(() => void (count.value = 2))
  assert.is(renders, 1)
  assert.is(el.textContent, '1')
  await act(() => createRoot(container()).render(<Untracked />))
  await act(() => void (count.value = 3))
  assert.is(renders, 2, 'a later instance neither')
})

test('a parent that renders again keeps its children, tracked or not, with their state and elements', async () => {
  const label = signal('a')
  let rerender = () => {}
  function Child({ n }: { n: number }) {
    const [born] = useState(n)
    return <i>{born}</i>
  }
  function Watching() {
    useSignals()
    return <b>{label.value}</b>
  }
  function Parent() {
    const [n, setN] = useState(1)
    rerender = () => setN(n + 1)
    return (
      <div>
        <Child n={n} />
        <Watching />
        <Child n={n} />
      </div>
    )
  }
  const el = container()
  await act(() => createRoot(el).render(<Parent />))
  const [first, watching] = [el.querySelector('i'), el.querySelector('b')]
  await act(() => rerender())
  await act(() => void (label.value = 'b'))
  assert.is(el.querySelector('i'), first)
  assert.is(el.querySelector('b'), watching)
  assert.is(
    el.textContent,
    '1b1',
    'the children kept their first state; the watching one follows its signal',
  )
})

test.run()
