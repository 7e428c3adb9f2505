/**
 * The engine journeys (test/runners/run-engine-tests.ts) drive Debian's Chromium, Firefox ESR and
 * WebKitGTK (WebKitWebDriver, MiniBrowser under Xvfb); nothing is downloaded. Finds them, or
 * installs the missing Debian packages when running as root; otherwise says how.
 */
import { existsSync } from 'node:fs'
import { findChromium } from './ensure-chromium.ts'
import { installDebianPackages } from './apt.ts'

const FIREFOX_CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox']
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver'
const MINIBROWSER_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
]
const XVFB = '/usr/bin/Xvfb'

export interface EnginePaths {
  chromium?: string
  firefox?: string
  webkitDriver?: string
  miniBrowser?: string
  xvfb?: string
}

function findEngines(): EnginePaths {
  const first = (paths: string[]) => paths.find((p) => existsSync(p))
  return {
    chromium: findChromium(),
    firefox:
      process.env.FIREFOX_PATH && existsSync(process.env.FIREFOX_PATH)
        ? process.env.FIREFOX_PATH
        : first(FIREFOX_CANDIDATES),
    webkitDriver: first([WEBKIT_DRIVER]),
    miniBrowser: first(MINIBROWSER_CANDIDATES),
    xvfb: first([XVFB]),
  }
}

/** Debian package per missing piece. */
function missingPackages(found: EnginePaths): string[] {
  const packages: string[] = []
  if (!found.chromium) packages.push('chromium')
  if (!found.firefox) packages.push('firefox-esr')
  if (!found.webkitDriver || !found.miniBrowser) packages.push('webkit2gtk-driver')
  if (!found.xvfb) packages.push('xvfb')
  return packages
}

/** Returns the engines' paths, installing what is missing when root; exits with advice otherwise. */
export function ensureEngines(): Required<EnginePaths> {
  let found = findEngines()
  const missing = missingPackages(found)
  if (missing.length > 0) {
    installDebianPackages('Browser engines are', [...missing, 'fonts-liberation'])
    found = findEngines()
    const still = missingPackages(found)
    if (still.length > 0) {
      console.error(`Still missing after installing: ${still.join(', ')}`)
      process.exit(1)
    }
  }
  return found as Required<EnginePaths>
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = ensureEngines()
  console.log(
    Object.entries(found)
      .map(([name, at]) => `${name}: ${at}`)
      .join('\n'),
  )
}
