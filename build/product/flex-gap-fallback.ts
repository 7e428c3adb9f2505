/**
 * Spacing that survives without flex `gap` (Safari < 14.1, iOS < 14.5, Chrome < 84: below them
 * lies the browser floor). For every flex rule with a gap, the build adds margins between the
 * items inside `@supports not (inset: 0)`: `inset` arrived in Safari 14.1 and Chrome 87, so the
 * block applies to every browser without flex gap and to Chrome 84-86, where it sets the gap to 0
 * so the spacing is not doubled. Browsers with both never read it: their rendering is untouched.
 * The stylesheets keep plain `gap`; this is the one place the fallback lives.
 */
import postcss, { type Root, type Rule } from 'postcss'

export const NO_FLEX_GAP = 'not (inset: 0)'

const FLEX_PROPS = /^(flex-direction|flex-wrap|flex-flow)$/

function isFlexRule(rule: Rule): boolean {
  let display: string | undefined
  let flexProps = false
  rule.each((node) => {
    if (node.type !== 'decl') return
    if (node.prop === 'display') display = node.value.trim()
    if (FLEX_PROPS.test(node.prop)) flexProps = true
  })
  return display ? /^(inline-)?flex$/.test(display) : flexProps
}

/** The margins that stand in for a rule's gap, or null when it has none. */
function fallbackFor(rule: Rule): Rule[] | null {
  let row: string | undefined
  let column: string | undefined
  let direction = 'row'
  let wrap = false
  rule.each((node) => {
    if (node.type !== 'decl') return
    const value = node.value.trim()
    if (node.prop === 'gap')
      [row, column] = [value.split(/\s+/)[0], value.split(/\s+/)[1] ?? value.split(/\s+/)[0]]
    if (node.prop === 'row-gap') row = value
    if (node.prop === 'column-gap') column = value
    if (node.prop === 'flex-direction' || node.prop === 'flex-flow')
      direction = /column/.test(value) ? 'column' : 'row'
    if ((node.prop === 'flex-wrap' || node.prop === 'flex-flow') && /(^|\s)wrap/.test(value))
      wrap = true
  })
  if (row === undefined && column === undefined) return null
  const some = (v: string | undefined) => v !== undefined && !/^0(px|rem|em)?$/.test(v)
  const each = (suffix: string) => rule.selectors.map((s) => `${s}${suffix}`).join(',')
  const rules = [postcss.rule({ selector: rule.selector }).append({ prop: 'gap', value: '0' })]
  if (direction === 'column') {
    if (some(row))
      rules.push(
        postcss.rule({ selector: each('>*+*') }).append({ prop: 'margin-top', value: row! }),
      )
  } else if (!wrap) {
    if (some(column))
      rules.push(
        postcss.rule({ selector: each('>*+*') }).append({ prop: 'margin-left', value: column! }),
      )
  } else {
    // Wrapped rows: each item keeps its distance to the right and below (the last ones too).
    const items = postcss.rule({ selector: each('>*') })
    if (some(column)) items.append({ prop: 'margin-right', value: column! })
    if (some(row)) items.append({ prop: 'margin-bottom', value: row! })
    if (items.nodes.length) rules.push(items)
  }
  return rules
}

/**
 * Adds the flex-gap fallback to a stylesheet (a postcss plugin): one block at the end for the
 * top-level rules (later in the sheet, so it wins over the sheet's own margins), and one right
 * after each rule inside an at-rule such as @media.
 */
function flexGapFallback(): postcss.Plugin {
  return {
    postcssPlugin: 'lumora-flex-gap-fallback',
    Once(root: Root) {
      const topLevel: Rule[] = []
      root.walkRules((rule) => {
        if (
          rule.parent?.type === 'atrule' &&
          (rule.parent as postcss.AtRule).params === NO_FLEX_GAP
        )
          return
        if (!isFlexRule(rule)) return
        const rules = fallbackFor(rule)
        if (!rules) return
        if (rule.parent === root) topLevel.push(...rules)
        else rule.after(postcss.atRule({ name: 'supports', params: NO_FLEX_GAP }).append(rules))
      })
      if (topLevel.length)
        root.append(postcss.atRule({ name: 'supports', params: NO_FLEX_GAP }).append(topLevel))
    },
  }
}

export async function withFlexGapFallback(css: string, from?: string): Promise<string> {
  return (await postcss([flexGapFallback()]).process(css, { from })).css
}
