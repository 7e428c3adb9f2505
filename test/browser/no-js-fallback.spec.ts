/**
 * The server-rendered fallback inside #footer (issue 38.5; docs/EMBEDDING.md "Without
 * JavaScript"): without JavaScript its links are there; with JavaScript it shows until the footer
 * renders and is hidden from then on, never in the same frame as the footer; on a long page whose
 * load a slow resource holds, the footer does not wait for that load.
 */
import { expect, test } from '@playwright/test'
import { watchPage } from './helpers.ts'

/** The links of docs/EMBEDDING.md's snippet: the legal pages, and the way to the newsletter without JavaScript. */
const FALLBACK_LINKS = ['Impressum', 'Datenschutz', 'AGB', 'Newsletter abonnieren']

test('without JavaScript: the fallback links are there, in the page where #footer is', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/_hosts/modern.html')
  const fallback = page.getByRole('navigation', { name: 'Rechtliches' })
  for (const name of FALLBACK_LINKS)
    await expect(fallback.getByRole('link', { name })).toBeVisible()
  // Without the footer nothing keeps a place for it: the host line follows the links.
  const linksBottom = (await fallback.boundingBox())!
  const line = (await page.locator('#host-line').boundingBox())!
  expect(line.y - (linksBottom.y + linksBottom.height)).toBeLessThan(100)
  await context.close()
})

test('with JavaScript: the fallback is hidden once the footer renders, and no frame shows both', async ({
  page,
}) => {
  const log = watchPage(page)
  // Every frame from the page's first: is the fallback shown, is the footer?
  await page.addInitScript(() => {
    const frames: [boolean, boolean][] = ((window as unknown as { __frames: unknown[] }).__frames =
      [])
    const sample = () => {
      const fallback = document.getElementById('footer-fallback')
      const footer = document.getElementById('footer')?.shadowRoot?.querySelector('footer')
      frames.push([!!fallback?.getClientRects().length, !!footer?.getClientRects().length])
      requestAnimationFrame(sample)
    }
    requestAnimationFrame(sample)
  })
  await page.goto('/_hosts/modern.html')
  await expect(page.locator('#footer').getByRole('contentinfo')).toBeVisible()
  for (const name of FALLBACK_LINKS)
    await expect(page.locator('#footer-fallback').getByRole('link', { name })).toBeHidden()
  const frames = await page.evaluate(
    () => (window as unknown as { __frames: [boolean, boolean][] }).__frames,
  )
  expect(frames.length).toBeGreaterThan(0)
  expect(frames.filter(([fallback, footer]) => fallback && footer)).toEqual([])
  expect(log.errors).toEqual([])
  expect(log.pageErrors).toEqual([])
})

test('a long page whose load a slow resource holds: the fallback shows, then the footer replaces it before the load', async ({
  page,
}) => {
  const log = watchPage(page)
  // A third-party pixel that answers only when the test lets it: the page's load waits for it.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/_held/pixel.gif', async (route) => {
    await held
    await route.fulfill({ status: 204 })
  })
  await page.route('**/_hosts/article.html', async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace(
      '<div id="footer"></div>',
      '<div id="footer"><nav id="footer-fallback" aria-label="Rechtliches"><a href="/impressum">Impressum</a> <a href="/subscribenewsletter">Newsletter abonnieren</a></nav></div><img src="/_held/pixel.gif" alt="">',
    )
    await route.fulfill({ response, body: html })
  })
  try {
    await page.goto('/_hosts/article.html', { waitUntil: 'domcontentloaded' })
    const fallback = page.locator('#footer-fallback')
    // The footer lies many screens below: it has not started, and the fallback is there meanwhile.
    await expect(fallback.getByRole('link', { name: 'Newsletter abonnieren' })).toBeVisible()
    await expect(page.locator('#footer footer')).toBeAttached({ timeout: 15_000 })
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
    await expect(fallback).toBeHidden()
  } finally {
    release()
  }
  expect(log.pageErrors).toEqual([])
})
