/**
 * The oldest-engine profile: before any page script runs, every JavaScript and DOM API the
 * browser floor lacks (below-floor.ts, from MDN's compat data) is removed from Chromium, and the
 * widget must still work: sign-up, a logged-in visitor's prefill and lock, the staff preview.
 * This is how a regression below the floor shows without an old browser.
 */
import { expect, test, type Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../server/core/routes/login.ts'
import { apisBelowFloor, type BelowFloor } from './below-floor.ts'
import { becomeStaff, watchPage } from './helpers.ts'
import {
  emailField,
  firstNameField,
  lastNameField,
  market,
  submitButton,
  successText,
} from './hosts-helpers.ts'

const BELOW_FLOOR = apisBelowFloor()

/** Runs in the page before its scripts: removes globals and members (own or inherited through the prototype chain). */
function removeApis({ globals, members }: BelowFloor) {
  const scope = window as unknown as Record<string, unknown>
  const removed: string[] = []
  for (const name of globals) {
    if (!(name in scope)) continue
    try {
      delete scope[name]
      if (name in scope)
        Object.defineProperty(window, name, {
          value: undefined,
          configurable: true,
          writable: true,
        })
      removed.push(name)
    } catch {
      // a non-configurable global stays
    }
  }
  for (const [owner, member] of members) {
    const target = scope[owner] as (Record<string, unknown> & { prototype?: object }) | undefined
    if (!target) continue
    for (const holder of [target, target.prototype]) {
      for (
        let o: object | null | undefined = holder;
        o && o !== Object.prototype && o !== Function.prototype;
        o = Object.getPrototypeOf(o)
      ) {
        if (Object.prototype.hasOwnProperty.call(o, member)) {
          try {
            delete (o as Record<string, unknown>)[member]
            removed.push(`${owner}.${member}`)
          } catch {
            // non-configurable: stays
          }
        }
      }
    }
  }
  // Read through the DOM: Playwright's main-world evaluation itself needs some of what is gone.
  document.addEventListener('DOMContentLoaded', () =>
    document.documentElement.setAttribute('data-removed-apis', removed.join(' ')),
  )
}

async function openOldest(page: Page, path: string) {
  await page.addInitScript(removeApis, BELOW_FLOOR)
  await page.goto(path)
  const removed = ((await page.locator('html').getAttribute('data-removed-apis')) ?? '').split(' ')
  // The profile works: what the issue names is really gone.
  for (const api of [
    'queueMicrotask',
    'AbortController',
    'IntersectionObserver',
    'Object.fromEntries',
    'ShadowRoot.adoptedStyleSheets',
    'CSSStyleSheet.replaceSync',
  ])
    expect(removed).toContain(api)
}

test('oldest engine: the sign-up works without the APIs the floor lacks (AT)', async ({ page }) => {
  const m = market('AT')
  const log = watchPage(page)
  await openOldest(page, m.path)
  await emailField(page, m).fill('not-an-address')
  await emailField(page, m).blur()
  await expect(emailField(page, m)).toHaveAttribute('aria-invalid', 'true')
  const address = `oldest.${Date.now()}@example.com`
  await emailField(page, m).fill(address)
  await firstNameField(page, m).fill('Anna')
  await lastNameField(page, m).fill('Huber')
  await submitButton(page, m).click()
  await expect(successText(page, m, address)).toBeVisible()
  expect(log.pageErrors).toEqual([])
  expect(log.errors).toEqual([])
})

test('oldest engine: a logged-in visitor gets the prefill and the lock (AT, demo account)', async ({
  page,
}) => {
  const m = market('AT')
  const log = watchPage(page)
  const login = await page.request.post('/service/login/api/v1/login', {
    headers: { 'x-hunter-csrf': '1' },
    data: DEMO_ACCOUNT,
  })
  expect(login.status()).toBe(200)
  await openOldest(page, m.path)
  await expect(emailField(page, m)).toHaveValue('anna.schmidt@example.com')
  await expect(emailField(page, m)).toBeDisabled()
  await expect(firstNameField(page, m)).toHaveValue('Anna')
  await expect(firstNameField(page, m)).toBeDisabled()
  await submitButton(page, m).click()
  await expect(successText(page, m, 'anna.schmidt@example.com')).toBeVisible()
  expect(log.pageErrors).toEqual([])
  expect(log.errors).toEqual([])
})

test('oldest engine: the staff preview loads and its dialog opens', async ({ page }) => {
  const log = watchPage(page)
  await becomeStaff(page)
  await openOldest(page, '/de/')
  await expect(page.getByRole('region', { name: 'Preview settings' })).toBeVisible()
  await page.getByRole('button', { name: 'Set preview settings' }).click()
  const dialog = page.getByRole('dialog', { name: 'Set preview settings' })
  await expect(dialog.getByText('Active tests found.')).toBeVisible()
  expect(log.pageErrors).toEqual([])
  expect(log.errors).toEqual([])
})
