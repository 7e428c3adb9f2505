/** The two ways a call fails (SPEC §7), told apart by `kind` so callers can react differently. */

// The fields are declared and assigned, not class fields: the browser floor lacks class fields,
// and their lowered form ships a helper.

/** The server answered with a non-2xx status. */
export class ResponseError extends Error {
  declare readonly kind: 'response'
  declare readonly status: number
  declare readonly data: unknown
  constructor(status: number, data: unknown) {
    super(`Request failed with status ${status}`)
    Object.assign(this, { kind: 'response', status, data })
  }
}

/** No answer: the network failed or the time-out passed. */
export class FetchError extends Error {
  declare readonly kind: 'fetch'
  declare readonly timedOut: boolean
  declare readonly cause?: unknown
  constructor(timedOut: boolean, cause?: unknown) {
    super(timedOut ? 'Request timed out' : 'Request could not be sent')
    Object.assign(this, { kind: 'fetch', timedOut, cause })
  }
}

export type ApiError = ResponseError | FetchError

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ResponseError || error instanceof FetchError
}

/**
 * What a log may say about a failure: its kind, status and, for a schema failure, the path.
 * Never the error object or its message: answers and schema failures (superstruct prints the
 * value it received) can carry e-mail addresses and names.
 */
export function describeError(error: unknown): string {
  if (isApiError(error)) return error.message
  const path = (error as { path?: unknown } | null)?.path
  return error instanceof Error
    ? error.name + (Array.isArray(path) ? ' at ' + path.join('.') : '')
    : typeof error
}
