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
  // Two workers keep both cores busy (their Chromium processes do); more run no faster.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Generous for a loaded machine (a page load there takes several times as long as on an idle
  // one): the specs wait for conditions (locator auto-wait, expect.poll), so time only bounds a
  // test that hangs and never decides whether one passes.
  timeout: 60_000,
  expect: { timeout: 15_000 },
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
    // The slow-phone profile, a project of its own to run it alone (--project webview); it runs
    // beside the others, as it asserts what the visitor sees, not how long tasks take.
    { name: 'webview', testMatch: /webview\.spec\.ts$/ },
  ],
  webServer: {
    command: `node --import tsx ../../server/serve.ts`,
    cwd: import.meta.dirname,
    // A store of its own in memory: no run inherits another's sign-ups or logins (and their caps).
    env: { PORT: String(port), DATA_DIR: ':memory:' },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
})
