/**
 * Visitor journeys, written once and run in Firefox ESR and WebKit side by side (and in Chromium on
 * request: test/runners/run-engine-tests.ts). They assert what a visitor sees, through the
 * engine-neutral page of driver.ts; the Playwright specs in test/browser prove each of them in
 * Chromium (docs/TESTING.md names the spec of each journey) and go deeper there.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { MARKETS, type Market } from '../../build/product/markets.ts'
import { flatten, loadDictionary } from '../../build/product/locales.ts'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { footerFixture } from '../helpers/footer-fixtures.ts'
import { DEMO_ACCOUNT } from '../../server/core/routes/login.ts'
import { SERVER_RENDERED_ATTRIBUTE } from '../../src/contract/contract.ts'
import type { EnginePage, Query } from './driver.ts'

export interface Journey {
  name: string
  run(page: EnginePage): Promise<void>
}

const texts = Object.fromEntries(
  await Promise.all(
    MARKETS.map(async (m) => [m.site, flatten(await loadDictionary(m.locale))] as const),
  ),
)
const market = (site: string) => MARKETS.find((m) => m.site === site)!
const baseData = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'fixtures/api/customer-base-data.json'), 'utf8'),
) as Record<string, string>
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/** A part of an address no other journey's is: the engines run side by side on one server. */
const uniqueTag = () => `${Date.now()}.${Math.random().toString(36).slice(2, 8)}`

/** A locale's text, with {{placeholders}} filled. */
function tx(m: Market, key: string, params: Record<string, string> = {}): string {
  return texts[m.site][key].replace(
    /\{\{\s*(\w+)\s*\}\}/g,
    (_, k: string) => params[k] ?? (k === 'brand' ? 'Lumora' : ''),
  )
}

const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 390, height: 844 }

const TIMEOUT_MS = 15_000

class JourneyError extends Error {}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new JourneyError(message)
}

/** Polls `fn` in the page until it returns something truthy; fails with `what` after the time-out. */
async function waitFor<A extends unknown[], R>(
  page: EnginePage,
  what: string,
  fn: (...args: A) => R,
  ...args: A
): Promise<Awaited<R>> {
  const started = Date.now()
  let last: unknown
  for (;;) {
    try {
      const value = await page.run(fn, ...args)
      if (value) return value
      last = value
    } catch (error) {
      last = error instanceof Error ? error.message.split('\n')[0] : error
    }
    if (Date.now() - started > TIMEOUT_MS)
      throw new JourneyError(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`)
    await new Promise((r) => setTimeout(r, 150))
  }
}

/** The element's state as a visitor (or assistive technology) perceives it; null when not found. */
function element(page: EnginePage, query: Query) {
  return page.run((q: Query) => {
    const el = findAll(q)[q.nth ?? 0] as HTMLInputElement | undefined
    if (!el) return null
    let active: Element | null = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    return {
      value: el.value ?? null,
      disabled: !!el.disabled,
      focused: active === el,
      expanded: el.getAttribute('aria-expanded'),
      invalid: el.getAttribute('aria-invalid'),
    }
  }, query)
}

async function waitForElement(
  page: EnginePage,
  what: string,
  query: Query,
  test: (state: NonNullable<Awaited<ReturnType<typeof element>>>) => boolean = () => true,
) {
  const started = Date.now()
  for (;;) {
    const state = await element(page, query).catch(() => null)
    if (state && test(state)) return state
    if (Date.now() - started > TIMEOUT_MS)
      throw new JourneyError(
        `timed out waiting for ${what}: ${JSON.stringify(query)} is ${JSON.stringify(state)}`,
      )
    await new Promise((r) => setTimeout(r, 150))
  }
}

const count = (page: EnginePage, query: Query) => page.run((q: Query) => findAll(q).length, query)

/** Moves the focus as a script would; for starting points of keyboard journeys. */
const focus = (page: EnginePage, query: Query) =>
  page.run((q: Query) => (findAll(q)[0] as HTMLElement).focus(), query)

/** Clicks what the query finds once it is shown (the form renders in stages). */
async function clickOn(page: EnginePage, query: Query) {
  await waitForElement(page, 'something to click', query)
  await page.click(query)
}

/** Clicks into a field and types, as a visitor does. */
async function fill(page: EnginePage, query: Query, text: string) {
  await clickOn(page, query)
  await page.type(text)
}

// --- The newsletter form, found by its labels ------------------------------------------------

const field = (m: Market, key: string): Query => ({
  css: 'input, select',
  name: tx(m, `newsletter.${key}`),
})
const submit = (m: Market): Query => ({
  css: 'button[type=submit]',
  name: tx(m, 'newsletter.submit'),
})

/** Leaves the focused field by Tab, as a visitor does (validation runs on blur). */
async function typeInto(page: EnginePage, m: Market, key: string, text: string) {
  await fill(page, field(m, key), text)
  await page.press('Tab')
}

/** Fills what the market requires besides the e-mail address, by label, the way a visitor would. */
async function fillRequiredExceptEmail(page: EnginePage, m: Market) {
  if (m.site === 'HU') {
    // A native select: its options open outside the page (no WebDriver keys reach them alike in every engine).
    await page.run(
      (q: Query) => {
        const select = findAll(q)[0] as HTMLSelectElement
        select.value = 'MRS'
        select.dispatchEvent(new Event('input', { bubbles: true }))
        select.dispatchEvent(new Event('change', { bubbles: true }))
      },
      field(m, 'salutation'),
    )
  }
  if (m.site === 'HU' || m.site === 'TR' || m.site === 'AT') {
    await typeInto(page, m, 'firstName', 'Ayşe')
    await typeInto(page, m, 'lastName', 'Kovács')
  }
  if (m.site === 'TR') await clickOn(page, { css: 'input[type=checkbox]' })
}

async function waitForText(page: EnginePage, text: string) {
  await waitFor(
    page,
    `the text "${text}"`,
    (wanted: string) => {
      const roots: (Document | ShadowRoot)[] = [document]
      for (let i = 0; i < roots.length; i++)
        for (const el of Array.from(roots[i].querySelectorAll('*')))
          if (el.shadowRoot) roots.push(el.shadowRoot)
      return roots.some((r) =>
        ((r as Document).body ?? r)
          .textContent!.replace(/\s+/g, ' ')
          .includes(wanted.replace(/\s+/g, ' ')),
      )
    },
    text,
  )
}

async function waitForWidget(page: EnginePage) {
  await waitForElement(page, 'the footer landmark', { css: 'footer' })
}

/**
 * Confirms the double opt-in from the landing the mail's link opens. The landing may confirm on
 * its own or ask the visitor to press a button first: this is the one place that knows which.
 */
async function confirmDoiLink(page: EnginePage, m: Market, href: string) {
  await page.goto(href)
  const confirmed = tx(m, 'newsletter.confirmed')
  const labels = Object.entries(texts[m.site])
    .filter(
      ([key, value]) =>
        key.startsWith('newsletter.') &&
        /confirm/i.test(key) &&
        !/confirmed/i.test(key) &&
        value.length < 60,
    )
    .map(([, value]) => value)
  const started = Date.now()
  for (;;) {
    const shown = await page.run(
      (text: string) =>
        document
          .querySelector('#footer')
          ?.shadowRoot?.textContent?.replace(/\s+/g, ' ')
          .includes(text) ?? false,
      confirmed,
    )
    if (shown) return
    for (const name of labels) {
      if ((await count(page, { css: 'button', name })) > 0) {
        // By keyboard: the pressed button goes, and the focus goes on from the block's heading.
        await focus(page, { css: 'button', name })
        await page.press('Enter')
        await waitForText(page, confirmed)
        await waitForElement(
          page,
          'the newsletter heading, focused',
          { css: 'h2', name: tx(m, 'newsletter.title') },
          (s) => s.focused,
        )
        return
      }
    }
    if (Date.now() - started > TIMEOUT_MS)
      throw new JourneyError(
        `the DOI link of ${m.site} shows neither "${confirmed}" nor a confirm button`,
      )
    await new Promise((r) => setTimeout(r, 150))
  }
}

// --- Journeys ----------------------------------------------------------------------------------

function mountJourney(m: Market, size: 'desktop' | 'phone'): Journey {
  const content = footerFixture(m.site)
  const group = content.teaserGroups[0].heading.link.text
  return {
    name: `${m.site} ${size}: the footer mounts with its sections and the sign-up form`,
    async run(page) {
      await page.setViewport(
        size === 'desktop' ? DESKTOP.width : PHONE.width,
        size === 'desktop' ? DESKTOP.height : PHONE.height,
      )
      await page.goto(m.path)
      await waitForWidget(page)
      await waitForElement(page, 'the e-mail field', field(m, 'email'))
      await waitForElement(page, 'the legal links', { css: 'a', name: content.legalLinks[0].text })
      if (size === 'desktop') {
        await waitForElement(page, 'the first teaser heading', { css: 'h3', name: group })
        await waitForElement(page, 'the country switcher', {
          css: 'nav',
          name: content.international.heading,
        })
      } else {
        await waitForElement(
          page,
          'the first panel, closed',
          { css: 'button', name: group },
          (s) => s.expanded === 'false',
        )
        check(
          (await count(page, { css: 'nav', name: content.international.heading })) === 0,
          'no country switcher on a phone',
        )
      }
      check(page.pageErrors().length === 0, `page errors: ${page.pageErrors().join('; ')}`)
    },
  }
}

function signUpJourney(site: string): Journey {
  const m = market(site)
  return {
    name: `${site}: invalid input is refused, sign-up succeeds, the mail's link confirms, reused it is no longer valid`,
    async run(page) {
      await page.setViewport(DESKTOP.width, DESKTOP.height)
      await page.goto(m.path)
      await waitForElement(page, 'the e-mail field', field(m, 'email'))
      await typeInto(page, m, 'email', 'not-an-address')
      await waitForElement(
        page,
        'the invalid e-mail field',
        field(m, 'email'),
        (s) => s.invalid === 'true',
      )
      await waitForElement(page, 'the e-mail error', {
        css: 'form [role=status]',
        name: tx(m, 'newsletter.errors.emailRegexErrorMessage'),
      })
      await clickOn(page, submit(m))
      await waitForElement(
        page,
        'the form still there after a refused submit',
        field(m, 'email'),
        (s) => s.value === 'not-an-address',
      )

      const address = `engines.${site.toLowerCase()}.${uniqueTag()}@example.com`
      await clickOn(page, field(m, 'email'))
      await page.run((q: Query) => (findAll(q)[0] as HTMLInputElement).select(), field(m, 'email'))
      await page.type(address)
      await page.press('Tab')
      await fillRequiredExceptEmail(page, m)
      await clickOn(page, submit(m))
      await waitForText(page, tx(m, 'newsletter.success', { email: address }))
      check(
        (await count(page, field(m, 'email'))) === 0,
        'the form gives way to the success message',
      )

      await page.goto('/_mail/')
      const href = await waitFor(
        page,
        `the mail to ${address} in the outbox`,
        (to: string) => {
          const mail = Array.from(document.querySelectorAll('article')).find((a) =>
            a.textContent!.includes(to),
          )
          return mail?.querySelector('a')?.href ?? ''
        },
        address,
      )
      check(new URL(href).pathname === m.path, `the mail links to ${m.path}, not ${href}`)
      await confirmDoiLink(page, m, href)
      // Reused, the link opens the landing again; confirming it now is refused.
      await page.goto(href)
      await clickOn(page, { css: 'button', name: tx(m, 'newsletter.doiConfirm') })
      await waitForText(page, tx(m, 'newsletter.doiInvalid'))
      check(page.pageErrors().length === 0, `page errors: ${page.pageErrors().join('; ')}`)
    },
  }
}

const phonePanels: Journey = {
  name: 'PL phone: panels open and close by keyboard, Tab reaches the first link',
  async run(page) {
    const m = market('PL')
    const content = footerFixture(m.site)
    const group = content.teaserGroups[0]
    await page.setViewport(PHONE.width, PHONE.height)
    await page.goto(m.path)
    const toggle: Query = { css: 'button', name: group.heading.link.text }
    await waitForElement(page, 'the first panel, closed', toggle, (s) => s.expanded === 'false')
    // On phones the group's heading link is the panel's first link (the toggle itself is a button).
    const firstLink: Query = { css: 'a', name: group.heading.link.text }
    check((await count(page, firstLink)) === 0, 'the panel hides its links')
    await focus(page, toggle)
    await page.press('Enter')
    await waitForElement(page, 'the panel open after Enter', toggle, (s) => s.expanded === 'true')
    await waitForElement(page, 'the first link, visible', firstLink)
    await page.press('Tab')
    await waitForElement(page, 'the first link, focused', firstLink, (s) => s.focused)
    await focus(page, toggle)
    await page.press('Space')
    await waitForElement(
      page,
      'the panel closed after Space',
      toggle,
      (s) => s.expanded === 'false',
    )
  },
}

const countrySwitcher: Journey = {
  name: 'DE desktop: the country switcher marks Germany and its link leads to the Czech shop',
  async run(page) {
    const content = footerFixture('DE')
    const current = content.international.items.find((i) => i.selected)!
    const other = content.international.items.find((i) => i.code === market('CZ').switcherCode)!
    await page.setViewport(DESKTOP.width, DESKTOP.height)
    await page.goto('/de/')
    await waitForElement(page, 'the current country', {
      css: '[aria-current="true"]',
      name: current.label,
    })
    await clickOn(page, { css: 'nav a', name: other.label })
    // The demo server points the switcher at its own market pages.
    await waitFor(
      page,
      'the Czech page',
      (path: string) => location.pathname === path,
      market('CZ').path,
    )
    await waitForElement(page, 'the Czech footer', field(market('CZ'), 'email'))
  },
}

const kitGallery: Journey = {
  name: 'kit gallery (hu-HU): renders, a panel opens by click, axe finds no WCAG 2.2 AA violation',
  async run(page) {
    await page.setViewport(DESKTOP.width, DESKTOP.height)
    await page.goto('/kit/?locale=hu-HU')
    await waitForElement(page, 'the gallery heading', { css: 'h2', name: 'Button' })
    await clickOn(page, { css: 'button', name: 'Collapsed panel' })
    await waitForElement(
      page,
      'the panel open',
      { css: 'button', name: 'Collapsed panel' },
      (s) => s.expanded === 'true',
    )
    // axe's source runs in the page's global scope, as a script tag would run it.
    // biome-ignore lint/security/noGlobalEval: the source is axe-core's own file, read from node_modules
    await page.run((source: string) => void (0, eval)(source), AXE_SOURCE)
    const violations = await page.run(
      async (tags: string[]) => {
        const axe = (
          window as unknown as {
            axe: {
              run: (
                ctx: unknown,
                opts: unknown,
              ) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>
            }
          }
        ).axe
        const result = await axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        })
        return result.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
        )
      },
      ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'],
    )
    check(violations.length === 0, `axe: ${violations.join(' | ')}`)
  },
}

const staffPreview: Journey = {
  name: 'staff preview: /_staff/ makes you staff, the panel loads and its dialog opens and closes',
  async run(page) {
    await page.setViewport(DESKTOP.width, DESKTOP.height)
    await page.goto('/_staff/')
    await clickOn(page, { css: 'button', name: 'Become staff' })
    await waitForText(page, 'You are staff now')
    await page.goto('/de/')
    await waitForElement(page, 'the preview panel', {
      css: '[role=region], section',
      name: 'Preview settings',
    })
    await clickOn(page, { css: 'button', name: 'Set preview settings' })
    await waitForElement(page, 'the dialog', { css: '[role=dialog]', name: 'Set preview settings' })
    await waitForText(page, 'Active tests found.')
    await page.press('Escape')
    await waitFor(page, 'the dialog closed', () => findAll({ css: '[role=dialog]' }).length === 0)
  },
}

const loggedIn: Journey = {
  name: 'AT logged in (demo account): the form is prefilled from the account and known fields are locked',
  async run(page) {
    const m = market('AT')
    await page.setViewport(DESKTOP.width, DESKTOP.height)
    await page.goto(m.path)
    // A real login through the contract server: its answer sets the LoginToken cookie.
    const status = await page.run(async (account: { email: string; password: string }) => {
      const response = await fetch('/service/login/api/v1/login', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-hunter-csrf': '1' },
        body: JSON.stringify(account),
      })
      return response.status
    }, DEMO_ACCOUNT)
    check(status === 200, `login answered ${status}`)
    await page.goto(m.path)
    await waitForElement(
      page,
      'the e-mail prefilled and locked',
      field(m, 'email'),
      (s) => s.value === baseData.email && s.disabled,
    )
    await waitForElement(
      page,
      'the first name prefilled',
      field(m, 'firstName'),
      (s) => s.value === baseData.firstName,
    )
    await clickOn(page, submit(m))
    await waitForText(page, tx(m, 'newsletter.success', { email: baseData.email }))
  },
}

const strictCsp: Journey = {
  name: 'strict-CSP host page (AT): styled, sign-up succeeds, no securitypolicyviolation',
  async run(page) {
    const m = market('AT')
    await page.setViewport(DESKTOP.width, DESKTOP.height)
    await page.goto('/_hosts/clean.html?site=AT&csp')
    await waitForWidget(page)
    await page.run(() => {
      const seen: string[] = []
      ;(window as unknown as { __violations: string[] }).__violations = seen
      document.addEventListener(
        'securitypolicyviolation',
        (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`),
        true,
      )
    })
    // Styles reached the shadow root (adopted, or a nonce'd <style> where adopting is missing).
    await waitFor(
      page,
      'the widget styled',
      () =>
        getComputedStyle(document.querySelector('#footer')!.shadowRoot!.querySelector('.lf-root')!)
          .maxWidth === '1440px',
    )
    const address = `csp.${uniqueTag()}@example.com`
    await typeInto(page, m, 'email', address)
    await fillRequiredExceptEmail(page, m)
    await clickOn(page, submit(m))
    await waitForText(page, tx(m, 'newsletter.success', { email: address }))
    const violations = await page.run(
      () => (window as unknown as { __violations: string[] }).__violations,
    )
    check(violations.length === 0, `CSP violations: ${violations.join('; ')}`)
  },
}

const serverRendered: Journey = {
  name: 'DE server-rendered (?ssr): the served footer is taken over in place, and the sign-up succeeds',
  async run(page) {
    const m = market('DE')
    const content = footerFixture('DE')
    await page.setViewport(DESKTOP.width, DESKTOP.height)
    await page.goto('/de/?ssr')
    await waitForElement(page, 'the legal links', { css: 'a', name: content.legalLinks[0].text })
    // The swap removes the served root and shows the bundle's own: one footer, the bundle's.
    await waitFor(
      page,
      'the bundle taking over the served footer',
      (served: string) => {
        const shadow = document.querySelector('#footer')!.shadowRoot!
        return (
          !shadow.querySelector(`[${served}]`) && shadow.querySelectorAll('footer').length === 1
        )
      },
      SERVER_RENDERED_ATTRIBUTE,
    )
    const address = `ssr.${uniqueTag()}@example.com`
    await typeInto(page, m, 'email', address)
    await fillRequiredExceptEmail(page, m)
    await clickOn(page, submit(m))
    await waitForText(page, tx(m, 'newsletter.success', { email: address }))
    check(page.pageErrors().length === 0, `page errors: ${page.pageErrors().join('; ')}`)
  },
}

export const JOURNEYS: Journey[] = [
  ...MARKETS.flatMap((m) => [mountJourney(m, 'desktop'), mountJourney(m, 'phone')]),
  ...['DE', 'HU', 'TR'].map(signUpJourney),
  phonePanels,
  countrySwitcher,
  kitGallery,
  staffPreview,
  loggedIn,
  strictCsp,
  serverRendered,
]
