/**
 * The three origins of an integrator's page, for test/browser/cross-origin.spec.ts: the asset
 * origin (Debian's nginx running docs/EMBEDDING.md's block over dist/public/), the contract
 * server in contract mode, and the shop's origin (the test's host page, with `/service/`
 * reverse-proxied to the contract server). All on loopback, on ports the system picks.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, request as httpRequest, type Server } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'
import { createContractServer } from '../../server/handler.ts'
import { serve } from '../../server/core/node-adapter.ts'
import { BROTLI_STATIC_MODULE, NGINX } from '../runners/ensure-nginx.ts'
import { APACHE, APACHE_MODULES, CADDY } from '../runners/ensure-hosting.ts'

const EMBEDDING_DOC = path.join(REPO_ROOT, 'docs/EMBEDDING.md')

/** The fenced blocks of `lang` in the section of docs/EMBEDDING.md under `heading`. */
export function docBlocks(heading: string, lang: string): string[] {
  const doc = readFileSync(EMBEDDING_DOC, 'utf8')
  const start = doc.indexOf(`\n## ${heading}\n`)
  if (start < 0) throw new Error(`docs/EMBEDDING.md has no section "${heading}"`)
  const end = doc.indexOf('\n## ', start + 1)
  const section = doc.slice(start, end < 0 ? undefined : end)
  return [...section.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map(
    (m) => m[1],
  )
}

/** A port free on `host` now (the system picks it). */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer()
    probe.once('error', reject)
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

export interface Nginx {
  origin: string
  stop: () => Promise<void>
}

/**
 * nginx serving `root` with the doc's block as it is printed; only its `root` line is pointed at
 * `root`, and the server around it listens on `host`:`port`.
 */
export async function startNginx(root: string, host: string): Promise<Nginx> {
  const [block] = docBlocks('Hosting the release folder', 'nginx')
  if (!block) throw new Error('docs/EMBEDDING.md prints no nginx block')
  const served = block.replace(/^root .*;$/m, `root ${root};`)
  if (served === block) throw new Error('the nginx block has no root line')
  return runNginx(served, host, '/manifest.json')
}

/**
 * Debian's nginx with one server block's directives (`block`) on `host` and a port the system
 * picks, in a folder of its own; resolves once `readyPath` answers.
 */
export async function runNginx(block: string, host: string, readyPath: string): Promise<Nginx> {
  const port = await freePort(host)
  const dir = mkdtempSync(path.join(tmpdir(), 'lf-nginx-'))
  const user = process.getuid?.() === 0 ? 'user root;\n' : ''
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${user}load_module ${BROTLI_STATIC_MODULE};
daemon off;
pid ${dir}/nginx.pid;
error_log stderr warn;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen ${host}:${port};
${block}
  }
}
`,
  )
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const origin = `http://${host}:${port}`
  await waitUntilAnswers(`${origin}${readyPath}`, child)
  return { origin, stop: () => stopChild(child) }
}

/** The doc's block of `lang` under "Hosting the release folder", its document root pointed at `root`. */
function hostingBlock(lang: string, root: string): string {
  const [block] = docBlocks('Hosting the release folder', lang)
  if (!block) throw new Error(`docs/EMBEDDING.md prints no ${lang} block`)
  if (!block.includes('/srv/lumora-footer/public'))
    throw new Error(`the ${lang} block names no /srv/lumora-footer/public`)
  return block.replaceAll('/srv/lumora-footer/public', root)
}

/** Caddy running the doc's site block as printed, its address and `root` pointed at the test's. */
export async function startCaddy(root: string, host: string): Promise<Nginx> {
  const port = await freePort(host)
  const dir = mkdtempSync(path.join(tmpdir(), 'lf-caddy-'))
  const origin = `http://${host}:${port}`
  const site = hostingBlock('caddyfile', root).replace(
    /^cdn\.example\.com \{/m,
    `${origin} {\n\tbind ${host}`,
  )
  writeFileSync(
    path.join(dir, 'Caddyfile'),
    `{\n\tadmin off\n\tauto_https off\n\tlog {\n\t\tlevel WARN\n\t}\n}\n${site}`,
  )
  const child = spawn(
    CADDY,
    ['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    },
  )
  await waitUntilAnswers(`${origin}/manifest.json`, child)
  return { origin, stop: () => stopChild(child) }
}

/** Apache running the doc's block as printed inside a virtual host of its own. */
export async function startApache(root: string, host: string): Promise<Nginx> {
  const port = await freePort(host)
  const dir = mkdtempSync(path.join(tmpdir(), 'lf-apache-'))
  const modules = ['mpm_event', 'authz_core', 'mime', 'rewrite', 'headers', 'dir']
  const asRoot = process.getuid?.() === 0
  const user = asRoot ? 'User nobody\nGroup nogroup\n' : ''
  if (asRoot) {
    // Apache serves as nobody, who may not pass through the checkout's folders (a clone in a
    // private temporary folder answers 403): a copy of the release in a folder nobody can read.
    chmodSync(dir, 0o755)
    cpSync(root, path.join(dir, 'www'), { recursive: true })
    root = path.join(dir, 'www')
  }
  writeFileSync(
    path.join(dir, 'httpd.conf'),
    `${modules.map((m) => `LoadModule ${m}_module ${APACHE_MODULES}/mod_${m}.so`).join('\n')}
ServerRoot ${dir}
ServerName ${host}
${user}PidFile ${dir}/httpd.pid
Mutex file:${dir}
ErrorLog ${dir}/error.log
LogLevel warn
TypesConfig /etc/mime.types
Listen ${host}:${port}
<VirtualHost ${host}:${port}>
ServerName ${host}
${hostingBlock('apache', root)}
</VirtualHost>
`,
  )
  const child = spawn(APACHE, ['-f', path.join(dir, 'httpd.conf'), '-DFOREGROUND'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const origin = `http://${host}:${port}`
  await waitUntilAnswers(`${origin}/manifest.json`, child).catch((error) => {
    throw new Error(`${error.message}: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`)
  })
  return { origin, stop: () => stopChild(child) }
}

async function waitUntilAnswers(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${child.spawnfile} exited with ${child.exitCode}`)
    try {
      await fetch(url)
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}

export interface ShopOrigin {
  origin: string
  /** Pages the test serves, by path; each page's headers too. */
  pages: Map<string, { body: string; headers?: Record<string, string> }>
  stop: () => Promise<void>
}

/**
 * The shop: its own pages (what the test puts in `pages`), and `/service/*` proxied, as a shop's
 * reverse proxy does, to the contract server in contract mode (started here, on its own port).
 */
export async function startShop(host: string): Promise<ShopOrigin> {
  const backendPort = await freePort('127.0.0.1')
  const contract = createContractServer({
    mode: 'contract',
    origin: `http://127.0.0.1:${backendPort}`,
  })
  const backend = await serve(contract.handle, backendPort, '127.0.0.1')
  const pages: ShopOrigin['pages'] = new Map()
  const shop = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop')
    if (url.pathname.startsWith('/service/')) {
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: backendPort,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: `127.0.0.1:${backendPort}` },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      upstream.on('error', () => res.writeHead(502).end())
      req.pipe(upstream)
      return
    }
    // Browsers ask for it on their own; a shop has one.
    if (url.pathname === '/favicon.ico') return res.writeHead(204).end()
    const page = pages.get(url.pathname)
    if (!page) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...page.headers })
    res.end(page.body)
  })
  const port = await freePort(host)
  await new Promise<void>((resolve) => shop.listen(port, host, resolve))
  return {
    origin: `http://${host}:${port}`,
    pages,
    stop: async () => {
      await closeServer(shop)
      await closeServer(backend)
    },
  }
}
