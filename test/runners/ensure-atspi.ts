/**
 * The screen-reader order test (test/browser/screen-reader-order.spec.ts) listens to Chromium's
 * accessibility events over AT-SPI, as Orca does: Debian's at-spi2-core (the accessibility bus),
 * its Python binding (gir1.2-atspi-2.0, python3-gi), a session D-Bus and Xvfb for a headed
 * Chromium. Finds them, or installs the Debian packages when running as root; otherwise says how.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { installDebianPackages } from './apt.ts'

/** Debian's Python, which has the gi binding (a Python earlier on PATH may not). */
export const PYTHON = '/usr/bin/python3'
const NEEDED = ['/usr/libexec/at-spi-bus-launcher', '/usr/bin/dbus-daemon', '/usr/bin/Xvfb', PYTHON]
const PACKAGES = ['at-spi2-core', 'gir1.2-atspi-2.0', 'python3-gi', 'dbus', 'xvfb']

export function atspiInstalled(): boolean {
  if (!NEEDED.every((file) => existsSync(file))) return false
  try {
    execFileSync(PYTHON, ['-c', "import gi; gi.require_version('Atspi', '2.0')"], {
      stdio: 'ignore',
    })
    return true
  } catch {
    return false
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!atspiInstalled())
    installDebianPackages('AT-SPI (at-spi2-core with its Python binding) is', PACKAGES)
  if (!atspiInstalled()) {
    console.error('AT-SPI could not be installed.')
    process.exit(1)
  }
  console.log('AT-SPI: at-spi2-core, gir1.2-atspi-2.0, python3-gi')
}
