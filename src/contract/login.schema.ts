/**
 * The login call's body (SPEC §7), as the contract server checks it; the widget has no login
 * form and makes no login call. The spec does not name the body's fields: email and password.
 */
import { object, string } from 'superstruct'

export const LoginRequestSchema = object({ email: string(), password: string() })
