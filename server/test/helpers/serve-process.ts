/**
 * `server/serve.ts` in a process of its own, as `npm start` runs it (node with tsx's loader: one
 * process, so a signal reaches the server itself), on a loopback port the system picks.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import path from 'node:path'
import { REPO_ROOT } from '../../../build/repo-root.ts'
import {
  NEWSLETTER_API,
  ORIGINAL_ADDRESS_HEADER,
  SITE_HEADER,
  SUBSCRIBERS_PATH,
} from '../../../src/contract/contract.ts'

const SERVE = path.join(REPO_ROOT, 'server/serve.ts')
export const CONSENTS = path.join(REPO_ROOT, 'server/consents.ts')
export const SUBSCRIBERS = NEWSLETTER_API + SUBSCRIBERS_PATH

/** A port free on loopback now (the system picks it). */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as { port: number }
  probe.close()
  await once(probe, 'close')
  return port
}

export interface Running {
  origin: string
  child: ChildProcess
  /** What the process printed so far, stdout and stderr. */
  output(): string
}

/** serve.ts with `env` added to this process's, listening and its store open (its last line printed). */
export async function startServer(env: Record<string, string>, port?: number): Promise<Running> {
  const listen = port ?? (await freePort())
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(listen), HOST: '127.0.0.1', SERVER_MODE: 'demo', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (chunk) => {
    out += chunk
  })
  child.stderr?.on('data', (chunk) => {
    out += chunk
  })
  const exited = once(child, 'exit')
  // serve.ts prints the store's line last, once it listens.
  while (!/^Records: /m.test(out.split('\n').slice(-2).join('\n')) || !out.includes('Probes:')) {
    const ended = await Promise.race([exited.then(() => true), once(child.stdout!, 'data')])
    if (ended === true) throw new Error(`serve.ts ended (${child.exitCode}): ${out}`)
  }
  return { origin: `http://127.0.0.1:${listen}`, child, output: () => out }
}

/** Ends the process with `signal` (SIGKILL by default); its exit code, or null when killed. */
export async function kill({ child }: Running, signal: NodeJS.Signals = 'SIGKILL') {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
  const ended = once(child, 'exit')
  child.kill(signal)
  const [code] = (await ended) as [number | null]
  return code
}

/** A sign-up as the German page's widget sends it; `headers` adds to it (X-Forwarded-For). */
export const signUp = (origin: string, email: string, headers: Record<string, string> = {}) =>
  fetch(origin + SUBSCRIBERS, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SITE_HEADER]: 'DE',
      [ORIGINAL_ADDRESS_HEADER]: `${origin}/de/`,
      ...headers,
    },
    body: JSON.stringify({ email, consents: ['DNE'], origin: 'footer', firstName: 'Ada' }),
  })
