/**
 * Browser tests drive Debian's Chromium (Playwright cannot download browsers here).
 * Finds it, or installs the `chromium` package when running as root; otherwise says how.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser']

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv && existsSync(fromEnv)) return fromEnv
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p))
}

function install(): void {
  if (process.getuid?.() !== 0) {
    console.error(
      'Chromium is missing. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).',
    )
    process.exit(1)
  }
  console.log("Chromium is missing; installing Debian's chromium package ...")
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation'],
    { stdio: 'inherit', env },
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!findChromium()) install()
  const found = findChromium()
  if (!found) {
    console.error('Chromium could not be installed.')
    process.exit(1)
  }
  console.log(`Chromium: ${found}`)
}
