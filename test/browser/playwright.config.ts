/**
 * Browser tests: Playwright driving Debian's Chromium against the built bundles, served by the
 * contract server (started here on its own port). Run `npm run build && npm run build:react` first;
 * `npm test` does all of it.
 */
import { defineConfig } from '@playwright/test'
import { findChromium } from '../runners/ensure-chromium.ts'

const port = Number(process.env.TEST_PORT ?? 8391)

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: findChromium(),
      // Background networking would try hosts this sandbox cannot reach.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'main', testIgnore: /webview\.spec\.ts$/ },
    // After all the others and alone: its long-task check must not share the two cores with another browser.
    { name: 'webview', testMatch: /webview\.spec\.ts$/, dependencies: ['main'] },
  ],
  webServer: {
    command: `node --import tsx ../../build/contract-server/serve.ts`,
    cwd: import.meta.dirname,
    env: { PORT: String(port) },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
})
