/** Footer content read whole, for tests; the widget reads it in steps instead (footer.model.ts). */
import { readContent, salvageSections } from './content'
import type { PartialContent } from './footer.schema'

/** Footer content from a JSON string (or an already parsed value); null when nothing is usable. */
export function parseContent(json: unknown): PartialContent | null {
  const raw = readContent(typeof json === 'string' ? json : JSON.stringify(json))
  return raw && salvageSections(raw, () => true)
}
