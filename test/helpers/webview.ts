/**
 * A slow phone's webview, shared by the mobile-webview browser test (test/browser/webview.spec.ts)
 * and the sign-up bench (build/bench/sign-up.ts): the test checks the sign-up works there, the
 * bench measures its longest widget task there.
 */
import type { CDPSession, Page } from '@playwright/test'

/** The phone: small viewport, touch, a device pixel ratio of 2. */
export const WEBVIEW = {
  viewport: { width: 360, height: 640 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
}

/** Emulated network: 400 kbit/s each way at 400 ms latency. */
const SLOW_NETWORK = { latencyMs: 400, kbitPerSecond: 400 }

/** A slow phone on a slow network: 4x CPU slowdown and SLOW_NETWORK. */
export async function emulateSlowPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Network.enable')
  const bytesPerSecond = (SLOW_NETWORK.kbitPerSecond * 1024) / 8
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_NETWORK.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  })
  return cdp
}
