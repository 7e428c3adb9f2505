/**
 * The widget on host pages built from real libraries (issue 16): one check, run over every page
 * of HOST_PAGES, DE on a desktop and TR on a phone. Each page proves its own script ran (its
 * library writes #host-marker, and `hostCheck()` still answers the same after the sign-up) and
 * its own styles apply (#host-styled). The widget must mount with every link of the clean page,
 * look like it does there (pixel comparison), keep AA contrast in every state, sign up, and log
 * no error. Pages are files in fixtures/hosts/, their libraries pinned devDependencies or files
 * vendored in fixtures/hosts/vendor/ (server/demo/hosts.ts).
 */
import { writeFileSync } from 'node:fs'
import { expect, type Browser, type Frame, type Page } from '@playwright/test'
// Each test loads its host page first: one page per worker (helpers.ts).
import { testOnWorkerPage as test, watchPage } from './helpers.ts'
import {
  contrastFailures,
  emailField,
  fillRequired,
  footerSettled,
  market,
  pixelDiff,
  showWholePage,
  submitButton,
  successText,
  widgetHrefs,
} from './hosts-helpers.ts'
import type { Market } from '../../build/product/markets.ts'

interface HostPage {
  /** File in fixtures/hosts/. */
  file: string
  what: string
  /** What the page's own script writes into #host-marker (and `hostCheck()` returns). */
  marker: string | ((m: Market) => string)
  /** A style of #host-styled that the page's own CSS sets. */
  style: [property: string, value: string]
  query?: string
  /** The system's colour scheme while the page is open. */
  colorScheme?: 'dark'
  /** The widget lives in this iframe of the page. */
  frame?: string
  /** Checks of this page only. */
  extra?: (frame: Frame, m: Market, phone: boolean) => Promise<void>
}

const GREEN = ['color', 'rgb(0, 102, 51)'] as [string, string]

const HOST_PAGES: HostPage[] = [
  {
    file: 'prototype.html',
    what: 'Prototype 1.7.3 (Array.from replaced, Array.prototype.entries deleted)',
    marker: 'Prototype 1.7.3 12 host-marker',
    style: GREEN,
  },
  {
    file: 'mootools.html',
    what: 'MooTools 1.4.5 with its 1.2 compatibility layer (bind drops call-time arguments)',
    marker: 'MooTools 1.4.5 1 host-marker a',
    style: GREEN,
  },
  {
    file: 'extended-builtins.html',
    what: 'enumerable additions to Object, Array, String and Element prototypes',
    marker: 'a=1&b=2 2 Extended',
    style: GREEN,
  },
  {
    file: 'bootstrap5-dark.html',
    what: 'Bootstrap 5.3 dark theme (data-bs-theme="dark")',
    marker: 'Bootstrap 5.3.8 collapse',
    style: ['background-color', 'rgb(13, 110, 253)'],
  },
  {
    file: 'dark-scheme.html',
    what: 'color-scheme: light dark with the system in dark mode, dark body',
    marker: 'scheme dark',
    style: ['color', 'rgb(138, 180, 248)'],
    colorScheme: 'dark',
  },
  {
    file: 'xhtml.xhtml',
    what: 'XHTML served as application/xhtml+xml',
    marker: 'application/xhtml+xml xml-attributes',
    style: GREEN,
    extra: async (frame, m, phone) => {
      await expect(emailField(frame, m)).toHaveAttribute('autocomplete', 'email')
      const honeypot = frame.locator('#footer input[name="lf-website"]')
      expect(
        await honeypot.evaluate((el) => [
          el.getAttribute('tabindex'),
          (el as HTMLInputElement).tabIndex,
        ]),
      ).toEqual(['-1', -1])
      // <source srcset> is chosen: the desktop picture from 1024px, the default one below 767px.
      const picture = await frame
        .locator('#footer picture img')
        .evaluate((img) => (img as HTMLImageElement).currentSrc)
      expect(picture).toContain(phone ? '2de68e986ab3.jpg' : 'c94c3a6a548e.jpg')
    },
  },
  {
    file: 'jquery.html',
    what: 'jQuery 1.12.4 with jquery-migrate 1.4.1',
    marker: 'jQuery 1.12.4 migrate 1.4.1 host-marker',
    style: GREEN,
  },
  {
    file: 'core-js.html',
    what: "core-js's full polyfill bundle",
    marker: 'core-js 3.50.0 2 3',
    style: GREEN,
  },
  {
    file: 'zone.html',
    what: 'zone.js (Promise, timers, listeners patched)',
    marker: 'zone.js host ZoneAwarePromise',
    style: GREEN,
  },
  {
    file: 'bootstrap3.html',
    what: 'Bootstrap 3.4 CSS (html font-size 10px)',
    marker: 'Bootstrap 3 CSS 10px',
    style: ['background-color', 'rgb(51, 122, 183)'],
  },
  {
    file: 'bootstrap5.html',
    what: 'Bootstrap 5.3 CSS and JS, light',
    marker: 'Bootstrap 5.3.8 collapse',
    style: ['background-color', 'rgb(13, 110, 253)'],
  },
  {
    file: 'tailwind.html',
    what: "Tailwind's preflight",
    marker: 'preflight h1 400',
    style: ['font-weight', '400'],
  },
  {
    file: 'document-write.html',
    what: 'the tag written by document.write while parsing',
    marker: 'written 1',
    style: GREEN,
  },
  {
    file: 'iframe.html',
    what: 'the shop page inside an iframe',
    marker: 'frame Clean host',
    style: GREEN,
    frame: '#host-frame',
  },
  {
    file: 'secure.html',
    what: 'strict security headers (CSP with Trusted Types, COOP/COEP, nosniff, no referrer)',
    marker: 'isolated true',
    style: GREEN,
    query: 'secure',
  },
]

const PROFILES = [
  { name: 'DE desktop', site: 'DE', viewport: { width: 1280, height: 900 }, phone: false },
  { name: 'TR phone', site: 'TR', viewport: { width: 375, height: 800 }, phone: true },
]

/** Share of the widget's pixels that may differ from the clean page (antialiasing at most). */
const PIXEL_TOLERANCE = 0.002

interface Reference {
  hrefs: string[]
  shot: Buffer
}

/**
 * The widget on the clean page with #footer as wide as on the host page (pages place it with
 * their own margins; the viewport stays, so does the platform), once per worker, profile and width.
 */
const references = new Map<string, Promise<Reference>>()

function reference(
  browser: Browser,
  profile: (typeof PROFILES)[number],
  footerWidth: number,
): Promise<Reference> {
  const key = `${profile.name} ${footerWidth}`
  let pending = references.get(key)
  if (!pending) {
    pending = (async () => {
      const page = await browser.newPage({ viewport: profile.viewport })
      try {
        await page.goto(`/_hosts/clean.html?site=${profile.site}`)
        await page.addStyleTag({
          content: `body { margin: 8px ${profile.viewport.width - footerWidth}px 8px 0 }`,
        })
        await footerSettled(page)
        // Settled is the last start step: every stage above it, and so every link, is there.
        const hrefs = await widgetHrefs(page.mainFrame())
        await showWholePage(page)
        return {
          hrefs,
          shot: await page.locator('#footer').screenshot({ animations: 'disabled', caret: 'hide' }),
        }
      } finally {
        await page.close()
      }
    })()
    references.set(key, pending)
  }
  return pending
}

async function widgetFrame(page: Page, host: HostPage): Promise<Frame> {
  if (!host.frame) return page.mainFrame()
  await expect(page.locator('#host-marker')).not.toHaveText('not run')
  return (await (await page.locator(host.frame).elementHandle())!.contentFrame())!
}

async function expectContrast(frame: Frame, state: string) {
  const { checked, failures } = await contrastFailures(frame)
  expect(checked, `${state}: texts checked`).toBeGreaterThan(10)
  expect(failures, `${state}: texts below AA contrast`).toEqual([])
}

for (const host of HOST_PAGES) {
  for (const profile of PROFILES) {
    test(`${host.file} (${host.what}), ${profile.name}: mounts with every link, looks as on a clean page, AA contrast, signs up, host page intact`, async ({
      browser,
      page,
    }, testInfo) => {
      test.setTimeout(90_000)
      const m = market(profile.site)
      await page.setViewportSize(profile.viewport)
      await page.emulateMedia({ colorScheme: host.colorScheme ?? 'light' })
      const log = watchPage(page)
      await page.goto(
        `/_hosts/${host.file}?site=${profile.site}${host.query ? `&${host.query}` : ''}`,
      )
      const marker = typeof host.marker === 'string' ? host.marker : host.marker(m)
      await expect(page.locator('#host-marker'), "the page's own script ran").toHaveText(marker)
      await expect(page.locator('#host-styled'), "the page's own styles apply").toHaveCSS(
        host.style[0],
        host.style[1],
      )
      const frame = await widgetFrame(page, host)
      await footerSettled(page, frame)
      const expected = await reference(
        browser,
        profile,
        Math.round(
          await frame.locator('#footer').evaluate((el) => el.getBoundingClientRect().width),
        ),
      )

      // Every link of the clean page, resolved to the same addresses.
      await expect.poll(() => widgetHrefs(frame), { timeout: 10_000 }).toEqual(expected.hrefs)

      await showWholePage(page, frame)
      const shot = await frame
        .locator('#footer')
        .screenshot({ animations: 'disabled', caret: 'hide' })
      const diff = await pixelDiff(browser, expected.shot, shot)
      if (diff.ratio >= PIXEL_TOLERANCE) {
        writeFileSync(testInfo.outputPath('clean.png'), expected.shot)
        writeFileSync(testInfo.outputPath('host.png'), shot)
      }
      expect(diff.sizeB, 'size of #footer').toBe(diff.sizeA)
      expect(diff.ratio, 'share of pixels differing from the clean page').toBeLessThan(
        PIXEL_TOLERANCE,
      )
      await expectContrast(frame, 'initial')

      await host.extra?.(frame, m, profile.phone)

      const address = `host.${host.file.replace(/\W/g, '-')}.${profile.site.toLowerCase()}.${Date.now()}@example.com`
      await fillRequired(frame, m, address)
      await expectContrast(frame, 'form filled in')
      await submitButton(frame, m).click()
      await expect(successText(frame, m, address)).toBeVisible()
      await expectContrast(frame, 'success')

      expect(
        await page.evaluate(() => (window as unknown as { hostCheck: () => string }).hostCheck()),
        "the page's own script after the sign-up",
      ).toBe(marker)
      await expect(page.locator('#host-styled')).toHaveCSS(host.style[0], host.style[1])
      expect(log.pageErrors).toEqual([])
      expect(log.errors).toEqual([])
    })
  }
}
