/** Reads JSON fixtures; every answer the contract server gives comes from fixtures/. */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { ServerContext } from './context.ts'

export async function readFixture(ctx: ServerContext, relative: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join(ctx.fixturesDir, relative), 'utf8'))
}
