/**
 * Rejects syntax in emitted bundles that our oldest targets run wrongly and esbuild cannot
 * lower. Today one pattern: array rest destructuring, which Safari 9–13 evaluates to a
 * non-array when the source has holes (https://github.com/babel/babel/issues/17773).
 * Use `arr.slice(n)` instead of `[first, ...rest] = arr`.
 */
const ARRAY_REST_BINDING = /\b(?:let|const|var)\s*\[[\w$,\s]*\.\.\.[\w$]+\]\s*(?:=|of\b)/

export function unsafeSyntax(code: string): string | null {
  const match = ARRAY_REST_BINDING.exec(code)
  return match
    ? `array rest destructuring "${match[0]}" (broken in Safari < 14; use slice())`
    : null
}
