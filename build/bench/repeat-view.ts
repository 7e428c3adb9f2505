/**
 * Bench part (g): first and repeat view. A fresh context loads the German page (cold HTTP cache),
 * then loads it again (the HTTP cache and V8's code cache as a returning shopper has them), on
 * an emulated slow 4G network (150 ms latency, 1.6 Mbit/s) at 4x CPU slowdown. Per view: the
 * widget's bytes over the network (transfer sizes of its script, images and calls; a 304 costs
 * its headers, a fresh cached copy nothing) and the time from navigation to the whole footer
 * (every content link and the bottom group: browser.ts's instrumentation).
 */
import type { Browser, Page } from '@playwright/test'
import { countLinks, instrument, median } from './browser.ts'

/** The widget's requests: its bundle and images (/static/, /service/...images), its calls (/service/). */
const WIDGET_REQUEST = /\/static\/|\/service\//

export interface ViewFigures {
  /** Bytes over the network for the widget's requests. */
  bytes: number
  /** Navigation start to the whole footer, ms. */
  footer: number
  /** How the content call was answered: 200, 304 or cache. */
  content: string
}

async function view(page: Page, url: string): Promise<ViewFigures> {
  await page.goto(url)
  await page.waitForFunction(() => window.__bench.footer !== undefined, null, {
    polling: 100,
    timeout: 60_000,
  })
  await page.waitForLoadState('networkidle')
  return page.evaluate((pattern) => {
    const widget = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (e) => new RegExp(pattern).test(e.name),
    )
    const content = widget.find((e) => /SHOP_FOOTER/.test(e.name))
    return {
      bytes: widget.reduce((sum, e) => sum + e.transferSize, 0),
      footer: window.__bench.footer!,
      content: !content
        ? '–'
        : content.transferSize === 0
          ? 'cache'
          : content.encodedBodySize === 0 || content.transferSize < 600
            ? '304'
            : '200',
    }
  }, WIDGET_REQUEST.source)
}

export async function repeatView(
  browser: Browser,
  url: string,
  runs: number,
): Promise<{ first: ViewFigures; repeat: ViewFigures }> {
  const expectedLinks = await countLinks(browser, { url, cpu: 1 })
  const first: ViewFigures[] = []
  const repeat: ViewFigures[] = []
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    try {
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      })
      await page.addInitScript(`(${instrument})(); window.__bench.expected = ${expectedLinks}`)
      first.push(await view(page, url))
      repeat.push(await view(page, url))
    } finally {
      await context.close()
    }
  }
  const summary = (views: ViewFigures[]): ViewFigures => ({
    bytes: median(views.map((v) => v.bytes)),
    footer: median(views.map((v) => v.footer)),
    content: views.map((v) => v.content).join('/'),
  })
  return { first: summary(first), repeat: summary(repeat) }
}
