/**
 * The login token of SPEC §3: a JWT-like cookie (LoginToken) whose payload carries exp (expiry),
 * ren (renewal due) and lid (login id); exp and ren are in seconds since the epoch. Only these
 * fields are read; the signature is the server's business, not the widget's.
 */
import { number, string, type, validate, type Infer } from 'superstruct'

export { LOGIN_TOKEN_COOKIE } from './contract'

export const LoginTokenSchema = type({ exp: number(), ren: number(), lid: string() })

export type LoginToken = Infer<typeof LoginTokenSchema>

/** Decodes the payload part of a token; null when it is not a token with exp, ren and lid. */
export function decodeLoginToken(token: string): LoginToken | null {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')
    const [error, value] = validate(
      JSON.parse(atob(part + '==='.slice((part.length + 3) % 4))),
      LoginTokenSchema,
    )
    return error ? null : value
  } catch {
    return null
  }
}
