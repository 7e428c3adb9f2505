/**
 * GET /service/customerfrontenddata/api/v1/psdata (SPEC §7): no cache, with credentials and
 * the CSRF header; requested once per page and shared by everything that needs it.
 * The spec does not name its fields; the ones we read are defined in PsDataSchema.
 */
import { object, optional, string, type, validate, type Infer } from 'superstruct'
import { createApiClient, type ApiClientOptions } from './client'
import { log } from '../log'
import { describeError } from './errors'
import { CSRF_HEADER, PSDATA_PATH } from '../contract/contract'

/**
 * The CSRF header. Its value is fixed: a custom header cannot be sent cross-site without a CORS
 * preflight the server refuses, and that preflight is the protection.
 */
const CSRF_HEADERS = { [CSRF_HEADER]: '1' }

/** Fields we read; unknown fields are allowed (`type`, not `object`). */
export const PsDataSchema = type({
  /** The visitor's newsletter status, e.g. WAITING_FOR_DOI or SUBSCRIBED. */
  newsletterStatus: optional(string()),
  customer: optional(object({ loggedIn: optional(string()) })),
})

export type PsData = Infer<typeof PsDataSchema>

export type PsDataLoader = () => Promise<PsData | null>

/** A loader that calls the server at most once; failures resolve to null (logged). */
export function createPsDataLoader(
  origin: string,
  options: Pick<ApiClientOptions, 'fetch' | 'timers'>,
): PsDataLoader {
  let pending: Promise<PsData | null> | undefined
  return () =>
    (pending ??= createApiClient({
      baseURL: origin,
      withCredentials: true,
      cache: 'no-store',
      headers: CSRF_HEADERS,
      ...options,
    })
      .get<unknown>(PSDATA_PATH)
      .then(({ data }) => {
        const [error, value] = validate(data, PsDataSchema)
        if (error) {
          log.warn('W10', describeError(error))
          return null
        }
        return value
      })
      .catch((error: unknown) => {
        log.warn('W11', describeError(error))
        return null
      }))
}
