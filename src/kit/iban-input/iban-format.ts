/**
 * IBAN typing rules (SPEC §5): only letters and digits count, upper-cased; the first two
 * must be letters and the rest digits (characters that do not fit are dropped, not the
 * rest of the text); shown in groups of 4 separated by spaces (SPEC §9: IBAN group 4).
 */
export const IBAN_GROUP = 4
/** Longest IBAN in characters without spaces (ISO 13616). */
export const IBAN_MAX_LENGTH = 34

/** Keeps the characters that fit "two letters, then digits", upper-cased, up to max. */
export function cleanIban(raw: string, max = IBAN_MAX_LENGTH): string {
  let out = ''
  for (const ch of raw.toUpperCase()) {
    if (out.length >= max) break
    if (out.length < 2 ? ch >= 'A' && ch <= 'Z' : ch >= '0' && ch <= '9') out += ch
  }
  return out
}

/** "DE89370400440532013000" -> "DE89 3704 0044 0532 0130 00". */
export function groupIban(clean: string): string {
  return clean.replace(new RegExp(`(.{${IBAN_GROUP}})(?=.)`, 'g'), '$1 ')
}

/** Caret position in the grouped text just after the n-th kept character. */
export function groupedCaret(n: number): number {
  return n === 0 ? 0 : n + Math.floor((n - 1) / IBAN_GROUP)
}

export interface IbanEdit {
  /** The grouped value to show. */
  value: string
  /** Where the caret goes. */
  caret: number
}

/**
 * Applies an edit: `raw` is the field's text after the browser's edit, `caret` its caret,
 * `previous` the grouped text before. Deleting only a group space also deletes the
 * character beside it (before it for Backspace, after it for Delete: `forward`), so the
 * keys never seem to do nothing.
 */
export function editIban(raw: string, caret: number, previous: string, max = IBAN_MAX_LENGTH, forward = false): IbanEdit {
  let clean = cleanIban(raw, max)
  let kept = cleanIban(raw.slice(0, caret), max).length
  const before = cleanIban(previous, max)
  if (clean === before && raw.length < previous.length) {
    const backward = !forward
    const at = backward ? kept - 1 : kept
    if (at >= 0 && at < clean.length) {
      clean = cleanIban(clean.slice(0, at) + clean.slice(at + 1), max)
      kept = backward ? at : kept
    }
  }
  return { value: groupIban(clean), caret: groupedCaret(Math.min(kept, clean.length)) }
}
