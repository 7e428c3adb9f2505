/** The types the demo's route modules share. */
import type { Client } from '../core/client.ts'
import type { Middleware } from '../core/router.ts'

/** Everything the demo serves besides the calls and its tools, with the settings it reads. */
export interface Demo {
  distDir: string
  fixturesDir: string
}

/** Middleware for the requests `serves` admits (this machine at the server's own address). */
export type DemoHook = (serves: (request: Request, client: Client) => boolean) => Middleware
