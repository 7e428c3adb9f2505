/**
 * Password score (SPEC §5): under 8 characters scores 0; otherwise one point each for a
 * lowercase letter, a digit and an uppercase letter. 0 weak, 1 ok, 2 strong, 3 very strong.
 */
const PASSWORD_MIN_LENGTH = 8

export type PasswordScore = 0 | 1 | 2 | 3

export function passwordScore(password: string): PasswordScore {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 0
  return ((/\p{Ll}/u.test(password) ? 1 : 0) +
    (/\d/.test(password) ? 1 : 0) +
    (/\p{Lu}/u.test(password) ? 1 : 0)) as PasswordScore
}
