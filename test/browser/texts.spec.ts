/**
 * The texts' machine-checkable promises in the rendered widget, per market: the visible consent
 * sentence beside the submit button (every market but TR, which asks with a checkbox), quoting
 * the button's own label and tied to it as its description; TR's consent box and its KVKK notice
 * line; no statutory withdrawal period advertised in AT; and the country switcher's names marked
 * with their own language.
 */
import { expect, type Page } from '@playwright/test'
import { MARKETS, type Market } from '../../build/product/markets.ts'
import type { Site } from '../../src/contract/sites.ts'
import { flatten, loadDictionary } from '../../build/product/locales.ts'
// Each test loads its market's page first: one page per worker (helpers.ts).
import { testOnWorkerPage as test } from './helpers.ts'

const DESKTOP = { width: 1440, height: 900 }
const texts = Object.fromEntries(
  await Promise.all(
    MARKETS.map(async (m) => [m.site, flatten(await loadDictionary(m.locale))] as const),
  ),
)

/** The label in the quotation marks of the market's language. */
const QUOTED: Record<string, (label: string) => string> = {
  'de-DE': (l) => `„${l}“`,
  'de-AT': (l) => `„${l}“`,
  'de-CH': (l) => `«${l}»`,
  'fr-CH': (l) => `«\u202f${l}\u202f»`,
  'cs-CZ': (l) => `„${l}“`,
  'sk-SK': (l) => `„${l}“`,
  'hu-HU': (l) => `„${l}”`,
  'pl-PL': (l) => `„${l}”`,
}

/** Each country's name in its own language, whichever market's page shows it. */
const NAME_LANG: Record<string, string> = {
  Česko: 'cs',
  Deutschland: 'de',
  Magyarország: 'hu',
  Österreich: 'de',
  Polska: 'pl',
  'Schweiz (Deutsch)': 'de',
  Slovensko: 'sk',
  'Suisse (français)': 'fr',
  Türkiye: 'tr',
}

const submitButton = (page: Page, label: string) =>
  page.locator('#footer button[type=submit]', { hasText: label })

/** The consent sentence beside the submit button (none in TR, which asks with a checkbox). */
async function consentSentence(page: Page, m: Market): Promise<void> {
  const label = texts[m.site]['newsletter.submit']
  const button = submitButton(page, label)
  await expect(button).toBeVisible()
  const describedBy = await button.getAttribute('aria-describedby')
  if (m.site === 'TR') {
    expect(describedBy).toBeNull()
    return
  }
  expect(describedBy).toBeTruthy()
  const sentence = page.locator(`#footer [id="${describedBy}"]`)
  await expect(sentence).toBeVisible()
  const shown = (await sentence.textContent())!
  expect(shown).toContain(QUOTED[m.locale](label))
  expect(shown).toBe(
    texts[m.site]['newsletter.submitConsent']
      .replace('{{button}}', label)
      .replace('{{brand}}', 'Lumora'),
  )
  await expect(button).toHaveAccessibleDescription(shown.replace(/\s+/g, ' '))
  // Beside the button: its neighbour in the form, a few pixels away, in the same column.
  const [s, b] = [(await sentence.boundingBox())!, (await button.boundingBox())!]
  const gap = s.y < b.y ? b.y - (s.y + s.height) : s.y - (b.y + b.height)
  expect(gap).toBeGreaterThanOrEqual(0)
  expect(gap).toBeLessThan(24)
  expect(Math.abs(s.x - b.x)).toBeLessThan(2)
}

/** TR: the consent box grants açık rıza to e-mail from the brand; the KVKK notice is a line of its own under it. */
async function turkishConsentBox(page: Page): Promise<void> {
  const box = page.locator('#footer input[type=checkbox]').first()
  const label = page.locator(`#footer label[for="${await box.getAttribute('id')}"]`)
  await expect(label).toContainText('Lumora')
  await expect(label).toContainText('açık rıza')
  await expect(label).not.toContainText(/okudum|Aydınlatma/)
  // Exactly the notice's name: the legal text and the DNE consent point to the same page ("… Metni’nde").
  const notice = page
    .locator('#footer form')
    .getByRole('link', { name: texts.TR['newsletter.infoLink'], exact: true })
  await expect(notice).toBeVisible()
  await expect(box).toHaveAccessibleDescription(texts.TR['newsletter.infoLink'])
  const [l, n] = [(await label.boundingBox())!, (await notice.boundingBox())!]
  expect(n.y).toBeGreaterThanOrEqual(l.y + l.height)
}

/** AT: the teaser does not advertise the statutory 14-day withdrawal period as an offer. */
async function austrianTeaser(page: Page): Promise<void> {
  const teasers = page.locator('#footer')
  await expect(teasers).toContainText('Lieferung bis an die Haustür in ganz Österreich.')
  await expect(teasers).not.toContainText(/14\sTage/)
}

/** Every country-switcher name carries the language it is written in. */
async function switcherNameLanguages(page: Page): Promise<void> {
  const names = page.locator('#footer .lf-country-list a')
  await expect(names).toHaveCount(9)
  for (const link of await names.all()) {
    const name = (await link.textContent())!.trim()
    await expect(link.locator(`[lang="${NAME_LANG[name]}"]`), name).toHaveText(name)
  }
}

/** The checks that read a market's page, each a step on its one page load. */
const CHECKS: { name: string; sites: Site[]; check: (page: Page, m: Market) => Promise<void> }[] = [
  {
    name: 'the consent sentence stands beside the submit button, quotes its label and describes it (TR: no sentence, TR asks with a checkbox)',
    sites: MARKETS.map((m) => m.site),
    check: consentSentence,
  },
  {
    name: 'the consent box grants açık rıza to e-mail from the brand; the KVKK notice is a line of its own under it, outside its label',
    sites: ['TR'],
    check: turkishConsentBox,
  },
  {
    name: 'the teaser does not advertise the statutory 14-day withdrawal period as an offer',
    sites: ['AT'],
    check: austrianTeaser,
  },
  {
    name: 'every country-switcher name carries the language it is written in',
    sites: ['DE', 'HU', 'CH_FR'],
    check: switcherNameLanguages,
  },
]

for (const m of MARKETS) {
  const checks = CHECKS.filter((c) => c.sites.includes(m.site))
  test(`${m.site}: ${checks.map((c) => c.name).join('; ')}`, async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await page.goto(m.path)
    for (const { name, check } of checks) await test.step(name, () => check(page, m))
  })
}
