/**
 * Figures in the docs are written by the command that measures them, between two markers, so a
 * document cannot drift from its command: `<!-- NAME (written by COMMAND; do not edit) -->` and
 * `<!-- /NAME -->`. The markers must be in the document already; the text between them is replaced.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { REPO_ROOT } from './repo-root.ts'

export async function writeDocsBlock(
  doc: string,
  name: string,
  command: string,
  text: string,
): Promise<void> {
  const file = path.join(REPO_ROOT, doc)
  const begin = `<!-- ${name} (written by ${command}; do not edit) -->`
  const end = `<!-- /${name} -->`
  const content = await readFile(file, 'utf8')
  const [start, stop] = [content.indexOf(begin), content.indexOf(end)]
  if (start < 0 || stop < start) throw new Error(`${doc} lacks the markers ${begin} ... ${end}`)
  await writeFile(file, `${content.slice(0, start)}${begin}\n${text}\n${content.slice(stop)}`)
}

/** A Markdown table: the first row is the head; columns after the first align right. */
export function markdownTable(rows: string[][]): string {
  const [head, ...body] = rows
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(head), line(head.map((_, i) => (i ? '---:' : '---'))), ...body.map(line)].join('\n')
}
