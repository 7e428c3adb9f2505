/** The types the demo's route modules share. */
import type { Client } from '../core/client.ts'
import type { Middleware } from '../core/router.ts'
import type { Site } from '../../src/contract/sites.ts'

/** Everything the demo serves besides the calls and its tools, with the settings it reads. */
export interface Demo {
  distDir: string
  fixturesDir: string
  /** The server-rendered footer of a market (core/routes/footer-fragment.ts); null without the render. */
  fragment(site: Site, platform: string): Promise<string | null>
}

/** Middleware for the requests `serves` admits (this machine at the server's own address). */
export type DemoHook = (serves: (request: Request, client: Client) => boolean) => Middleware
