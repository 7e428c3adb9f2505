/**
 * The view changer (SPEC §3 viewChanger): a phone or tablet visitor can switch to the desktop
 * view, one who chose it on a small device can switch back. The host hears of it through a
 * cancellable event on #footer; without a veto the widget switches for this page view.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { renderFooter, resetFooterTest } from '../footer.test-utils'
import { VIEW_CHANGE_EVENT, type ViewChangeDetail } from './view-changer'

const test = suite('Footer view changer')
test.after.each(() => {
  resetFooterTest()
  document.body.innerHTML = ''
})

const TO_DESKTOP = 'Zur Desktop-Ansicht'
const TO_MOBILE = 'Zur mobilen Ansicht'

test('a phone visitor in DE sees "Zur Desktop-Ansicht", not "Zur mobilen Ansicht"', async () => {
  await renderFooter({ platform: 'SMARTPHONE' })
  assert.ok(screen.getByRole('button', { name: TO_DESKTOP }))
  assert.is(screen.queryByRole('button', { name: TO_MOBILE }), null)
})

test('a tablet visitor sees "Zur Desktop-Ansicht" too', async () => {
  await renderFooter({ platform: 'TABLET' })
  assert.ok(screen.getByRole('button', { name: TO_DESKTOP }))
})

test('a desktop visitor on a large screen sees no view changer', async () => {
  await renderFooter({ platform: 'CLASSIC' })
  assert.is(screen.queryByRole('button', { name: TO_DESKTOP }), null)
  assert.is(screen.queryByRole('button', { name: TO_MOBILE }), null)
})

test('the desktop view on a small device offers "Zur mobilen Ansicht"', async () => {
  await renderFooter({ platform: 'CLASSIC', device: 'SMARTPHONE' })
  assert.ok(screen.getByRole('button', { name: TO_MOBILE }))
  assert.is(screen.queryByRole('button', { name: TO_DESKTOP }), null)
})

test('choosing the desktop view: a bubbling, cancellable event with the view; then the desktop layout, focus kept', async () => {
  const { widget, drain } = await renderFooter({ platform: 'SMARTPHONE' })
  document.body.appendChild(widget.mountElement)
  const heard: { detail: ViewChangeDetail; cancelable: boolean; target: EventTarget | null }[] = []
  document.addEventListener(VIEW_CHANGE_EVENT, (e) =>
    heard.push({ detail: (e as CustomEvent).detail, cancelable: e.cancelable, target: e.target }),
  )
  const user = userEvent.setup({ document })
  const button = screen.getByRole('button', { name: TO_DESKTOP })
  button.focus()
  await user.keyboard('{Enter}')
  assert.equal(
    heard.map((h) => h.detail),
    [{ view: 'desktop', platform: 'CLASSIC' }],
  )
  assert.ok(heard[0].cancelable)
  assert.is(heard[0].target, widget.mountElement)
  await drain()
  assert.ok(screen.getByRole('button', { name: TO_MOBILE }))
  assert.is(widget.platform.value, 'CLASSIC')
  assert.ok(document.querySelector('.lf-footer--classic'), 'the desktop layout')
  assert.is(document.activeElement?.textContent, TO_MOBILE, 'focus stays on the changer')
  await user.keyboard('{Enter}')
  assert.equal(heard[1].detail, { view: 'mobile', platform: 'SMARTPHONE' })
  await drain()
  assert.ok(screen.getByRole('button', { name: TO_DESKTOP }))
  assert.is(widget.platform.value, 'SMARTPHONE')
})

test('a host that cancels the event keeps the view as it is (it switches itself, e.g. by reloading)', async () => {
  const { widget, drain } = await renderFooter({ platform: 'SMARTPHONE' })
  document.body.appendChild(widget.mountElement)
  document.addEventListener(VIEW_CHANGE_EVENT, (e) => e.preventDefault(), { once: true })
  await userEvent.setup({ document }).click(screen.getByRole('button', { name: TO_DESKTOP }))
  await drain()
  assert.is(widget.platform.value, 'SMARTPHONE')
  assert.ok(screen.getByRole('button', { name: TO_DESKTOP }))
})

test('a host listener that throws does not stop the switch', async () => {
  const { widget, drain } = await renderFooter({ platform: 'TABLET' })
  document.body.appendChild(widget.mountElement)
  const onError = (e: ErrorEvent) => e.preventDefault()
  window.addEventListener('error', onError)
  const thrower = () => {
    throw new Error('host bug')
  }
  document.addEventListener(VIEW_CHANGE_EVENT, thrower)
  try {
    await userEvent.setup({ document }).click(screen.getByRole('button', { name: TO_DESKTOP }))
    await drain()
    assert.is(widget.platform.value, 'CLASSIC')
  } finally {
    document.removeEventListener(VIEW_CHANGE_EVENT, thrower)
    window.removeEventListener('error', onError)
  }
})

test('without viewChanger texts in the content there is no changer', async () => {
  const content = { legalLinks: [{ url: '/i-s1.html', text: 'Impressum' }] }
  const { contentFetch } = await import('../footer.test-utils')
  await renderFooter({ platform: 'SMARTPHONE', fetch: contentFetch(JSON.stringify(content)) })
  assert.is(screen.queryByRole('button', { name: TO_DESKTOP }), null)
})

test.run()
