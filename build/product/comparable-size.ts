/**
 * A footer bundle's comparable size: the figure `npm run size` compares with the recorded one, so
 * that a change of a few bytes of code shows as itself. The budget still counts the real bytes
 * (brotli at quality 11, as shipped); that figure moves by far more than a small edit adds:
 * - Names. Terser gives locals the shortest names in the order of their declarations, so one new
 *   function renames much of its scope; a fixed alphabet does not help (tried: one new helper
 *   moved de-DE by -78 B). Here every name the minifier chose is written as `_`, so two builds
 *   that differ only in names give the same text. Names that stay are globals (never declared in
 *   the bundle: `document`, `Object`) and property names and keys, which the minifier does not
 *   rename. The preview's file name and integrity are hashes of its bytes, written as zeros.
 * - Brotli's quality 11 itself. Its block splitting moves a bundle by tens of bytes either way
 *   for one changed line, names or not. Measured on three trial edits adding 16-27 B of minified
 *   code: quality 11 of the name-free text moved the nine bundles by a spread of 27-30 B; quality 9
 *   moved them by 2-16 B on average with a spread of 1-2 B. So the comparable size is brotli at
 *   quality 9 of the name-free text.
 */
import { parse } from 'acorn'
import { brotliCompress, constants } from 'node:zlib'
import { promisify } from 'node:util'

const brotliAsync = promisify(brotliCompress)

interface AstNode {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string'

/** Calls `visit` with each child node of `node` and the field that holds it, in source order. */
function eachChild(node: AstNode, visit: (child: AstNode, key: string) => void): void {
  for (const key of Object.keys(node)) {
    const value = node[key]
    if (Array.isArray(value)) for (const item of value) isNode(item) && visit(item, key)
    else if (isNode(value)) visit(value, key)
  }
}

/** The names a binding pattern declares (`a`, `{b: [c, ...d]}`, `e = 1`). */
function boundNames(pattern: AstNode | null, into: Set<string>): void {
  if (!pattern) return
  switch (pattern.type) {
    case 'Identifier':
      into.add(pattern.name as string)
      break
    case 'ObjectPattern':
      for (const p of pattern.properties as AstNode[])
        boundNames(p.type === 'RestElement' ? p : (p.value as AstNode), into)
      break
    case 'ArrayPattern':
      for (const element of pattern.elements as (AstNode | null)[]) boundNames(element, into)
      break
    case 'AssignmentPattern':
      boundNames(pattern.left as AstNode, into)
      break
    case 'RestElement':
      boundNames(pattern.argument as AstNode, into)
      break
  }
}

/** Every name the code declares: variables, functions, classes, parameters, catch bindings. */
function declaredNames(root: AstNode): Set<string> {
  const names = new Set<string>()
  const visit = (node: AstNode) => {
    switch (node.type) {
      case 'VariableDeclarator':
        boundNames(node.id as AstNode, names)
        break
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        boundNames(node.id as AstNode | null, names)
        for (const param of node.params as AstNode[]) boundNames(param, names)
        break
      case 'ClassDeclaration':
      case 'ClassExpression':
        boundNames(node.id as AstNode | null, names)
        break
      case 'CatchClause':
        boundNames(node.param as AstNode | null, names)
        break
    }
    eachChild(node, visit)
  }
  visit(root)
  return names
}

/** The code with every declared name and label written as `_` (see the module comment). */
export function nameFree(code: string): string {
  const root = parse(code, { ecmaVersion: 'latest' }) as unknown as AstNode
  const declared = declaredNames(root)
  // Source ranges to rewrite, by start (a shorthand property's key and value are one range).
  const edits = new Map<number, { end: number; text: string }>()
  const rename = (id: AstNode, shorthand = false) => {
    if (!edits.has(id.start))
      edits.set(id.start, { end: id.end, text: shorthand ? `${id.name}:_` : '_' })
  }
  const visit = (node: AstNode, parent: AstNode | null, key: string) => {
    if (node.type === 'Identifier') {
      const isName =
        (parent?.type === 'MemberExpression' && key === 'property' && !parent.computed) ||
        ((parent?.type === 'Property' ||
          parent?.type === 'MethodDefinition' ||
          parent?.type === 'PropertyDefinition') &&
          key === 'key' &&
          !parent.computed &&
          !parent.shorthand) ||
        parent?.type === 'MetaProperty'
      const isLabel = key === 'label'
      if (isLabel || (!isName && declared.has(node.name as string)))
        rename(node, parent?.type === 'Property' && parent.shorthand === true)
      return
    }
    eachChild(node, (child, childKey) => visit(child, node, childKey))
  }
  visit(root, null, '')
  let out = ''
  let at = 0
  for (const [start, { end, text }] of [...edits].sort((a, b) => a[0] - b[0])) {
    out += code.slice(at, start) + text
    at = end
  }
  return (out + code.slice(at))
    .replace(/sha256-[A-Za-z0-9+/]{43}=/g, `sha256-${'0'.repeat(43)}=`)
    .replace(/\.[0-9a-f]{10}\.js\b/g, `.${'0'.repeat(10)}.js`)
}

/** The comparable size of a bundle's code (see the module comment). */
export async function comparableSize(code: string): Promise<number> {
  const text = Buffer.from(nameFree(code))
  const brotli = await brotliAsync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_SIZE_HINT]: text.byteLength,
    },
  })
  return brotli.byteLength
}
