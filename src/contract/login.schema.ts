/**
 * The login call's body (SPEC §7), as the contract server checks it; the widget has no login
 * form and makes no login call. The spec does not name the body's fields: email and password.
 */
import { object, size, string } from 'superstruct'
import { EMAIL_MAX } from './newsletter.constants'

/** A password longer than this is no password of ours: it is refused before anything counts it. */
const PASSWORD_MAX = 1024

/** Both bounded before the server looks at them: an address as long as a sign-up's may be. */
export const LoginRequestSchema = object({
  email: size(string(), 1, EMAIL_MAX),
  password: size(string(), 1, PASSWORD_MAX),
})
