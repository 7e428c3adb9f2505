/** Teaser group headings: their icons (decorative) and, on phones, their link inside the panel. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { screen, within } from '@testing-library/preact'
import userEvent from '@testing-library/user-event'
import { captureConsole } from '../../../test/helpers/console'
import { contentFetch, renderFooter, resetFooterTest } from '../footer.test-utils'

const test = suite('Footer teaser groups')
test.after.each(resetFooterTest)

const teasers = () => screen.getByRole('navigation', { name: /Service|Informationen|Hilfe/ })
const group = (text: string, iconName?: string) => ({
  heading: { iconName, link: { url: '/x-s1.html', text } },
  links: [{ link: { url: '/y-s2.html', text: `${text} Link` } }],
})

test('desktop: every teaser heading of the German footer shows its icon, hidden from assistive technology', async () => {
  await renderFooter({ platform: 'CLASSIC' })
  const headings = within(teasers()).getAllByRole('heading', { level: 3 })
  assert.equal(
    headings.map((h) => h.textContent),
    ['Zahlung & Versand', 'Kundenservice', 'Geschenke & Ratgeber', 'Über Lumora'],
  )
  for (const heading of headings) {
    const icons = heading.querySelectorAll('svg')
    assert.is(icons.length, 1, heading.textContent!)
    assert.is(icons[0].getAttribute('aria-hidden'), 'true')
    assert.is(icons[0].getAttribute('aria-label'), null)
    assert.ok(icons[0].querySelector('path')!.getAttribute('d')!.length > 10)
  }
  // The icon adds nothing to the names: the link is named by its text alone.
  assert.ok(within(headings[0]).getByRole('link', { name: 'Zahlung & Versand' }))
})

test('the four teaser icons differ from one another', async () => {
  await renderFooter({ platform: 'CLASSIC' })
  const paths = within(teasers())
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.querySelector('svg path')!.getAttribute('d'))
  assert.is(new Set(paths).size, 4)
})

test('an unknown iconName renders no icon and is logged once', async () => {
  const content = {
    teaserGroups: [
      group('Eins', 'rocket'),
      group('Zwei', 'rocket'),
      group('Drei', 'gift'),
      group('Vier'),
    ],
    legalLinks: [{ url: '/i-s1.html', text: 'I' }],
  }
  const { result, warnings } = await captureConsole(() =>
    renderFooter({ platform: 'CLASSIC', fetch: contentFetch(JSON.stringify(content)) }),
  )
  const headings = [...result.view.container.querySelectorAll('.lf-teasers h3')]
  assert.equal(
    headings.map((h) => h.querySelectorAll('svg').length),
    [0, 0, 1, 0],
  )
  const about = warnings.filter((w) => w.includes('rocket'))
  assert.is(about.length, 1, warnings.join('\n'))
  assert.match(about[0], /\bW15\b.* rocket/)
})

test('phones: the heading link "Zahlung & Versand" is the first link in its panel, reached by keyboard', async () => {
  const { drain } = await renderFooter({ platform: 'SMARTPHONE' })
  const user = userEvent.setup({ document })
  const toggle = screen.getByRole('button', { name: 'Zahlung & Versand' })
  toggle.focus()
  await user.keyboard('{Enter}')
  await drain()
  assert.is(toggle.getAttribute('aria-expanded'), 'true')
  const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!
  const links = within(panel).getAllByRole('link')
  assert.is(links[0].textContent, 'Zahlung & Versand')
  assert.is(links[0].getAttribute('href'), 'https://shop.test/zahlung-versand-s1000.html')
  await user.tab()
  assert.is(
    document.activeElement,
    links[0],
    'the next Tab after the toggle lands on the heading link',
  )
})

test('phones: the panel toggle shows the heading icon too, still named by its text', async () => {
  await renderFooter({ platform: 'SMARTPHONE' })
  const toggle = screen.getByRole('button', { name: 'Zahlung & Versand' })
  const icons = [...toggle.querySelectorAll('svg')].filter((svg) => !svg.closest('.lf-expand-icon'))
  assert.ok(icons.length >= 1)
  for (const icon of icons) assert.is(icon.getAttribute('aria-hidden'), 'true')
})

test.run()
