/**
 * Shapes of the preview and A/B test calls (SPEC §3, §7), shared by the panel and the contract
 * server, which checks requests with the same structs.
 */
import { array, enums, nullable, object, optional, string, type, type Infer } from 'superstruct'

/** SPEC §3 Preview status. */
export const PREVIEW_STATUSES = [
  'SUCCESS',
  'BAD_REQUEST',
  'INTERNAL_ERROR',
  'UNAUTHORIZED',
] as const

/** SPEC §3 Preview session answer (checkauth). Unknown extra fields are tolerated. */
export const PreviewSessionSchema = type({
  status: enums(PREVIEW_STATUSES),
  dateTime: optional(nullable(string())),
  abTestName: optional(nullable(string())),
  abTestGroup: optional(nullable(string())),
})
export type PreviewSession = Infer<typeof PreviewSessionSchema>

/** Answer of token, renew and logout: a status. */
export const PreviewStatusAnswerSchema = type({ status: enums(PREVIEW_STATUSES) })

/** SPEC §3 A/B test: name and groups, each with a name. */
const AbTestSchema = type({ name: string(), groups: array(type({ name: string() })) })
export type AbTest = Infer<typeof AbTestSchema>
export const AbTestListSchema = array(AbTestSchema)

/**
 * POST /service/preview/api/token?test={test}&group={group} with this body. SPEC §7 leaves the
 * method open ("GET or POST"): POST, because applying settings changes server state.
 */
export const TokenRequestSchema = object({ previewDateTime: string() })
export type TokenRequest = Infer<typeof TokenRequestSchema>
