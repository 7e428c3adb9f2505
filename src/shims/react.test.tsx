/**
 * The runtime layer (src/shims/react.ts, react-dom-client.ts): the React behaviours the source
 * relies on, rendered with the shipped aliases and driven by the DOM events a browser fires.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'preact/test-utils'
import { memo, useState, type ReactElement } from 'react'
import { createRoot } from 'react-dom/client'

const test = suite('React API on Preact')

async function mount(element: ReactElement) {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(() => root.render(element))
  return { container, root }
}

const fire = (el: Element, type: string) =>
  act(() => void el.dispatchEvent(new Event(type, { bubbles: true })))

test('onChange of a text field fires on each input, as in React (not on the DOM change at blur)', async () => {
  const seen: string[] = []
  const { container } = await mount(
    <input type="email" onChange={(e) => seen.push(e.currentTarget.value)} />,
  )
  const input = container.querySelector('input')!
  input.value = 'a'
  await fire(input, 'input')
  input.value = 'ab'
  await fire(input, 'input')
  assert.equal(seen, ['a', 'ab'])
})

test('onChange of a text field without a type and of a select fire too', async () => {
  const seen: string[] = []
  const { container } = await mount(
    <form>
      <input onChange={() => seen.push('text')} />
      <select onChange={() => seen.push('select')}>
        <option value="a">a</option>
      </select>
    </form>,
  )
  await fire(container.querySelector('input')!, 'input')
  await fire(container.querySelector('select')!, 'change')
  assert.equal(seen, ['text', 'select'])
})

test('onChange of a checkbox and a radio fires on their change (a click)', async () => {
  const seen: boolean[] = []
  const { container } = await mount(
    <form>
      <input type="checkbox" onChange={(e) => seen.push(e.currentTarget.checked)} />
      <input type="radio" name="r" onChange={(e) => seen.push(e.currentTarget.checked)} />
    </form>,
  )
  const [box, radio] = container.querySelectorAll('input')
  await act(() => box.click())
  await act(() => radio.click())
  assert.equal(seen, [true, true])
})

test('className, htmlFor, defaultValue and defaultChecked mean what they mean in React', async () => {
  const { container } = await mount(
    <form className="lf-form">
      <label htmlFor="f-email">E-Mail</label>
      <input id="f-email" defaultValue="x@example.com" />
      <input type="checkbox" defaultChecked />
    </form>,
  )
  const [input, box] = container.querySelectorAll('input')
  assert.is(container.querySelector('form')!.className, 'lf-form')
  assert.is(container.querySelector('label')!.getAttribute('for'), 'f-email')
  assert.is(input.value, 'x@example.com')
  assert.ok(box.checked)
})

test('onFocus and onBlur on a field fire when it gains and loses the focus', async () => {
  const seen: string[] = []
  const { container } = await mount(
    <input onFocus={() => seen.push('focus')} onBlur={() => seen.push('blur')} />,
  )
  const input = container.querySelector('input')!
  await act(() => input.focus())
  await act(() => input.blur())
  assert.equal(seen, ['focus', 'blur'])
})

test('memo renders again only when a prop changed', async () => {
  let renders = 0
  const Shown = memo(({ text }: { text: string }) => {
    renders++
    return <p>{text}</p>
  })
  let setCount!: (n: number) => void
  let setText!: (t: string) => void
  function Parent() {
    const [count, setC] = useState(0)
    const [text, setT] = useState('a')
    setCount = setC
    setText = setT
    return (
      <div data-count={count}>
        <Shown text={text} />
      </div>
    )
  }
  const { container } = await mount(<Parent />)
  await act(() => setCount(1))
  assert.is(renders, 1, 'same props: no second render')
  await act(() => setText('b'))
  assert.is(renders, 2)
  assert.is(container.textContent, 'b')
})

test('createRoot renders into its container and unmount empties it', async () => {
  const { container, root } = await mount(<p>hello</p>)
  assert.is(container.innerHTML, '<p>hello</p>')
  await act(() => root.unmount())
  assert.is(container.innerHTML, '')
})

test.run()
