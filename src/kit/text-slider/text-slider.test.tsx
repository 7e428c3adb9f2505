import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, screen } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { TextSlider } from './text-slider'
import { useLocale } from '../../../test/helpers/widget'
import { flatten, loadDictionary } from '../../../build/product/locales'
import { LOCALES } from '../../contract/sites'

const test = suite('TextSlider')
test.after.each(cleanup)
test.after(() => useLocale('de-DE'))

test('German defaults: "Mehr anzeigen" / "Weniger anzeigen"; aria-expanded and aria-controls', async () => {
  await useLocale('de-DE')
  const user = userEvent.setup({ document })
  render(<TextSlider>Ein langer Text</TextSlider>)
  const more = screen.getByRole('button', { name: 'Mehr anzeigen' })
  assert.is(more.getAttribute('aria-expanded'), 'false')
  const content = document.getElementById(more.getAttribute('aria-controls')!)!
  assert.is(content.textContent, 'Ein langer Text', 'the whole text stays readable')
  assert.ok(content.className.includes('clamp3'))
  await user.click(more)
  const less = screen.getByRole('button', { name: 'Weniger anzeigen' })
  assert.is(less.getAttribute('aria-expanded'), 'true')
  assert.not.ok(content.className.includes('clamp'))
})

test('keyboard: Enter and Space toggle, focus stays on the toggle', async () => {
  await useLocale('de-DE')
  const user = userEvent.setup({ document })
  const toggles: boolean[] = []
  render(
    <TextSlider onToggle={(e) => toggles.push(e)} lines={2}>
      Text
    </TextSlider>,
  )
  await user.tab()
  await user.keyboard('{Enter}')
  assert.is(document.activeElement, screen.getByRole('button', { name: 'Weniger anzeigen' }))
  await user.keyboard(' ')
  assert.is(document.activeElement, screen.getByRole('button', { name: 'Mehr anzeigen' }))
  assert.equal(toggles, [true, false])
})

test('caller texts win over the defaults', () => {
  render(
    <TextSlider moreLabel="Alle Marken" lessLabel="Weniger Marken" defaultExpanded>
      Text
    </TextSlider>,
  )
  assert.ok(screen.getByRole('button', { name: 'Weniger Marken' }))
})

for (const locale of LOCALES) {
  test(`${locale}: toggle texts come from locales/${locale}/kit.json`, async () => {
    const texts = flatten(await loadDictionary(locale))
    await useLocale(locale)
    render(<TextSlider>Text</TextSlider>)
    await userEvent
      .setup({ document })
      .click(screen.getByRole('button', { name: texts['kit.textSlider.more'] }))
    assert.ok(screen.getByRole('button', { name: texts['kit.textSlider.less'] }))
    if (!locale.startsWith('de-'))
      assert.is.not(texts['kit.textSlider.more'], 'Mehr anzeigen', 'translated, not German')
  })
}

test.run()
