/**
 * The cross-origin browser test (test/browser/cross-origin.spec.ts) runs docs/EMBEDDING.md's nginx
 * block on Debian's nginx with its brotli_static module, and server/test/trust-proxy.test.ts its
 * reverse-proxy block. Finds them, or installs the Debian packages when running as root;
 * otherwise says how.
 */
import { existsSync } from 'node:fs'
import { installDebianPackages } from './apt.ts'

export const NGINX = '/usr/sbin/nginx'
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
const PACKAGES = ['nginx', 'libnginx-mod-http-brotli-static']

function nginxInstalled(): boolean {
  return existsSync(NGINX) && existsSync(BROTLI_STATIC_MODULE)
}

/** nginx present, or installed now as root: undefined; otherwise why not (the caller skips). */
export function ensureNginx(): string | undefined {
  if (nginxInstalled()) return undefined
  if (process.getuid?.() !== 0)
    return `nginx is not installed and this is not root: sudo apt-get install -y ${PACKAGES.join(' ')}`
  installDebianPackages('nginx with brotli_static is', PACKAGES)
  return nginxInstalled() ? undefined : 'nginx could not be installed'
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!nginxInstalled()) installDebianPackages('nginx with brotli_static is', PACKAGES)
  if (!nginxInstalled()) {
    console.error('nginx could not be installed.')
    process.exit(1)
  }
  console.log(`nginx: ${NGINX} with ${BROTLI_STATIC_MODULE}`)
}
