/**
 * What a screen reader receives from Chromium, read at the accessibility API: a headed Chromium on
 * an Xvfb display of its own, a private session D-Bus (which starts the AT-SPI bus on demand) and
 * test/browser/atspi-listen.py listening as Orca does. `heard` holds the focus moves and inserted
 * texts in the order an assistive technology gets them. Debian's packages:
 * test/runners/ensure-atspi.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import type { Browser, BrowserType } from '@playwright/test'
import { findChromium } from '../runners/ensure-chromium.ts'
import { PYTHON } from '../runners/ensure-atspi.ts'

export interface Heard {
  type: 'focus' | 'text'
  role: string
  name: string
  /** A focus move's: the focused object's description, read after its name. */
  description: string
  /** A text insertion's: the live region it falls in (polite, assertive; empty or off: none). */
  live: string
  text: string
}

export interface ScreenReaderSession {
  browser: Browser
  heard: Heard[]
  stop(): Promise<void>
}

/** The first line `stream` gives (Xvfb's display number, the bus address, the listener's "ready"). */
const firstLine = (stream: Readable, what: string) =>
  new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: stream })
    lines.once('line', resolve)
    stream.once('end', () => reject(new Error(`${what} ended before it was ready`)))
  })

/** Whether a focus move in `browser` reaches the listener within five seconds. */
async function isHeard(browser: Browser, heard: Heard[]): Promise<boolean> {
  const page = await browser.newPage()
  try {
    await page.setContent('<button>probe</button>')
    const from = heard.length
    await page.focus('button')
    for (const until = Date.now() + 5000; Date.now() < until; await page.waitForTimeout(50))
      if (heard.slice(from).some((h) => h.type === 'focus' && h.name === 'probe')) return true
    return false
  } finally {
    await page.close()
  }
}

/** A session whose browser's focus moves are not heard. */
class Deaf extends Error {}

/**
 * A session that hears its browser. Now and then, with another session starting beside it, a
 * session's browser never joins its accessibility bus and sends nothing at all; a session of
 * its own, started anew, hears it.
 */
export async function startScreenReaderSession(
  chromium: BrowserType,
): Promise<ScreenReaderSession> {
  for (let tries = 1; ; tries++) {
    try {
      return await startOnce(chromium)
    } catch (error) {
      if (!(error instanceof Deaf) || tries === 3) throw error
    }
  }
}

async function startOnce(chromium: BrowserType): Promise<ScreenReaderSession> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lumora-atspi-'))
  const children: ChildProcess[] = []
  const start = (command: string, args: string[], env?: NodeJS.ProcessEnv, fd3?: boolean) => {
    const child = spawn(command, args, {
      env,
      // dbus-daemon reports each activation on stderr: noise in the test's output.
      stdio: [
        'ignore',
        'pipe',
        command === 'dbus-daemon' ? 'ignore' : 'inherit',
        ...(fd3 ? ['pipe' as const] : []),
      ],
    })
    children.push(child)
    return child
  }
  const stop = async () => {
    for (const child of children.reverse()) child.kill()
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    // Xvfb picks a free display and writes its number to fd 3: runs beside each other never collide.
    const xvfb = start(
      'Xvfb',
      ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
      undefined,
      true,
    )
    const display = `:${(await firstLine(xvfb.stdio[3] as Readable, 'Xvfb')).trim()}`
    const dbus = start('dbus-daemon', [
      '--session',
      '--nofork',
      `--address=unix:path=${path.join(dir, 'bus')}`,
      '--print-address=1',
    ])
    const bus = (await firstLine(dbus.stdout!, 'dbus-daemon')).trim()
    // The accessibility bus's socket goes under XDG_RUNTIME_DIR: a folder of its own, or two
    // sessions at once (the test repeated, two workers) would share, and steal, one bus.
    const env = {
      ...process.env,
      DISPLAY: display,
      DBUS_SESSION_BUS_ADDRESS: bus,
      XDG_RUNTIME_DIR: dir,
    }
    const listener = start(PYTHON, [path.join(import.meta.dirname, 'atspi-listen.py')], env)
    const heard: Heard[] = []
    const lines = createInterface({ input: listener.stdout! })
    const ready = new Promise<void>((resolve) =>
      lines.on('line', (line) => {
        const event = JSON.parse(line) as Heard | { type: 'ready' }
        if (event.type === 'ready') resolve()
        else heard.push(event as Heard)
      }),
    )
    await ready
    const browser = await chromium.launch({
      executablePath: findChromium(),
      headless: false,
      // Chromium speaks AT-SPI when accessibility is asked for, as a running screen reader asks.
      env: { ...env, ACCESSIBILITY_ENABLED: '1' },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--force-renderer-accessibility',
      ],
    })
    if (!(await isHeard(browser, heard))) {
      await browser.close()
      throw new Deaf()
    }
    return {
      browser,
      heard,
      stop: async () => {
        await browser.close()
        await stop()
      },
    }
  } catch (error) {
    await stop()
    throw error
  }
}
