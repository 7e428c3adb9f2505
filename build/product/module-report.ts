/**
 * What costs what, from esbuild's metafiles: module names, groups, and a self-contained HTML report
 * (no scripts, no external resources) with tables and a treemap of module bytes per bundle.
 * `npm run size` and `npm run bench` both write one.
 */
import type { Metafile } from 'esbuild'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { REFERENCE_LOCALE } from './markets.ts'
import { readManifest } from './output.ts'

export interface TreemapInput {
  title: string
  metafile: Metafile
  /** Brotli bytes of the whole bundle, for the caption. */
  brotli: number
}

interface Node {
  name: string
  bytes: number
  children?: Node[]
}

interface Rect {
  x: number
  y: number
  w: number
  h: number
}

/** A package (node_modules/<pkg>), the locale texts, or a source file. */
export function moduleName(input: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
  if (pkg) return pkg[1]
  if (input.startsWith('locale-dictionary:')) return 'texts (locale dictionary)'
  return input
}

/** A package, the locale texts, or a source folder (a kit component's own folder). */
function moduleGroup(input: string): string {
  const name = moduleName(input)
  if (name !== input) return name
  const src = /^src\/([^/]+)\/(?:([^/]+)\/)?/.exec(input)
  if (src) return src[1] === 'kit' && src[2] ? `src/kit/${src[2]}` : `src/${src[1]}`
  return input.replace(/\/[^/]+$/, '') || input
}

/** Groups of modules with their minified bytes in the output, biggest first. */
function moduleTree(metafile: Metafile): Node[] {
  const groups = new Map<string, Node[]>()
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (bytesInOutput <= 0) continue
      const group = moduleGroup(input)
      const name = input.replace(/^.*node_modules\//, '').replace(/^src\//, '')
      groups.set(group, [...(groups.get(group) ?? []), { name, bytes: bytesInOutput }])
    }
  }
  return [...groups]
    .map(([name, children]) => ({
      name,
      bytes: children.reduce((s, c) => s + c.bytes, 0),
      children: children.sort((a, b) => b.bytes - a.bytes),
    }))
    .sort((a, b) => b.bytes - a.bytes)
}

const worst = (row: number[], side: number, scale: number) => {
  const sum = row.reduce((a, b) => a + b, 0) * scale
  const max = Math.max(...row) * scale
  const min = Math.min(...row) * scale
  return Math.max((side * side * max) / (sum * sum), (sum * sum) / (side * side * min))
}

/** Squarified treemap (Bruls, Huizing, van Wijk): rectangles for values sorted biggest first. */
function squarify(values: number[], rect: Rect): Rect[] {
  const total = values.reduce((a, b) => a + b, 0)
  if (!total) return values.map(() => ({ ...rect, w: 0, h: 0 }))
  const out: Rect[] = []
  let free = { ...rect }
  let i = 0
  while (i < values.length) {
    const scale = (free.w * free.h) / values.slice(i).reduce((a, b) => a + b, 0)
    const side = Math.min(free.w, free.h)
    const row = [values[i]]
    while (
      i + row.length < values.length &&
      worst([...row, values[i + row.length]], side, scale) <= worst(row, side, scale)
    )
      row.push(values[i + row.length])
    const rowArea = row.reduce((a, b) => a + b, 0) * scale
    const thick = side ? rowArea / side : 0
    let offset = 0
    for (const v of row) {
      const len = thick ? (v * scale) / thick : 0
      out.push(
        free.w >= free.h
          ? { x: free.x, y: free.y + offset, w: thick, h: len }
          : { x: free.x + offset, y: free.y, w: len, h: thick },
      )
      offset += len
    }
    free =
      free.w >= free.h
        ? { x: free.x + thick, y: free.y, w: free.w - thick, h: free.h }
        : { x: free.x, y: free.y + thick, w: free.w, h: free.h - thick }
    i += row.length
  }
  return out
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

function hue(name: string): number {
  let h = 0
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) % 360
  return h
}

function treemapHtml(
  { title, metafile, brotli }: TreemapInput,
  width = 1100,
  height = 520,
): string {
  const groups = moduleTree(metafile)
  const total = groups.reduce((s, g) => s + g.bytes, 0)
  const boxes: string[] = []
  squarify(
    groups.map((g) => g.bytes),
    { x: 0, y: 0, w: width, h: height },
  ).forEach((r, gi) => {
    const group = groups[gi]
    const colour = hue(group.name)
    const pct = ((group.bytes / total) * 100).toFixed(1)
    boxes.push(
      `<div class="g" style="left:${r.x.toFixed(1)}px;top:${r.y.toFixed(1)}px;width:${r.w.toFixed(1)}px;height:${r.h.toFixed(1)}px;background:hsl(${colour} 55% 80%)" title="${escapeHtml(group.name)}: ${group.bytes} B (${pct} %)"><span>${escapeHtml(group.name)} ${(group.bytes / 1000).toFixed(1)} kB</span></div>`,
    )
    const inner = { x: r.x + 2, y: r.y + 16, w: Math.max(0, r.w - 4), h: Math.max(0, r.h - 18) }
    squarify(
      group.children!.map((c) => c.bytes),
      inner,
    ).forEach((cr, ci) => {
      const mod = group.children![ci]
      if (cr.w < 2 || cr.h < 2) return
      boxes.push(
        `<div class="m" style="left:${cr.x.toFixed(1)}px;top:${cr.y.toFixed(1)}px;width:${cr.w.toFixed(1)}px;height:${cr.h.toFixed(1)}px;background:hsl(${colour} 50% 68%)" title="${escapeHtml(mod.name)}: ${mod.bytes} B">${cr.w > 60 && cr.h > 14 ? `<span>${escapeHtml(mod.name.split('/').pop()!)} ${mod.bytes}</span>` : ''}</div>`,
      )
    })
  })
  const list = groups
    .map(
      (g) =>
        `<tr><td>${escapeHtml(g.name)}</td><td>${g.bytes}</td><td>${((g.bytes / total) * 100).toFixed(1)} %</td></tr>`,
    )
    .join('')
  return `<section><h2>${escapeHtml(title)}</h2><p>${(total / 1000).toFixed(1)} kB minified modules, ${(brotli / 1000).toFixed(1)} kB brotli. Hover a box for its bytes.</p>
<div class="map" style="width:${width}px;height:${height}px">${boxes.join('')}</div>
<details><summary>Groups as a table</summary><table><tr><th>group</th><th>bytes</th><th>share</th></tr>${list}</table></details></section>`
}

export function reportHtml(parts: {
  title: string
  /** The command that writes the report. */
  command: string
  tables: { title: string; rows: string[][]; note?: string }[]
  maps: TreemapInput[]
  generated: string
}): string {
  const table = (rows: string[][]) =>
    `<table><tr>${rows[0].map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>${rows
      .slice(1)
      .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`)
      .join('')}</table>`
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(parts.title)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}
table{border-collapse:collapse;margin:8px 0 16px}th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}th:first-child,td:first-child{text-align:left}
.map{position:relative;border:1px solid #999;overflow:hidden}
.g,.m{position:absolute;box-sizing:border-box;overflow:hidden;border:1px solid #fff}
.g>span{font-weight:600;font-size:12px;padding:1px 3px;white-space:nowrap}.m>span{font-size:11px;padding:1px 3px;white-space:nowrap}
</style>
<h1>${escapeHtml(parts.title)}</h1><p>Generated ${escapeHtml(parts.generated)} by <code>${escapeHtml(parts.command)}</code>.</p>
${parts.tables.map((t) => `<h2>${escapeHtml(t.title)}</h2>${t.note ? `<p>${escapeHtml(t.note)}</p>` : ''}${table(t.rows)}`).join('\n')}
<h2>What costs what: module bytes per bundle</h2>
${parts.maps.map((m) => treemapHtml(m)).join('\n')}
</html>
`
}

/**
 * The treemaps of one build beside the other: the reference locale's footer of the Preact build
 * (what a visitor downloads) and of the React build (same source on React 19, when it is built),
 * and the staff preview file.
 */
export async function footerTreemaps(
  preactDir: string,
  reactDir: string | null,
): Promise<TreemapInput[]> {
  const maps: TreemapInput[] = []
  const add = async (dir: string, title: string, kind: string, stem: string) => {
    const manifest = await readManifest(dir)
    const bundle = manifest?.bundles.find(
      (b) => b.kind === kind && (kind !== 'footer' || b.locale === REFERENCE_LOCALE),
    )
    if (!bundle) return
    const metafile = JSON.parse(
      await readFile(path.join(dir, 'meta', `${stem}.json`), 'utf8'),
    ) as Metafile
    maps.push({ title, metafile, brotli: bundle.bytes.brotli })
  }
  const footer = `footer.${REFERENCE_LOCALE}`
  await add(preactDir, `Preact build: ${footer} (what a visitor downloads)`, 'footer', footer)
  if (reactDir)
    await add(reactDir, `React build: ${footer} (same source on React 19)`, 'footer', footer)
  await add(preactDir, 'Preact build: preview (staff only, loaded on demand)', 'preview', 'preview')
  return maps
}
