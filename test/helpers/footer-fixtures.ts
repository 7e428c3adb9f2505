/** The footer content the contract server serves for a market (fixtures/footer/<site>.json), for tests that check against it. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'
import type { FooterContent } from '../../src/footer/footer.schema.ts'

export const footerFixture = (site: string): FooterContent =>
  JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'fixtures/footer', `${site.toLowerCase()}.json`), 'utf8'),
  ) as FooterContent
