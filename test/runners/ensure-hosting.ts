/**
 * The hosting recipes' browser test (test/browser/hosting-recipes.spec.ts) runs docs/EMBEDDING.md's
 * Caddy and Apache blocks on Debian's caddy and apache2. Finds them, or installs the Debian
 * packages when running as root; otherwise says how. Neither package's service is used: the test
 * starts each server on its own configuration and port.
 */
import { existsSync } from 'node:fs'
import { installDebianPackages } from './apt.ts'

export const CADDY = '/usr/bin/caddy'
export const APACHE = '/usr/sbin/apache2'
/** Where Debian's apache2 keeps its modules (the recipe loads rewrite, headers and mime). */
export const APACHE_MODULES = '/usr/lib/apache2/modules'
const PACKAGES = ['caddy', 'apache2']

export function hostingInstalled(): boolean {
  return existsSync(CADDY) && existsSync(APACHE)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!hostingInstalled()) installDebianPackages('caddy and apache2 are', PACKAGES)
  if (!hostingInstalled()) {
    console.error('caddy and apache2 could not be installed.')
    process.exit(1)
  }
  console.log(`hosting: ${CADDY}, ${APACHE}`)
}
