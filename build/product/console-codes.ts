/**
 * The console codes' page of the release folder (`static/console-codes.html`): the table of
 * docs/EMBEDDING.md "Console messages", one row per code with the code's lower-case id, so the
 * address a console line prints (src/log.ts, resolved against the bundle's own address) opens on
 * the code's row. docs/EMBEDDING.md stays the one home of the texts; this page is made from it.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../repo-root.ts'

/** The page's name beside the bundles: the default of FOOTER_DOCS_URL. */
export const CONSOLE_CODES_FILE = 'console-codes.html'

export interface ConsoleCode {
  code: string
  cells: string[]
}

/** The rows of docs/EMBEDDING.md's console table: code, message, detail, what to do. */
export function consoleCodes(
  markdown = readFileSync(path.join(REPO_ROOT, 'docs/EMBEDDING.md'), 'utf8'),
): ConsoleCode[] {
  return markdown.split('\n').flatMap((row) => {
    const found = /^\| <a id="[ew]\d+">([EW]\d+)<\/a> \|(.*)\|$/.exec(row)
    return found
      ? [{ code: found[1]!, cells: found[2]!.split(' | ').map((cell) => cell.trim()) }]
      : []
  })
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Markdown's inline code and links of a cell as HTML; anchors into EMBEDDING.md are kept as text. */
const inline = (cell: string) =>
  escapeHtml(cell)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')

export function consoleCodesPage(version: string, codes = consoleCodes()): string {
  const rows = codes
    .map(
      ({ code, cells }) =>
        `<tr id="${code.toLowerCase()}"><th scope="row">${code}</th>${cells.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<link rel="icon" href="data:,">
<title>Lumora footer ${escapeHtml(version)}: console codes</title>
<style>body{font:16px/1.4 system-ui,sans-serif;margin:1rem}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}tr:target{background:#fff3b0}</style>
<h1>Lumora footer ${escapeHtml(version)}: console codes</h1>
<p>Each line the widget prints, <code>[Lumora footer] &lt;code&gt; (&lt;this page&gt;#&lt;code&gt;)</code>, links to its row. <code>W</code> codes are warnings (the footer is shown, maybe with something left out), <code>E</code> codes errors (a part, or the whole footer, is not shown).</p>
<table>
<thead><tr><th scope="col">code</th><th scope="col">message</th><th scope="col">detail</th><th scope="col">what to do</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
`
}
