/**
 * Strict CSP (issue 7): the shipped source has none of the sinks a strict policy refuses or a
 * Trusted Types policy would have to vet. The bundles are checked for eval, new Function and
 * style attributes in build.test.ts; this catches the same in src/ before a build, with the file
 * named, and the HTML and string-timer sinks as well.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../build/repo-root.ts'

const SINKS: [string, RegExp][] = [
  ['eval', /\beval\s*\(/],
  ['new Function / Function()', /\bFunction\s*\(/],
  ['a string passed to setTimeout or setInterval', /\bset(Timeout|Interval)\(\s*["'`]/],
  ['style text (cssText)', /\.cssText\b/],
  ['a style attribute', /setAttribute(NS)?\(\s*(null\s*,\s*)?["'`]style["'`]/],
  [
    'HTML from a string',
    /\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write|dangerouslySetInnerHTML|createContextualFragment|DOMParser/,
  ],
]

const files = readdirSync(path.join(REPO_ROOT, 'src'), {
  recursive: true,
  encoding: 'utf8',
}).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))

test('the source is CSP-safe: no eval, Function, string timers, style text or attributes, HTML from strings', () => {
  assert.ok(files.length > 20, 'found the source files')
  const found: string[] = []
  for (const file of files) {
    const text = readFileSync(path.join(REPO_ROOT, 'src', file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '')
    for (const [name, pattern] of SINKS) if (pattern.test(text)) found.push(`${file}: ${name}`)
  }
  assert.equal(found, [])
})

test('the sink patterns catch what they are meant to', () => {
  const samples = [
    'eval("1")',
    'new Function("a", "b")',
    'setTimeout("go()", 1)',
    'el.style.cssText = s',
    "el.setAttribute('style', s)",
    'el.innerHTML = s',
    'el.insertAdjacentHTML("beforeend", s)',
  ]
  for (const sample of samples)
    assert.ok(
      SINKS.some(([, p]) => p.test(sample)),
      sample,
    )
  for (const fine of [
    'setTimeout(() => go(), 1)',
    "el.setAttribute('title', s)",
    'const evaluation = 1',
    'el.textContent = s',
  ])
    assert.not.ok(
      SINKS.some(([, p]) => p.test(fine)),
      fine,
    )
})

test.run()
