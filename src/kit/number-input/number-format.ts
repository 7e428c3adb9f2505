/**
 * Number typing rules (SPEC §5): digits, at most one decimal separator followed by at most
 * `decimals` digits, nothing else; the total stays within maxLength.
 */
export interface NumberRules {
  /** Digits allowed after the separator; 0 allows whole numbers only. */
  decimals: number
  /** The separator shown and typed; both "," and "." are accepted and shown as this one. */
  separator: ',' | '.'
  /** Maximum characters in total, separator included. */
  maxLength?: number
}

/** Keeps what fits the rules, dropping characters that do not. */
export function cleanNumber(raw: string, rules: NumberRules): string {
  let out = ''
  let sepAt = -1
  for (const ch of raw) {
    if (rules.maxLength !== undefined && out.length >= rules.maxLength) break
    if (ch >= '0' && ch <= '9') {
      if (sepAt >= 0 && out.length - sepAt > rules.decimals) continue
      out += ch
    } else if ((ch === ',' || ch === '.') && rules.decimals > 0 && sepAt < 0) {
      sepAt = out.length
      out += rules.separator
    }
  }
  return out
}

/** Keys that move, delete, submit or leave: always allowed. */
export const NAVIGATION_KEYS = [
  'Backspace',
  'Delete',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'Tab',
  'Enter',
  'Escape',
  'PageUp',
  'PageDown',
]
