/**
 * The payload as a visitor's browser receives it from the demo server (issue 14): every script and
 * stylesheet the widget makes the browser load, compressed as it crossed the wire, while the page
 * loads, the visitor scrolls through the footer and starts typing into the sign-up. A lazily loaded
 * file counts like any other: the sum is the figure, held to the build's own budgets
 * (build/product/budgets.ts), so the budget and this test cannot drift apart.
 */
import { expect, test, type Page, type Response } from '@playwright/test'
import { BUDGETS } from '../../build/product/budgets.ts'
import { MARKETS } from '../../build/product/markets.ts'
import { becomeStaff, requestsSoFar } from './helpers.ts'

interface Download {
  path: string
  encoding: string
  bytes: number
}

/** Scripts and stylesheets from the widget's static folder, with their bytes on the wire. */
function recordDownloads(page: Page): { settled: () => Promise<Download[]> } {
  const pending: Promise<Download>[] = []
  page.on('response', (response: Response) => {
    const url = new URL(response.url())
    const type = response.request().resourceType()
    if (!url.pathname.startsWith('/static/') || (type !== 'script' && type !== 'stylesheet')) return
    pending.push(
      response
        .request()
        .sizes()
        .then((sizes) => ({
          path: url.pathname,
          encoding: response.headers()['content-encoding'] ?? 'identity',
          bytes: sizes.responseBodySize,
        })),
    )
  })
  // A body's size is known once it has arrived.
  return { settled: () => Promise.all(pending) }
}

/** Loads a market page, scrolls down through the footer and back, and types into the sign-up. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.getByRole('contentinfo')).toBeVisible()
  for (let y = 0; y <= 2; y++) {
    await page.mouse.wheel(0, 2000)
    // The scroll painted: what it brings near the screen has started loading.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    )
  }
  await page.mouse.wheel(0, -10_000)
  // The e-mail field comes first in every market; the honeypot is not a textbox anyone sees.
  const email = page.locator('#footer form.lf-nl__form').getByRole('textbox').first()
  await email.click()
  await email.pressSequentially('a@b')
  // Typing has reached the widget (the field holds it) and every file it asked for so far is seen.
  await expect(email).toHaveValue('a@b')
  await requestsSoFar(page)
}

const total = (downloads: Download[]) => downloads.reduce((sum, d) => sum + d.bytes, 0)

for (const market of MARKETS) {
  test(`${market.site}: an anonymous visitor receives at most the footer budget in brotli`, async ({
    page,
  }) => {
    const recorder = recordDownloads(page)
    await visit(page, market.path)
    const downloads = await recorder.settled()
    expect(downloads.map((d) => d.path)).toEqual([
      expect.stringMatching(new RegExp(`^/static/footer\\.${market.locale}\\.[0-9a-f]{10}\\.js$`)),
    ])
    expect(downloads.map((d) => d.encoding)).toEqual(['br'])
    expect(total(downloads)).toBeGreaterThan(0)
    expect(total(downloads)).toBeLessThanOrEqual(BUDGETS.footer.brotli)
  })
}

test('staff: the preview file arrives in brotli within its budget, on top of the footer', async ({
  page,
}) => {
  await becomeStaff(page)
  const recorder = recordDownloads(page)
  await page.goto('/de/')
  await expect(page.getByRole('region', { name: 'Preview settings' })).toBeVisible()
  const downloads = await recorder.settled()
  const preview = downloads.filter((d) => /^\/static\/preview\./.test(d.path))
  expect(preview).toHaveLength(1)
  expect(preview[0].encoding).toBe('br')
  expect(preview[0].bytes).toBeLessThanOrEqual(BUDGETS.preview.brotli)
})
