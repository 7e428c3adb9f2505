/**
 * Every file the docs name exists, so a move or rename that forgets the docs fails here.
 * Docs: README.md, docs/**.md, the READMEs under build/ and server/, and src/kit/README.md.
 *
 * What counts as a named path, kept simple on purpose:
 * - a link target `[text](target)` that is not a web address or an anchor, resolved from the
 *   doc's folder, as a reader's click resolves it;
 * - a word in `code` or a fenced block that starts with a top-level folder of the repository
 *   (src/ build/ server/ test/ fixtures/ docs/ locales/ .ci/), resolved from the repository root;
 * - any other word in code that ends in a source or doc extension (.ts .tsx .css .md .json
 *   .jsonc .html), such as `newsletter.model.ts` in a paragraph about the sign-up or
 *   `preview/load.ts` in the code map: some file's path must end with it. Build output is named
 *   with its `dist/` folder and demo-server addresses start with `/`; neither is a repo file, nor is
 *   an extension alone (`.json` in a server's configuration).
 * `<name>` and `*` stand for any part of one name: `locales/<locale>/kit.json` exists when one
 * locale has it. Trailing punctuation, `:line` and `#anchor` are not part of the path.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'

const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', '.cache'])
const TOP_FOLDER = /^(src|build|server|test|fixtures|docs|locales|\.ci)\//
const FILE_EXTENSION = /\.(tsx?|css|md|jsonc?|html)$/
const NOT_A_REPO_PATH = /^(dist\/|\/|[a-z]+:|\.\w+$)|=/

/** Every file and folder of the repository (folders with a trailing slash), root-relative. */
function repoEntries(dir = ''): string[] {
  const entries: string[] = []
  for (const entry of readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue
    const relative = dir ? `${dir}/${entry.name}` : entry.name
    if (entry.isDirectory()) entries.push(`${relative}/`, ...repoEntries(relative))
    else entries.push(relative)
  }
  return entries
}

function docFiles(entries: string[]): string[] {
  return entries.filter(
    (file) =>
      file === 'README.md' ||
      file === 'src/kit/README.md' ||
      /^docs\/.*\.md$/.test(file) ||
      /^(build|server)\/(.*\/)?README\.md$/.test(file),
  )
}

/** A named path as a pattern: placeholders match within one name, a folder with or without its slash. */
function pattern(named: string, anchoredAtStart: boolean): RegExp {
  const body = named
    .replace(/\/$/, '')
    .split(/(<[^>]+>|\*)/)
    .map((part, i) => (i % 2 ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`${anchoredAtStart ? '^' : '(^|/)'}${body}/?$`)
}

/** The words of a doc's inline code and fenced blocks, without surrounding punctuation. */
function codeWords(markdown: string): string[] {
  const fenced = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1])
  const inline = [...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/`([^`\n]+)`/g)].map(
    (m) => m[1],
  )
  return [...fenced, ...inline]
    .flatMap((code) => code.split(/\s+/))
    .map((word) =>
      word
        .replace(/^['"(]+/, '')
        .replace(/['"),;.:]+$/, '')
        .replace(/(:\d+|#.*)$/, ''),
    )
}

/** The paths a doc names, each as the pattern an existing entry must match. */
function namedPaths(doc: string, markdown: string): { named: string; match: RegExp }[] {
  const found: { named: string; match: RegExp }[] = []
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^([a-z]+:|#)/.test(target)) continue
    const file = path.posix.normalize(
      path.posix.join(path.posix.dirname(doc), target.split('#')[0]),
    )
    found.push({ named: target, match: pattern(file, true) })
  }
  for (const word of codeWords(markdown)) {
    if (TOP_FOLDER.test(word)) found.push({ named: word, match: pattern(word, true) })
    else if (FILE_EXTENSION.test(word) && !NOT_A_REPO_PATH.test(word))
      found.push({ named: word, match: pattern(word, false) })
  }
  return found
}

test('every file path named in README and docs exists', () => {
  const entries = repoEntries()
  const docs = docFiles(entries)
  assert.ok(docs.length >= 10 && docs.includes('docs/ARCHITECTURE.md'), 'the docs are found')
  const missing: string[] = []
  let checked = 0
  for (const doc of docs) {
    for (const { named, match } of namedPaths(
      doc,
      readFileSync(path.join(REPO_ROOT, doc), 'utf8'),
    )) {
      checked++
      if (!entries.some((entry) => match.test(entry))) missing.push(`${doc}: ${named}`)
    }
  }
  assert.ok(checked > 100, `paths are recognised (${checked})`)
  assert.equal(missing, [], `named in the docs but not in the repository:\n${missing.join('\n')}`)
})

test('the path recognition: what counts, where it resolves', () => {
  const paths = namedPaths(
    'docs/X.md',
    [
      'See [the kit](../src/kit/README.md), [below](#below), [spec](https://example.com/a.md).',
      '`src/mount.ts:12`, `locales/<locale>/kit.json`, `newsletter.model.ts`, `dist/manifest.json`,',
      '`npm run test:unit -- validat`, `/_hosts/<name>.html`, `data-site="DE"`.',
      '```',
      'npx playwright test -c test/browser/playwright.config.ts <file>',
      '```',
    ].join('\n'),
  ).map((p) => p.named)
  assert.equal(paths, [
    '../src/kit/README.md',
    'test/browser/playwright.config.ts',
    'src/mount.ts',
    'locales/<locale>/kit.json',
    'newsletter.model.ts',
  ])
})

test.run()
