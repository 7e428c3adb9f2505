/**
 * The cross-origin browser test (test/browser/cross-origin.spec.ts) runs docs/EMBEDDING.md's nginx
 * block on Debian's nginx with its brotli_static module. Finds them, or installs the Debian
 * packages when running as root; otherwise says how.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const NGINX = '/usr/sbin/nginx'
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
const PACKAGES = ['nginx', 'libnginx-mod-http-brotli-static']

export function nginxInstalled(): boolean {
  return existsSync(NGINX) && existsSync(BROTLI_STATIC_MODULE)
}

function install(): void {
  if (process.getuid?.() !== 0) {
    console.error(
      `nginx is missing. Install it with: sudo apt-get install -y ${PACKAGES.join(' ')}`,
    )
    process.exit(1)
  }
  console.log(`Installing Debian's ${PACKAGES.join(', ')} ...`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...PACKAGES], {
    stdio: 'inherit',
    env,
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!nginxInstalled()) install()
  if (!nginxInstalled()) {
    console.error('nginx could not be installed.')
    process.exit(1)
  }
  console.log(`nginx: ${NGINX} with ${BROTLI_STATIC_MODULE}`)
}
