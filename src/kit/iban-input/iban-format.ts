/**
 * IBAN rules (SPEC §5, §9 group 4). Our reading, on purpose:
 * - What arrives at once (paste, drop, autofill) loses only what is not a letter or digit of the
 *   IBAN alphabet (A-Z, 0-9), upper-cased: "NL91 ABNA 0417 1643 00" keeps its bank code. A pasted
 *   IBAN is never rewritten into something else; whether it is valid is the IBAN check's answer.
 * - Typing: "keystrokes forming two letters then digits" is read as the IBAN's head, the country
 *   code (two letters) and the check digits (two digits). After them the account part (BBAN)
 *   accepts letters and digits, because many BBANs hold letters (NL ABNA..., GB NWBK..., and
 *   the 12 alphanumeric account characters of CH); only digits there would lock out the IBANs
 *   customers of the nine markets own. A keystroke that would break the head is refused.
 * - Shown in groups of 4 separated by spaces; handed on without spaces.
 */
const IBAN_GROUP = 4
/** Longest IBAN in characters without spaces (ISO 13616). */
export const IBAN_MAX_LENGTH = 34

/** Keeps letters and digits of the IBAN alphabet, upper-cased, up to max. */
export function cleanIban(raw: string, max = IBAN_MAX_LENGTH): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, max)
}

/** Whether a cleaned IBAN's first four characters fit "two letters, then two digits" (so far as typed). */
export function ibanHeadFits(clean: string): boolean {
  return /^[A-Z]{0,2}$|^[A-Z]{2}\d$|^[A-Z]{2}\d\d/.test(clean)
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
 * keys never seem to do nothing. A `typed` edit that breaks the head is refused (the text and
 * caret stay as they were); anything else is only cleaned.
 */
export function editIban(
  raw: string,
  caret: number,
  previous: string,
  max = IBAN_MAX_LENGTH,
  forward = false,
  typed = false,
): IbanEdit {
  let clean = cleanIban(raw, max)
  let kept = cleanIban(raw.slice(0, caret), max).length
  const before = cleanIban(previous, max)
  if (typed && clean.length > before.length && ibanHeadFits(before) && !ibanHeadFits(clean)) {
    const back = kept - (clean.length - before.length)
    return {
      value: groupIban(before),
      caret: groupedCaret(Math.max(0, Math.min(back, before.length))),
    }
  }
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
