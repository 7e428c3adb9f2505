/** Installs Debian packages the tests need, as root; otherwise says how and stops. */
import { execFileSync } from 'node:child_process'

export function installDebianPackages(what: string, packages: string[]): void {
  if (process.getuid?.() !== 0) {
    console.error(`${what} missing. Install with: sudo apt-get install -y ${packages.join(' ')}`)
    process.exit(1)
  }
  console.log(`Installing Debian's ${packages.join(', ')} ...`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  })
}
