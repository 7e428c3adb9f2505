/**
 * WebKit (WebKitGTK's MiniBrowser, the engine of every iOS browser) through Debian's
 * WebKitWebDriver, a classic WebDriver server, with WebdriverIO's protocol client `webdriver`.
 * MiniBrowser needs an X display: without one, a private Xvfb is started and stopped with it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import WebDriver, { type Client } from 'webdriver'
import {
  elementSource,
  pageFunctionSource,
  type Engine,
  type EnginePage,
  type Key,
  type Query,
} from './driver.ts'

/** W3C WebDriver key codes. */
const KEYS: Record<Key, string> = {
  Tab: '\uE004',
  Enter: '\uE007',
  Space: '\uE00D',
  Escape: '\uE00C',
}

const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf'

class WebDriverPage implements EnginePage {
  readonly engine = 'webkit' as const

  constructor(
    private readonly client: Client,
    private readonly baseUrl: string,
  ) {}

  async goto(pathOrUrl: string): Promise<void> {
    await this.client.navigateTo(new URL(pathOrUrl, this.baseUrl).href)
  }

  async run<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    return (await this.client.executeScript(pageFunctionSource(fn), args as object[])) as Awaited<R>
  }

  async click(query: Query): Promise<void> {
    const element = (await this.client.executeScript(elementSource(), [query])) as Record<
      string,
      string
    >
    await this.client.executeScript('arguments[0].scrollIntoView({ block: "center" })', [element])
    // A pointer action, not "element click": WebKitWebDriver's hit test stops at the shadow host
    // and reports every click inside a shadow root as intercepted.
    await this.client.performActions([
      {
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          { type: 'pointerMove', origin: { [ELEMENT_KEY]: element[ELEMENT_KEY] }, x: 0, y: 0 },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ],
      },
    ])
    await this.client.releaseActions()
  }

  private async keys(values: string[]): Promise<void> {
    await this.client.performActions([
      {
        type: 'key',
        id: 'keyboard',
        actions: values.flatMap((value) => [
          { type: 'keyDown', value },
          { type: 'keyUp', value },
        ]),
      },
    ])
    await this.client.releaseActions()
  }

  press(key: Key): Promise<void> {
    return this.keys([KEYS[key]])
  }

  type(text: string): Promise<void> {
    return this.keys([...text])
  }

  async setViewport(width: number, height: number): Promise<void> {
    // The window rect includes MiniBrowser's frame: set it, measure the viewport, correct once.
    await this.client.setWindowRect(null, null, width, height)
    const [innerWidth, innerHeight] = (await this.client.executeScript(
      'return [innerWidth, innerHeight]',
      [],
    )) as [number, number]
    await this.client.setWindowRect(
      null,
      null,
      width + (width - innerWidth),
      height + (height - innerHeight),
    )
  }

  pageErrors(): string[] {
    return []
  }

  async close(): Promise<void> {
    await this.client.navigateTo('about:blank')
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Starts Xvfb on a display it picks itself and resolves with that display (":N"). */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const xvfb = spawn(
      'Xvfb',
      ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] },
    )
    xvfb.on('error', reject)
    xvfb.stdio[3]!.once('data', (data: Buffer) =>
      resolve({ display: `:${data.toString().trim()}`, process: xvfb }),
    )
  })
}

async function waitForDriver(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port}`)
}

export async function launchWebKit(driverPath: string, miniBrowser: string): Promise<Engine> {
  const xvfb = process.env.DISPLAY ? undefined : await startXvfb()
  const port = Number(process.env.WEBKIT_DRIVER_PORT) || (await freePort())
  const driver = spawn(driverPath, [`--port=${port}`], {
    stdio: 'ignore',
    env: { ...process.env, ...(xvfb ? { DISPLAY: xvfb.display } : {}) },
  })
  const stop = () => {
    driver.kill()
    xvfb?.process.kill()
  }
  try {
    await waitForDriver(port)
    const client = await WebDriver.newSession({
      hostname: '127.0.0.1',
      port,
      logLevel: 'error',
      connectionRetryCount: 0,
      capabilities: {
        // WebKitWebDriver has no BiDi: stay with classic WebDriver instead of asking for a socket.
        'wdio:enforceWebDriverClassic': true,
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] },
      } as WebdriverIO.Capabilities,
    })
    await client.setTimeouts(undefined, 30_000, 30_000)
    return {
      name: 'webkit',
      async newPage(baseUrl) {
        // One window for all journeys: start each from no cookies.
        await client.navigateTo(new URL('/', baseUrl).href)
        await client.deleteAllCookies()
        return new WebDriverPage(client, baseUrl)
      },
      async close() {
        await client.deleteSession().catch(() => {})
        stop()
      },
    }
  } catch (error) {
    stop()
    throw error
  }
}
