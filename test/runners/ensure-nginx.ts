/**
 * The cross-origin browser test (test/browser/cross-origin.spec.ts) runs docs/EMBEDDING.md's nginx
 * block on Debian's nginx with its brotli_static module. Finds them, or installs the Debian
 * packages when running as root; otherwise says how.
 */
import { existsSync } from 'node:fs'
import { installDebianPackages } from './apt.ts'

export const NGINX = '/usr/sbin/nginx'
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
const PACKAGES = ['nginx', 'libnginx-mod-http-brotli-static']

function nginxInstalled(): boolean {
  return existsSync(NGINX) && existsSync(BROTLI_STATIC_MODULE)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!nginxInstalled()) installDebianPackages('nginx with brotli_static is', PACKAGES)
  if (!nginxInstalled()) {
    console.error('nginx could not be installed.')
    process.exit(1)
  }
  console.log(`nginx: ${NGINX} with ${BROTLI_STATIC_MODULE}`)
}
