/**
 * Shapes of the login calls (SPEC §3, §7), shared by the client and the contract server.
 * The spec does not name the login body's fields: email and password.
 */
import { object, string, type Infer } from 'superstruct'

export const LoginRequestSchema = object({ email: string(), password: string() })
export type LoginRequest = Infer<typeof LoginRequestSchema>

/** SPEC §3 Login outcome. */
export const LOGIN_OUTCOMES = ['SUCCESS', 'UNAUTHORIZED', 'SERVICE_UNAVAILABLE'] as const
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number]
