/**
 * Chromium (over CDP) and Firefox ESR (over WebDriver BiDi, which Firefox speaks natively) through
 * puppeteer-core, which drives the browsers Debian installed and never downloads one.
 */
import puppeteer, {
  type Browser,
  type BrowserContext,
  type ElementHandle,
  type KeyInput,
  type Page,
} from 'puppeteer-core'
import {
  elementSource,
  pageFunctionSource,
  type Engine,
  type EngineName,
  type EnginePage,
  type Key,
  type Query,
} from './driver.ts'

const KEYS: Record<Key, KeyInput> = {
  Tab: 'Tab',
  Enter: 'Enter',
  Space: ' ' as KeyInput,
  Escape: 'Escape',
}

class PuppeteerPage implements EnginePage {
  private readonly errors: string[] = []

  constructor(
    readonly engine: EngineName,
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {
    // Firefox reports its own favicon request, refused by a tool page's CSP, as a page error: not the page's.
    page.on('pageerror', (error) => {
      const message = error instanceof Error ? error.message : String(error)
      if (!/\/favicon\.ico\b/.test(message)) this.errors.push(message)
    })
  }

  async goto(pathOrUrl: string): Promise<void> {
    await this.page.goto(new URL(pathOrUrl, this.baseUrl).href, { waitUntil: 'load' })
  }

  async run<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    return (await this.page.evaluate(
      new Function(pageFunctionSource(fn)) as (...a: unknown[]) => unknown,
      ...args,
    )) as Awaited<R>
  }

  async click(query: Query): Promise<void> {
    const handle = (await this.page.evaluateHandle(
      new Function(elementSource()) as (q: Query) => Element,
      query,
    )) as ElementHandle<Element>
    try {
      await handle.click()
    } finally {
      await handle.dispose()
    }
  }

  async press(key: Key): Promise<void> {
    await this.page.keyboard.press(KEYS[key])
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text)
  }

  async setViewport(width: number, height: number): Promise<void> {
    await this.page.setViewport({ width, height })
  }

  pageErrors(): string[] {
    return this.errors
  }

  async close(): Promise<void> {
    await this.context.close()
  }
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export async function launchPuppeteer(
  name: 'chromium' | 'firefox',
  executablePath: string,
): Promise<Engine> {
  const browser: Browser =
    name === 'firefox'
      ? await puppeteer.launch({ browser: 'firefox', executablePath, headless: true })
      : await puppeteer.launch({
          browser: 'chrome',
          executablePath,
          headless: true,
          args: CHROMIUM_ARGS,
        })
  return {
    name,
    async newPage(baseUrl) {
      const context = await browser.createBrowserContext()
      const page = await context.newPage()
      return new PuppeteerPage(name, context, page, baseUrl)
    },
    close: () => browser.close(),
  }
}
