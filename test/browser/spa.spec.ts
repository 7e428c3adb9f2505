/**
 * Single-page apps: a router that replaces #footer gets the footer back in the new element by
 * itself, with the one tag; `window.__lumoraFooter.destroy()` ends the footer and everything it
 * runs, and only a tag added afterwards mounts afresh (unmount(), which keeps following #footer,
 * is src/mount.test.tsx's; the React and Vue examples of the doc are spa-frameworks.spec.ts's).
 */
import { expect, test, type Page } from '@playwright/test'
import { watchPage } from './helpers.ts'

const FOOTER_TAGS = 'script[src*="/footer."]'

/** The page global, as a page sees it (types/lumora-footer.d.ts describes it for integrators). */
type WithGlobal = { __lumoraFooter?: { destroy(): void } }

/** A fresh, empty #footer in the old one's place, as a router's re-render leaves it. */
const replaceFooter = (page: Page, generation: number) =>
  page.evaluate((n) => {
    const fresh = document.createElement('div')
    fresh.id = 'footer'
    fresh.dataset.generation = String(n)
    document.getElementById('footer')!.replaceWith(fresh)
  }, generation)

const footerIn = (page: Page, generation: number) =>
  page.locator(`#footer[data-generation="${generation}"]`).getByRole('contentinfo')

test('a page that replaces #footer five times gets the footer back each time, with one tag and no warning', async ({
  page,
}) => {
  const log = watchPage(page)
  await page.goto('/_hosts/modern.html')
  await expect(page.locator('#footer').getByRole('contentinfo')).toBeVisible()
  for (let generation = 1; generation <= 5; generation++) {
    await replaceFooter(page, generation)
    await expect(footerIn(page, generation)).toBeVisible()
    await expect(footerIn(page, generation).getByRole('link').first()).toBeVisible()
  }
  expect(await page.locator(FOOTER_TAGS).count()).toBe(1)
  expect(await page.locator('#footer').count()).toBe(1)
  expect(log.warnings).toEqual([])
  expect(log.errors).toEqual([])
  expect(log.pageErrors).toEqual([])
})

test('a layout that takes the footer away and renders the next #footer a task later (an async route) gets it back there', async ({
  page,
}) => {
  const log = watchPage(page)
  await page.goto('/_hosts/modern.html')
  await expect(page.locator('#footer').getByRole('contentinfo')).toBeVisible()
  await page.evaluate(() => {
    const line = document.getElementById('host-line')!
    document.getElementById('footer')!.remove()
    setTimeout(() => {
      const wrapper = document.createElement('div')
      wrapper.innerHTML = '<div id="footer" data-generation="1"></div>'
      line.before(wrapper)
    }, 50)
  })
  await expect(footerIn(page, 1)).toBeVisible()
  expect(log.errors).toEqual([])
  expect(log.pageErrors).toEqual([])
})

/**
 * Counts what the page has running, from its first moment: timers not yet run or cleared,
 * observers observing, and listeners on the window, the document, media queries and elements in
 * the document (once-listeners remove themselves and are left out).
 */
function countRunning(page: Page) {
  return page.addInitScript(() => {
    const timers = new Map<number, number>()
    const observers = new Set<object>()
    const listeners = new Set<{
      target: EventTarget
      type: string
      fn: unknown
      capture: boolean
    }>()
    const { setTimeout: set, clearTimeout: clear } = window
    window.setTimeout = ((fn: () => void, ms?: number) => {
      const id = set(() => {
        timers.delete(id)
        fn()
      }, ms)
      timers.set(id, ms ?? 0)
      return id
    }) as typeof setTimeout
    window.clearTimeout = ((id?: number) => {
      timers.delete(id!)
      clear(id)
    }) as typeof clearTimeout
    for (const name of ['MutationObserver', 'IntersectionObserver', 'ResizeObserver'] as const) {
      const Base = window[name] as unknown as {
        new (...args: unknown[]): { observe(...a: unknown[]): void; disconnect(): void }
      }
      ;(window as unknown as Record<string, unknown>)[name] = class extends Base {
        observe(...args: unknown[]) {
          observers.add(this)
          return super.observe(...args)
        }
        disconnect() {
          observers.delete(this)
          return super.disconnect()
        }
      }
    }
    const capture = (options: unknown) =>
      typeof options === 'boolean' ? options : !!(options as { capture?: boolean })?.capture
    const find = (target: EventTarget, type: string, fn: unknown, options: unknown) =>
      [...listeners].find(
        (l) =>
          l.target === target && l.type === type && l.fn === fn && l.capture === capture(options),
      )
    const { addEventListener: add, removeEventListener: remove } = EventTarget.prototype
    EventTarget.prototype.addEventListener = function (type, fn, options) {
      if (!(options as { once?: boolean })?.once && !find(this, type, fn, options))
        listeners.add({ target: this, type, fn, capture: capture(options) })
      return add.call(this, type, fn, options)
    }
    EventTarget.prototype.removeEventListener = function (type, fn, options) {
      const found = find(this, type, fn, options)
      if (found) listeners.delete(found)
      return remove.call(this, type, fn, options)
    }
    const { addListener, removeListener } = MediaQueryList.prototype
    MediaQueryList.prototype.addListener = function (fn) {
      listeners.add({ target: this, type: 'change', fn, capture: false })
      return addListener.call(this, fn)
    }
    MediaQueryList.prototype.removeListener = function (fn) {
      const found = find(this, 'change', fn, false)
      if (found) listeners.delete(found)
      return removeListener.call(this, fn)
    }
    ;(window as unknown as { __running: () => unknown }).__running = () => ({
      timers: [...timers.values()],
      observers: observers.size,
      listeners: [...listeners]
        .filter((l) => !(l.target instanceof Node) || (l.target as Node).isConnected)
        .map((l) => `${l.target.constructor.name} ${l.type}`),
    })
  })
}

interface Running {
  timers: number[]
  observers: number
  listeners: string[]
}
const running = (page: Page) =>
  page.evaluate(() => (window as unknown as { __running: () => Running }).__running())

test('destroy() on a logged-in desktop visitor: no footer, and no timer, observer, listener, request or session renewal afterwards; a tag added later mounts again', async ({
  page,
}) => {
  const log = watchPage(page)
  const login = await page.request.post('/service/login/api/v1/login', {
    headers: { 'X-hunter-csrf': '1' },
    data: { email: 'demo@lumora.example', password: 'lumora-demo' },
  })
  expect(login.status()).toBe(200)
  await countRunning(page)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/_hosts/modern.html')
  const footer = page.locator('#footer').getByRole('contentinfo')
  await expect(footer).toBeVisible()
  // Running: the session monitor's next check (minutes away), the width's media queries, the mount point's watch.
  await expect.poll(async () => (await running(page)).timers.some((ms) => ms >= 60_000)).toBe(true)
  const before = await running(page)
  expect(before.observers).toBeGreaterThan(0)
  expect(before.listeners.length).toBeGreaterThan(0)

  await page.evaluate(() => (window as unknown as WithGlobal).__lumoraFooter!.destroy())
  const requests: string[] = []
  page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`))
  await expect(footer).toHaveCount(0)
  expect(await page.evaluate(() => typeof (window as unknown as WithGlobal).__lumoraFooter)).toBe(
    'undefined',
  )
  expect(await running(page)).toEqual({ timers: [], observers: 0, listeners: [] })

  // What used to wake the footer: activity, a resize across a breakpoint, the page replacing #footer.
  await page.mouse.click(10, 10)
  await page.keyboard.press('Shift')
  await page.mouse.wheel(0, 400)
  await page.setViewportSize({ width: 700, height: 900 })
  await page.evaluate(() => {
    const fresh = document.createElement('div')
    fresh.id = 'footer'
    document.getElementById('footer')!.replaceWith(fresh)
  })
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  )
  expect(await running(page)).toEqual({ timers: [], observers: 0, listeners: [] })
  expect(await page.locator('#footer').getByRole('contentinfo').count()).toBe(0)
  expect(requests).toEqual([])

  // The tag again (a tag manager's next page view): a footer in the page's #footer.
  await page.evaluate(() => {
    const tag = document.querySelector<HTMLScriptElement>('script[src*="/footer."]')!
    const again = document.createElement('script')
    for (const { name, value } of tag.attributes) again.setAttribute(name, value)
    document.body.append(again)
  })
  await expect(page.locator('#footer').getByRole('contentinfo')).toBeVisible()
  expect(log.errors).toEqual([])
  expect(log.pageErrors).toEqual([])
})
