/**
 * Reads locale dictionaries from locales/<locale>/<feature>.json. One file per feature keeps
 * each feature's texts together; a child locale (LOCALE_PARENT) holds only its overrides.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { REPO_ROOT } from '../repo-root.ts'
import { LOCALE_PARENT } from './markets.ts'
import type { Locale } from '../../src/contract/sites.ts'

const LOCALES_DIR = path.join(REPO_ROOT, 'locales')

export type Dictionary = { [key: string]: string | Dictionary }

/** The dictionary a locale declares itself, without inheritance, merged over its feature files. */
async function loadOwnDictionary(locale: Locale): Promise<Dictionary> {
  const dir = path.join(LOCALES_DIR, locale)
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.json'))
    .sort()
  const dictionary: Dictionary = {}
  for (const file of files) {
    const feature = file.replace(/\.json$/, '')
    dictionary[feature] = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Dictionary
  }
  return dictionary
}

/** The full dictionary a bundle carries: its parent chain with its own overrides on top. */
export async function loadDictionary(locale: Locale): Promise<Dictionary> {
  const parent = LOCALE_PARENT[locale]
  const own = await loadOwnDictionary(locale)
  return parent ? deepMerge(await loadDictionary(parent), own) : own
}

function deepMerge(base: Dictionary, over: Dictionary): Dictionary {
  const out: Dictionary = { ...base }
  for (const [key, value] of Object.entries(over)) {
    const existing = out[key]
    out[key] =
      typeof value === 'object' && typeof existing === 'object' ? deepMerge(existing, value) : value
  }
  return out
}

/** Flattens a dictionary to dotted keys: { newsletter: { title: 'x' } } -> { 'newsletter.title': 'x' }. */
export function flatten(dictionary: Dictionary, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(dictionary)) {
    const dotted = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out[dotted] = value
    else Object.assign(out, flatten(value, dotted))
  }
  return out
}

/** The {{placeholders}} a text uses, sorted, for parity checks between locales. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort()
}
