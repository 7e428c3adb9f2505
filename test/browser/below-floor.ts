/**
 * The JavaScript and DOM APIs the browser floor lacks, read from MDN's browser-compat-data (the
 * data eslint-plugin-compat checks the bundles with) for the floor of package.json, so the
 * oldest-engine profile removes exactly what a floor browser does not have. No hand-kept list.
 */
import bcd from '@mdn/browser-compat-data' with { type: 'json' }
import { floorBrowsers } from '../../build/product/browser-floor.ts'

/** browserslist family -> browser-compat-data browser. */
const BCD_BROWSER: Record<string, string> = {
  chrome: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  safari: 'safari',
  ios_saf: 'safari_ios',
}

interface Support {
  version_added: string | boolean | null
  flags?: unknown
  prefix?: string
  alternative_name?: string
  partial_implementation?: boolean
}
interface Compat {
  __compat?: { support: Record<string, Support | Support[]> }
  [member: string]: unknown
}

export interface BelowFloor {
  /** Globals (interfaces and functions), e.g. queueMicrotask, AbortController. */
  globals: string[]
  /** Members of a global, e.g. ['Object', 'fromEntries'] or ['ShadowRoot', 'adoptedStyleSheets'] (static or prototype). */
  members: [string, string][]
}

function floorVersions(): Map<string, number> {
  const oldest = new Map<string, number>()
  for (const entry of floorBrowsers()) {
    const [family, range] = entry.split(' ')
    const browser = BCD_BROWSER[family]
    if (!browser) continue
    const version = parseFloat(range.split('-')[0])
    if (!oldest.has(browser) || version < oldest.get(browser)!) oldest.set(browser, version)
  }
  return oldest
}

/** True when some floor browser lacks the feature (unknown data counts as present). */
function lacking(compat: Compat['__compat'], floor: Map<string, number>): boolean {
  if (!compat) return false
  for (const [browser, version] of floor) {
    const statements = ([] as Support[]).concat(compat.support[browser] ?? [])
    const plain = statements.find(
      (s) => !s.flags && !s.prefix && !s.alternative_name && !s.partial_implementation,
    )
    const added = plain?.version_added
    if (added === false || (statements.length > 0 && !plain)) return true
    if (typeof added === 'string' && !added.startsWith('≤') && parseFloat(added) > version)
      return true
  }
  return false
}

export function apisBelowFloor(): BelowFloor {
  const floor = floorVersions()
  const result: BelowFloor = { globals: [], members: [] }
  const trees = [bcd.javascript.builtins, bcd.api] as unknown as Record<string, Compat>[]
  for (const tree of trees) {
    for (const [name, entry] of Object.entries(tree)) {
      if (lacking(entry.__compat, floor)) {
        result.globals.push(name)
        continue
      }
      for (const [member, sub] of Object.entries(entry)) {
        if (member === '__compat' || member === name || member.includes('_')) continue
        if (lacking((sub as Compat).__compat, floor)) result.members.push([name, member])
      }
    }
  }
  return result
}
