/**
 * When a field's error comes and goes, one rule for the kit (ValidatedInput) and the sign-up
 * form: SPEC §4's "Error messages clear on field focus" as docs/spec-readings.md reads it.
 * - An error comes when the visitor leaves the field (or with a submit), never while typing.
 * - Focus changes nothing: the message stays linked (aria-describedby) while the visitor is
 *   at the field to correct it.
 * - While an error is shown it follows the value: it clears as soon as the value is valid, or
 *   names what is wrong now.
 */

/**
 * The error after the visitor edits the field: none when none was shown (no message while
 * typing), else the check of the new value.
 */
export function errorAfterEdit<E>(shown: E | undefined, check: () => E | undefined) {
  return shown && check()
}
