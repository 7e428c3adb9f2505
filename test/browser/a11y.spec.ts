/**
 * Accessibility beyond axe, tried the way keyboard and screen-reader visitors meet the widget:
 * real key presses, Chromium's accessibility tree (CDP), live-region mutations and pixels.
 * The error flow of every market's form variant (DE, HU, TR), passing by without errors, the
 * success announcement (each text heard once), the kit gallery (error-state focus, banners,
 * languages, announcements, motion) and the staff dialog (modal for screen readers, focus).
 */
import {
  expect,
  test as freshPageTest,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test'
import { MARKETS, type Market } from '../../build/product/markets.ts'
import { flatten, loadDictionary } from '../../build/product/locales.ts'
import { axeViolations } from './axe.ts'
import { comparisonPage, pixelDiff } from './hosts-helpers.ts'
// Tests load their page first: one page per worker (helpers.ts), but for the ones that emulate
// media or add an init script, which stay with their page.
import { becomeStaff, testOnWorkerPage as test } from './helpers.ts'
import { PASSWORD_TEXTS } from '../../src/kit/password-strength/password-texts.ts'

const texts = Object.fromEntries(
  await Promise.all(
    MARKETS.map(async (m) => [m.site, flatten(await loadDictionary(m.locale))] as const),
  ),
)
const market = (site: string) => MARKETS.find((m) => m.site === site)!

/** A locale's newsletter text, with {{placeholders}} filled. */
function tx(m: Market, key: string, params: Record<string, string> = {}): string {
  return texts[m.site][`newsletter.${key}`].replace(
    /\{\{\s*(\w+)\s*\}\}/g,
    (_, k: string) => params[k] ?? (k === 'brand' ? 'Lumora' : ''),
  )
}
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

const form = (page: Page) => page.locator('#footer form.lf-nl__form')
const emailField = (page: Page, m: Market) =>
  page.getByRole('textbox', { name: exactly(tx(m, 'email')) })
const textField = (page: Page, m: Market, key: string) =>
  page.getByRole('textbox', { name: exactly(tx(m, key)) })
const salutation = (page: Page, m: Market) =>
  page.getByRole('combobox', { name: exactly(tx(m, 'salutation')) })
const consent = (page: Page) => form(page).getByRole('checkbox').first()
const submitButton = (page: Page, m: Market) =>
  page.getByRole('button', { name: exactly(tx(m, 'submit')) })
/** The visible error texts under the fields. */
const visibleErrors = (page: Page) => form(page).locator('.lf-field__error')

/** Presses Tab until `target` has focus (at most `max` times), as a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (
      await target.evaluate((el) => {
        let active: Element | null = document.activeElement
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
        return active === el
      })
    )
      return
    await page.keyboard.press('Tab')
  }
  throw new Error('Tab never reached the target')
}

async function open(page: Page, m: Market) {
  await page.goto(m.path)
  await expect(submitButton(page, m)).toBeVisible()
}

/** Counts announcements of the form's role=status region: each batch of mutations that puts text into it. */
async function countAlerts(page: Page) {
  await form(page).evaluate((el) => {
    const w = window as unknown as { alerts: string[] }
    w.alerts = []
    new MutationObserver((records) => {
      const region = el.querySelector('[role=status]')
      if (
        region &&
        records.some((r) => region.contains(r.target) || r.target === region) &&
        region.textContent
      )
        w.alerts.push(region.textContent)
    }).observe(el, { childList: true, subtree: true, characterData: true })
  })
  return () => page.evaluate(() => (window as unknown as { alerts: string[] }).alerts)
}

/** A field that has the focus, is exposed as invalid, and carries its visible error as its description. */
/**
 * `others`: the other fields' errors, which the first field a refused submit focuses reads after
 * its own until the visitor leaves it.
 */
async function expectDescribedError(
  field: Locator,
  page: Page,
  message: string,
  others: string[] = [],
) {
  await expect(field).toBeFocused()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  // The error ends the description (before the others); a hint the field always has (TR: the privacy notice) comes first.
  const read = [message, ...others].join(' ')
  await expect(field).toHaveAccessibleDescription(
    new RegExp(`(^|\\s)${read.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  )
  await expect(visibleErrors(page).filter({ hasText: message })).toBeVisible()
}

async function expectNoError(field: Locator, others: string[] = []) {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  // Nothing describes the field but a hint it always has (TR: the privacy notice), if any, and
  // the other fields' errors while it is the field a refused submit focused.
  const hint = await field.evaluate(
    (el) =>
      (el.getRootNode() as ShadowRoot).getElementById(`${el.id}-hint`)?.textContent?.trim() ?? '',
  )
  await expect(field).toHaveAccessibleDescription([hint, ...others].filter(Boolean).join(' '))
}

/**
 * The success message is heard once: its heading takes the focus and is described by the message,
 * and no live region reads either a second time.
 */
async function expectSuccessAnnounced(page: Page, m: Market, address: string) {
  const heading = page.getByRole('heading', { name: tx(m, 'successTitle') })
  await expect(heading).toBeFocused()
  await expect(heading).toHaveAccessibleDescription(tx(m, 'success', { email: address }))
  await expect(
    page
      .locator('#footer :is([role=status],[role=alert],[aria-live])')
      .filter({ hasText: tx(m, 'successTitle') }),
  ).toHaveCount(0)
}

/** The mandatory-field note comes before the fields, in reading order and on screen. */
async function expectNoteFirst(page: Page, m: Market) {
  const note = form(page).getByText(tx(m, 'mandatory'), { exact: true })
  await expect(note).toBeVisible()
  const email = emailField(page, m)
  expect(
    await note.evaluate(
      (el, field) =>
        !!(el.compareDocumentPosition(field as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
      await email.elementHandle(),
    ),
  ).toBe(true)
  const [noteBox, emailBox] = [await note.boundingBox(), await email.boundingBox()]
  expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(emailBox!.y)
}

/** Tabbing through the untouched form raises no error, visible or announced. */
async function expectQuietTabbing(page: Page, m: Market, alerts: () => Promise<string[]>) {
  await tabTo(page, emailField(page, m))
  // Through every field (HU reveals salutation and names, TR the names and the consent) to the button.
  await tabTo(page, submitButton(page, m))
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  await expect(form(page).locator('[aria-invalid=true]')).toHaveCount(0)
  await expect(visibleErrors(page)).toHaveCount(0)
  expect(await alerts()).toEqual([])
}

interface AXNode {
  ignored: boolean
  role?: { value: string }
  name?: { value: string }
  properties?: { name: string; value: { value: unknown } }[]
}

/** Chromium's own accessibility tree (CDP), as a screen reader gets it. */
async function axTree(page: Page): Promise<AXNode[]> {
  const cdp = await page.context().newCDPSession(page)
  return ((await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] }).nodes
}

/** The properties of the node with a role and name in Chromium's accessibility tree. */
async function axProperties(
  page: Page,
  role: string,
  name: string,
): Promise<Record<string, unknown>> {
  const nodes = await axTree(page)
  const node = nodes.find((n) => n.role?.value === role && n.name?.value === name)
  if (!node) throw new Error(`no ${role} named ${name} in the accessibility tree`)
  return Object.fromEntries((node.properties ?? []).map((p) => [p.name, p.value.value]))
}

/**
 * Opens a market's form and reads it untouched, each read a step: the mandatory-field note first,
 * `nothingInvalid` (what the accessibility tree exposes before any interaction), tabbing through
 * without an error. Each market's form is loaded once: its error flow goes on from here. Returns
 * the count of the form's alerts since it opened.
 */
async function openUntouched(page: Page, m: Market, nothingInvalid?: () => Promise<void>) {
  await open(page, m)
  const alerts = await countAlerts(page)
  await test.step('the mandatory-field note comes before the fields, in reading order and on screen', () =>
    expectNoteFirst(page, m))
  if (nothingInvalid)
    await test.step(
      'before any interaction nothing is exposed as invalid, and required controls are exposed as required',
      nothingInvalid,
    )
  await test.step('tabbing through the untouched form raises no error, visible or announced', () =>
    expectQuietTabbing(page, m, alerts))
  return alerts
}

/*
 * CDP's accessibility tree lists "required" only for some roles (textbox, radiogroup, ...), not for
 * combobox or checkbox; for those the native `required` attribute is checked, which Chromium maps
 * to the platform's required state.
 */
test.describe('the error flow: failed submit, focus on the first invalid field, described while fixed, cleared, success announced', () => {
  test('DE: the empty e-mail field (first: the untouched form; a refused submit is heard once)', async ({
    page,
  }) => {
    const m = market('DE')
    const alerts = await openUntouched(page, m)
    const email = emailField(page, m)
    await test.step('a refused submit is heard once: from the field that takes the focus, or from the alert when the focus stays in it', async () => {
      const error = tx(m, 'errors.emailRequiredErrorMessage')
      await tabTo(page, submitButton(page, m))
      await page.keyboard.press('Enter')
      await expectDescribedError(email, page, error)
      // The focused field reads its error: the alert does not read it a second time.
      expect(await alerts()).toEqual([])
      // Enter in the field itself: the focus stays, so the alert reads the error, again on each refusal.
      await page.keyboard.press('Enter')
      await expect.poll(alerts).toEqual([error])
      await page.keyboard.press('Enter')
      await expect.poll(alerts).toEqual([error, error])
    })
    await test.step('the empty e-mail field, fixed: described while half typed, cleared, success announced', async () => {
      // Half typed: the field is still invalid, so an error stays and describes what is wrong now.
      await page.keyboard.type('anna@')
      await expectDescribedError(email, page, tx(m, 'errors.emailRegexErrorMessage'))
      await page.keyboard.type('example.com')
      await expectNoError(email)
      await expect(visibleErrors(page)).toHaveCount(0)
      expect(await axeViolations(page, '#footer')).toEqual([])
      await page.keyboard.press('Enter')
      await expectSuccessAnnounced(page, m, 'anna@example.com')
    })
  })

  test('HU: e-mail given, salutation and names missing (first: the untouched form; an edited field is checked on leaving)', async ({
    page,
  }) => {
    const m = market('HU')
    await openUntouched(page, m, async () => {
      await emailField(page, m).focus()
      await expect(salutation(page, m)).toBeVisible()
      // The visible asterisk is hidden from assistive technology: the names are the labels alone.
      expect((await axProperties(page, 'combobox', tx(m, 'salutation'))).invalid).toBe('false')
      await expect(salutation(page, m)).toHaveJSProperty('required', true)
      for (const key of ['email', 'firstName', 'lastName'])
        expect(await axProperties(page, 'textbox', tx(m, key))).toMatchObject({
          invalid: 'false',
          required: true,
        })
    })
    await test.step('an edited field is still checked when the visitor leaves it', async () => {
      await emailField(page, m).focus()
      await page.keyboard.type('anna@')
      await page.keyboard.press('Tab')
      await expect(emailField(page, m)).toHaveAttribute('aria-invalid', 'true')
      await expect(emailField(page, m)).toHaveAccessibleDescription(
        tx(m, 'errors.emailRegexErrorMessage'),
      )
      await expect(visibleErrors(page)).toHaveCount(1)
    })
    await test.step('e-mail given, salutation and names missing', async () => {
      await emailField(page, m).fill('anna@example.com')
      await tabTo(page, submitButton(page, m))
      await page.keyboard.press('Enter')
      // Hungarian forms ask for the family name first.
      const others = [
        tx(m, 'errors.lastNameRequiredErrorMessage'),
        tx(m, 'errors.firstNameRequiredErrorMessage'),
      ]
      await expectDescribedError(
        salutation(page, m),
        page,
        tx(m, 'errors.salutationRequiredErrorMessage'),
        others,
      )
      expect(await axeViolations(page, '#footer')).toEqual([])
      await page.keyboard.press('ArrowDown')
      await expect(salutation(page, m)).toHaveValue('MRS')
      await expectNoError(salutation(page, m), others)
      // Left, the salutation no longer reads them: the family name reads its own error.
      await page.keyboard.press('Tab')
      await expectDescribedError(
        textField(page, m, 'lastName'),
        page,
        tx(m, 'errors.lastNameRequiredErrorMessage'),
      )
      await page.keyboard.type('Kovács')
      await expectNoError(textField(page, m, 'lastName'))
      await page.keyboard.press('Tab')
      await expectDescribedError(
        textField(page, m, 'firstName'),
        page,
        tx(m, 'errors.firstNameRequiredErrorMessage'),
      )
      await page.keyboard.type('Anna')
      await expectNoError(textField(page, m, 'firstName'))
      await expect(visibleErrors(page)).toHaveCount(0)
      await page.keyboard.press('Enter')
      await expectSuccessAnnounced(page, m, 'anna@example.com')
    })
  })

  test('TR: e-mail and names given, the consent not ticked (first: the untouched form)', async ({
    page,
  }) => {
    const m = market('TR')
    await openUntouched(page, m, async () => {
      await emailField(page, m).focus()
      await expect(textField(page, m, 'lastName')).toBeVisible()
      const name = (
        await consent(page).evaluate((el) => (el as HTMLInputElement).labels![0].textContent!)
      ).replace(/ \*$/, '')
      expect((await axProperties(page, 'checkbox', name)).invalid).toBe('false')
      await expect(consent(page)).toHaveJSProperty('required', true)
      for (const key of ['firstName', 'lastName'])
        expect(await axProperties(page, 'textbox', tx(m, key))).toMatchObject({
          invalid: 'false',
          required: true,
        })
    })
    await test.step('e-mail and names given, the consent not ticked', async () => {
      await emailField(page, m).fill('ayse@example.com')
      await textField(page, m, 'firstName').fill('Ayşe')
      await textField(page, m, 'lastName').fill('Yılmaz')
      await tabTo(page, submitButton(page, m))
      await page.keyboard.press('Enter')
      await expectDescribedError(consent(page), page, tx(m, 'errors.legalsRequiredErrorMessage'))
      expect(await axeViolations(page, '#footer')).toEqual([])
      await page.keyboard.press('Space')
      await expect(consent(page)).toBeChecked()
      await expectNoError(consent(page))
      await tabTo(page, submitButton(page, m))
      await page.keyboard.press('Enter')
      await expectSuccessAnnounced(page, m, 'ayse@example.com')
    })
  })
})

freshPageTest(
  'the success view comes into view without a scroll animation, whatever the motion preference (DE)',
  async ({ page }) => {
    const m = market('DE')
    await page.addInitScript(() => {
      const w = window as unknown as { scrolls: unknown[] }
      w.scrolls = []
      const original = Element.prototype.scrollIntoView
      Element.prototype.scrollIntoView = function (
        this: Element,
        arg?: boolean | ScrollIntoViewOptions,
      ) {
        w.scrolls.push(typeof arg === 'object' ? (arg.behavior ?? 'auto') : 'auto')
        return original.call(this, arg)
      }
    })
    for (const reducedMotion of ['reduce', 'no-preference'] as const) {
      await page.emulateMedia({ reducedMotion })
      await open(page, m)
      await emailField(page, m).fill(`motion.${reducedMotion}@example.com`)
      await submitButton(page, m).click()
      // The heading takes the focus in the same effect that scrolls, right after it.
      await expect(page.getByRole('heading', { name: tx(m, 'successTitle') })).toBeFocused()
      expect(
        await page.evaluate(() => (window as unknown as { scrolls: unknown[] }).scrolls),
      ).toEqual(['auto'])
    }
  },
)

test('social and app icon links are 44 x 44 px targets (DE, desktop and phone)', async ({
  page,
}) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/de/')
    const links = page.locator('#footer .lf-icon-list a')
    await expect(links.first()).toBeVisible()
    const sizes = await links.evaluateAll((els) =>
      els.map((el) => `${el.getBoundingClientRect().width}x${el.getBoundingClientRect().height}`),
    )
    expect(sizes.length).toBeGreaterThan(3)
    expect(
      sizes.filter((s) => s !== '44x44'),
      `${width} px`,
    ).toEqual([])
  }
})

test('at 320 px the discount bubble keeps clear of the form (DE, HU, TR)', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 })
  for (const site of ['DE', 'HU', 'TR']) {
    const m = market(site)
    await open(page, m)
    const bubble = (await page.locator('#footer .lf-nl__bubble').boundingBox())!
    for (const part of [form(page), page.locator('#footer .lf-nl__body label').first()]) {
      const box = (await part.boundingBox())!
      expect(bubble.y + bubble.height, `${site}: the bubble ends above the form`).toBeLessThan(
        box.y,
      )
    }
  }
})

/** In a screenshot of a control with 8 px around it: the share of focus-colour pixels in the bands 3-5 px above and below its box. */
async function focusBlue(browser: Browser, png: Buffer, width: number, height: number) {
  const page = await comparisonPage(browser)
  return page.evaluate(
    async ([b64, w, h]) => {
      const image = await createImageBitmap(
        await (await fetch(`data:image/png;base64,${b64}`)).blob(),
      )
      const canvas = new OffscreenCanvas(image.width, image.height)
      const context = canvas.getContext('2d')!
      context.drawImage(image, 0, 0)
      const band = (y0: number) => {
        let blue = 0
        let all = 0
        for (let y = y0; y < y0 + 2; y++)
          for (let x = 8; x < 8 + Math.round(w); x++) {
            const [r, g, b] = context.getImageData(x, Math.round(y), 1, 1).data
            all++
            // #0b5cad, the focus colour
            if (Math.abs(r - 11) < 48 && Math.abs(g - 92) < 48 && Math.abs(b - 173) < 48) blue++
          }
        return blue / all
      }
      return { top: band(8 - 4), bottom: band(8 + h + 2) }
    },
    [png.toString('base64'), width, height] as const,
  )
}

test.describe('kit gallery', () => {
  const gallery = (page: Page) => page.locator('#kit-gallery .lf-gallery')
  async function openGallery(page: Page, width = 1280) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/kit/')
    await expect(gallery(page).getByRole('heading', { name: 'Button', level: 2 })).toBeVisible()
  }
  /**
   * Checks that only read the untouched gallery at 1280 px: they share one page load (the last
   * test of this group), a step each.
   */
  const untouched: { name: string; check: (fixtures: { page: Page }) => Promise<void> }[] = []
  const readsUntouched = (name: string, check: (fixtures: { page: Page }) => Promise<void>) =>
    untouched.push({ name, check })

  /** The pixels around a control, with a margin wide enough for a focus ring. */
  async function around(page: Page, control: Locator) {
    const box = (await control.boundingBox())!
    return page.screenshot({
      clip: { x: box.x - 8, y: box.y - 8, width: box.width + 16, height: box.height + 16 },
    })
  }

  for (const [what, find] of [
    [
      'radio',
      (page: Page) =>
        gallery(page).getByRole('group', { name: 'Salutation (error)' }).getByRole('radio').first(),
    ],
    ['checkbox', (page: Page) => gallery(page).getByRole('checkbox', { name: 'Required consent' })],
  ] as const) {
    test(`a ${what} in the error state shows a visible focus indicator${what === 'radio' ? '; the ring is whole: the next radio does not cover its bottom' : ''}`, async ({
      page,
      browser,
    }) => {
      await openGallery(page)
      const control = find(page)
      await expect(control).toHaveAttribute('aria-invalid', 'true')
      await control.scrollIntoViewIfNeeded()
      // Reached with the keyboard, so :focus-visible applies.
      await control.focus()
      await page.keyboard.press('Shift+Tab')
      await page.keyboard.press('Tab')
      await expect(control).toBeFocused()
      if (what === 'radio')
        await test.step('the focus ring of an error radio is whole: the next radio does not cover its bottom', async () => {
          const box = (await control.boundingBox())!
          const shot = await page.screenshot({
            clip: { x: box.x - 8, y: box.y - 8, width: box.width + 16, height: box.height + 16 },
          })
          // The share of focus-blue pixels in the band 2-4 px above the box and in the band below it.
          const { top, bottom } = await focusBlue(browser, shot, box.width, box.height)
          expect(top).toBeGreaterThan(0.5)
          expect(bottom, 'the bottom of the ring is as blue as its top').toBeGreaterThan(top * 0.9)
        })
      const focused = await around(page, control)
      await control.blur()
      const unfocused = await around(page, control)
      // A ring around a 24 px control changes a good part of the pixels around it; a native
      // control's own faint focus shading does not count.
      const { ratio } = await pixelDiff(browser, focused, unfocused)
      expect(
        ratio,
        'share of the pixels around the control that change with focus',
      ).toBeGreaterThan(0.1)
    })
  }

  readsUntouched(
    "a new-tab hint in the kit's language is marked with that language inside English text",
    async ({ page }) => {
      const german = flatten(await loadDictionary('de-DE'))['kit.link.newTab']
      const hints = await gallery(page)
        .locator('a[target=_blank] .lf-visually-hidden')
        .evaluateAll((els) =>
          els.map((el) => ({
            text: el.textContent,
            lang: el.closest('[lang]')?.getAttribute('lang') ?? '',
          })),
        )
      expect(hints.length).toBeGreaterThan(0)
      expect(hints.filter((h) => h.text!.includes(german) && !h.lang.startsWith('de'))).toEqual([])
    },
  )

  readsUntouched(
    'English demo texts are never inside the kit language: every text under a German lang is a kit text',
    async ({ page }) => {
      const kitTexts = [
        ...Object.entries(flatten(await loadDictionary('de-DE')))
          .filter(([key]) => key.startsWith('kit.'))
          .map(([, value]) => value),
        ...PASSWORD_TEXTS.de,
      ]
      const german = await gallery(page).evaluate((root) => {
        const out: string[] = []
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent!.trim()
          if (text && node.parentElement!.closest('[lang]')!.getAttribute('lang')!.startsWith('de'))
            out.push(text)
        }
        return out
      })
      expect(german.length).toBeGreaterThan(0)
      expect(
        german.filter(
          (text) => !kitTexts.some((kit) => kit.includes(text.replace(/^\(|\)$/g, ''))),
        ),
      ).toEqual([])
    },
  )

  readsUntouched(
    'a new-tab link inside a label keeps the space after its hint in the name',
    async ({ page }) => {
      // Chromium's own name (CDP): the space collapses in layout, which Playwright's name does not see.
      expect(
        (await axTree(page))
          .filter((n) => n.role?.value === 'checkbox' && n.name?.value.startsWith('I accept'))
          .map((n) => n.name!.value),
      ).toEqual(['I accept the terms (opens in a new tab) and the privacy notice.'])
    },
  )

  readsUntouched(
    'each banner close button is named by its action and described by the banner it closes',
    async ({ page }) => {
      // English demo messages are closed in English, the German one with the kit's German action.
      const closes = gallery(page).getByRole('button', {
        name: /^(Hinweis schließen|Close message)$/,
      })
      await expect(closes).toHaveCount(6)
      const messages = await Promise.all(
        (await closes.all()).map((b) =>
          b.evaluate((el) => [
            el.getAttribute('aria-label'),
            el.closest('.lf-notification')!.textContent,
          ]),
        ),
      )
      expect(new Set(messages.map(([, text]) => text)).size).toBe(6)
      for (const [i, [label, text]] of messages.entries()) {
        await expect(closes.nth(i)).toHaveAccessibleName(label!)
        await expect(closes.nth(i)).toHaveAccessibleDescription(text!)
      }
    },
  )

  test('closing a banner moves the focus to the next control, not to the page top', async ({
    page,
  }) => {
    await openGallery(page)
    const close = gallery(page)
      .getByRole('button', { name: /^Close message/ })
      .first()
    await close.focus()
    await page.keyboard.press('Enter')
    await expect(gallery(page).getByRole('button', { name: /^Close message/ })).toHaveCount(4)
    const inWidget = await page.evaluate(() => {
      const root = document.getElementById('kit-gallery')!.shadowRoot!
      return document.activeElement === root.host && !!root.activeElement?.matches('button')
    })
    expect(inWidget).toBe(true)
  })

  test('"Announce a message" is heard again when pressed again with the same text', async ({
    page,
  }) => {
    await openGallery(page)
    const region = gallery(page).locator('#gallery-live')
    await region.evaluate((el) => {
      const w = window as unknown as { heard: string[] }
      w.heard = []
      new MutationObserver(() => {
        if (el.textContent) w.heard.push(el.textContent)
      }).observe(el, { childList: true, subtree: true, characterData: true })
    })
    const announce = gallery(page).getByRole('button', { name: 'Announce a message' })
    await announce.click()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { heard: string[] }).heard.length))
      .toBe(1)
    await announce.click()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { heard: string[] }).heard.length))
      .toBe(2)
  })

  freshPageTest(
    'the button spinner stands still for visitors who prefer reduced motion',
    async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await openGallery(page)
      const spinner = gallery(page).locator('.lf-button__spinner').first()
      await expect(spinner).toBeVisible()
      expect(await spinner.evaluate((el) => el.getAnimations().length)).toBe(0)
    },
  )

  readsUntouched('icon names are read once', async ({ page }) => {
    const list = gallery(page).locator('.lf-gallery-icons')
    await expect(list.getByRole('listitem').first()).toBeVisible()
    expect(await list.ariaSnapshot()).not.toContain('img')
  })

  /** No placeholder is cut off (the IBAN's format sits in its hint). */
  async function expectWholePlaceholders(page: Page) {
    await expect(
      gallery(page).getByRole('textbox', { name: 'IBAN', exact: true }),
    ).toHaveAccessibleDescription(/DE00 0000 0000 0000 0000 00/)
    const cut = await gallery(page)
      .locator('input[placeholder]')
      .evaluateAll((els) =>
        (els as HTMLInputElement[]).flatMap((el) => {
          const style = getComputedStyle(el)
          const ctx = document.createElement('canvas').getContext('2d')!
          ctx.font = style.font
          const room =
            el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
          return ctx.measureText(el.placeholder).width > room
            ? [`${el.name}: "${el.placeholder}"`]
            : []
        }),
      )
    expect(cut).toEqual([])
  }

  readsUntouched(
    "no placeholder is cut off at 1280 px (the IBAN's format sits in its hint)",
    ({ page }) => expectWholePlaceholders(page),
  )

  test("no placeholder is cut off at 320 px (the IBAN's format sits in its hint)", async ({
    page,
  }) => {
    await openGallery(page, 320)
    await expectWholePlaceholders(page)
  })

  test('the untouched gallery at 1280 px: new-tab hints, kit-language texts, names in labels, banner close buttons, icon names, whole placeholders', async ({
    page,
  }) => {
    await openGallery(page)
    for (const { name, check } of untouched) await test.step(name, () => check({ page }))
  })
})

test.describe('staff dialog', () => {
  const opener = (page: Page) => page.getByRole('button', { name: 'Set preview settings' })
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Set preview settings' })
  async function openDialog(page: Page) {
    await becomeStaff(page)
    await page.goto('/de/')
    await opener(page).click()
    await expect(dialog(page).getByText('Active tests found.')).toBeVisible()
  }

  test('while it is open, the rest of the widget is out of the accessibility tree and out of reach', async ({
    page,
  }) => {
    await openDialog(page)
    const exposed = (await axTree(page))
      .filter(
        (n) =>
          !n.ignored && ['textbox', 'heading', 'combobox', 'button'].includes(n.role?.value ?? ''),
      )
      .map((n) => `${n.role!.value} ${n.name?.value}`)
    // Of the widget, only the dialog (the host page is not the widget's to hide).
    expect(exposed).toEqual(expect.arrayContaining(['textbox Date', 'button Apply']))
    for (const outside of [
      'textbox E-Mail-Adresse',
      'heading Newsletter abonnieren und Gutschein sichern',
      'heading Kundenservice',
      'heading Preview settings',
      'button Set preview settings',
    ])
      expect(exposed).not.toContain(outside)
    await page.keyboard.press('Escape')
    await expect(opener(page)).toBeFocused()
    await expect(page.getByRole('textbox', { name: 'E-Mail-Adresse' })).toBeVisible()
  })

  test('a click outside on nothing focusable closes it and the focus goes back to the opener', async ({
    page,
  }) => {
    await openDialog(page)
    await page.getByRole('heading', { level: 1 }).click()
    await expect(dialog(page)).toHaveCount(0)
    await expect(opener(page)).toBeFocused()
  })

  test('the A/B group is not invalid before Apply; Apply without it moves the focus to it', async ({
    page,
  }) => {
    await openDialog(page)
    const d = dialog(page)
    await d.getByRole('combobox', { name: 'Name' }).selectOption('advent-teaser')
    const group = d.getByRole('combobox', { name: /^Group/ })
    await expect(group).toHaveAccessibleDescription('Required')
    await expect(group).toHaveAttribute('aria-invalid', 'false')
    await d.getByRole('button', { name: 'Apply' }).click()
    await expect(d.getByText('Please also select an A/B test group!')).toBeVisible()
    await expect(group).toBeFocused()
    await expect(group).toHaveAttribute('aria-invalid', 'true')
  })
})
