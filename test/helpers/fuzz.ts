/**
 * Property-based test helpers (fast-check): hostile strings, and the checks every fuzz property
 * shares. An href is judged by the browser's own URL parser (WHATWG URL), independently of the
 * widget's safeUrl, so a gap in safeUrl shows up here.
 *
 * Regression seeds: a property that once failed keeps its seed and path in a table beside it
 * (`{ seed, path, found }`), replayed with `replay()` on every run.
 */
import fc from 'fast-check'

/**
 * Every Unicode space (JavaScript's `trim` removes them all; the URL parser removes none but
 * ASCII ones) and the characters that render as nothing: zero-widths, bidi controls, fillers,
 * variation selectors, tag characters. Put before a scheme, each hides it from a check that
 * trims differently from the browser.
 */
export const SPACES_AND_INVISIBLES = [
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  ' ',
  '\u0085',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2001',
  '\u2002',
  '\u2003',
  '\u2004',
  '\u2005',
  '\u2006',
  '\u2007',
  '\u2008',
  '\u2009',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
  '\u00ad',
  '\u034f',
  '\u061c',
  '\u115f',
  '\u1160',
  '\u17b4',
  '\u17b5',
  '\u180b',
  '\u180e',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2060',
  '\u2061',
  '\u2062',
  '\u2063',
  '\u2064',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u206f',
  '\u3164',
  '\ufe00',
  '\ufe0f',
  '\uffa0',
  '\ufff9',
  '\ufffb',
  '\u{e0001}',
  '\u{e0020}',
  '\u{e007f}',
] as const

/** What an attacker or a broken CMS would send. */
const EVIL_STRINGS = [
  'javascript:alert(1)',
  ' JAVASCRIPT:alert(1)',
  'java\nscript:alert(1)',
  'java\tscript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u001fjavascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '\\\\evil.example/x',
  '/\\evil.example',
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '"><svg onload=alert(1)>',
  '<b data-injected>x</b>',
  '{{brand}}',
  '\u0001name\u0001',
  '__proto__',
  'constructor',
  '',
  ' ',
  '\u202e\u0000',
  '\ud800',
  ...SPACES_AND_INVISIBLES.map((c) => `${c}javascript:alert(1)`),
  ...SPACES_AND_INVISIBLES.map((c) => `${c}data:text/html,<script>alert(1)</script>`),
  ...SPACES_AND_INVISIBLES.map((c) => `${c}\\\\evil.example/x`),
]

/** Any string: hostile ones, full Unicode (lone surrogates included), and plain ones. */
export const anyString = (maxLength = 40) =>
  fc.oneof(
    fc.constantFrom(...EVIL_STRINGS),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ maxLength }),
    fc.string({ unit: fc.constantFrom(...SPACES_AND_INVISIBLES, 'a', ':', '/', '\\'), maxLength }),
  )

/** Any JSON-like value with hostile strings among the leaves (and values JSON cannot hold). */
export const anyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    anyString(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyString(12), tie('value'), { maxKeys: 4 }),
  ),
})).value

const SAFE_PROTOCOLS = ['http:', 'https:', 'mailto:', 'tel:']
const URL_ATTRIBUTES = ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster']

/**
 * What must never be in the widget's DOM, whatever the data: a link or source the browser would
 * run as script (any scheme but http(s), mailto, tel), event-handler attributes, elements that
 * run or embed code, elements named in the hostile strings, and a script that ran.
 */
export function unsafeParts(root: ParentNode): string[] {
  const found: string[] = []
  for (const el of root.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase()
    if (
      ['script', 'iframe', 'object', 'embed', 'base', 'meta', 'link'].includes(tag) ||
      el.hasAttribute('data-injected')
    )
      found.push(`element <${tag}>`)
    for (const attr of el.getAttributeNames()) {
      if (/^on/i.test(attr)) found.push(`<${tag} ${attr}>`)
      if (!URL_ATTRIBUTES.includes(attr)) continue
      const value = el.getAttribute(attr) ?? ''
      for (const url of attr === 'srcset'
        ? value.split(',').map((s) => s.trim().split(/\s+/)[0])
        : [value]) {
        let protocol: string
        try {
          protocol = new URL(url, 'https://shop.test/de/').protocol
        } catch {
          continue // the browser would not follow it either
        }
        if (!SAFE_PROTOCOLS.includes(protocol)) found.push(`<${tag} ${attr}="${url}">`)
      }
    }
  }
  if ((globalThis as { __pwned?: unknown }).__pwned) found.push('a script ran')
  return found
}

/** A property that failed once: its seed and shrunk path, with what it found. */
export interface Regression {
  seed: number
  path: string
  found: string
}

/** The fast-check parameters that replay a regression exactly (one run: the shrunk counterexample). */
export const replay = (r: Regression) => ({ seed: r.seed, path: r.path, endOnFailure: true })

/** Mostly the likely shape (so deep code runs), sometimes any value at all. */
export const mostly = <T>(likely: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 5, arbitrary: likely }, { weight: 1, arbitrary: anyValue })

/** A link address: safe ones of every kind, hostile ones, and anything. */
export const anyUrl = fc.oneof(
  fc.constantFrom(
    '/de/hilfe-s1.html',
    '?q=1',
    '#top',
    '//cdn.example/x',
    'https://shop.example/a?b=c#d',
    'HTTP://SHOP.EXAMPLE',
    'mailto:help@shop.example',
    'tel:+4930123',
  ),
  fc.webUrl(),
  fc.constantFrom(...EVIL_STRINGS),
  // A scheme with a character the URL parser drops (tab, newline) or that hides it (a Unicode space, an invisible, NUL) inside.
  fc
    .tuple(
      fc.constantFrom(
        'javascript',
        'JaVaScRiPt',
        'data',
        'vbscript',
        'blob',
        'file',
        'http',
        'https',
      ),
      fc.nat(10),
      fc.constantFrom('', '\u0000', ...SPACES_AND_INVISIBLES),
      fc.constantFrom(':', ':\n', '&colon;'),
      fc.string({ maxLength: 10 }),
    )
    .map(
      ([scheme, at, insert, colon, rest]) =>
        scheme.slice(0, at % (scheme.length + 1)) +
        insert +
        scheme.slice(at % (scheme.length + 1)) +
        colon +
        rest,
    ),
  anyString(),
)
