/**
 * Turns contentJSON into footer content without ever throwing: broken JSON is logged and
 * gives nothing; a part that does not fit the schema is logged with its path and left out,
 * while its valid siblings still render (a bad link drops that link, not its group).
 */
import { validate, type Struct } from 'superstruct'
import { FooterContentSchema, type PartialContent } from './footer.schema'
import { log } from '../log'

const DROP = Symbol('drop')
type AnyStruct = Struct<unknown, unknown>

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Validates `value`; when it fails, keeps what can be kept: valid items of an array, valid
 * fields of an object (an object missing a required field is dropped). Each drop is logged once,
 * at the deepest path that explains it.
 */
function salvage(struct: AnyStruct, value: unknown, path: (string | number)[]): unknown {
  const [error, valid] = validate(value, struct)
  if (!error) return valid
  if (struct.type === 'array' && Array.isArray(value)) {
    return value
      .map((item, i) => salvage(struct.schema as AnyStruct, item, [...path, i]))
      .filter((item) => item !== DROP)
  }
  if (struct.type === 'type' && isRecord(value)) {
    const out: Record<string, unknown> = {}
    for (const [key, field] of Object.entries(struct.schema as Record<string, AnyStruct>)) {
      const kept = value[key] === undefined ? undefined : salvage(field, value[key], [...path, key])
      if (kept !== DROP && kept !== undefined) out[key] = kept
      else if (validate(undefined, field)[0]) {
        if (kept === undefined) report([...path, key], 'is missing')
        return DROP
      }
    }
    return out
  }
  report([...path, ...error.path], error.message)
  return DROP
}

function report(path: (string | number)[], problem: string) {
  log.warn('W13', `${path.join('.') || '(root)'} ${problem}`)
}

/** The content object from a JSON string; null (logged) when it is not one. */
export function readContent(json: string): Record<string, unknown> | null {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch (error) {
    log.warn('W14', error)
    return null
  }
  if (!isRecord(value)) {
    report([], 'is not an object')
    return null
  }
  return value
}

type Section = keyof PartialContent

/** The valid parts of the sections `pick` chooses; the rest is logged and left out. */
export function salvageSections(
  raw: Record<string, unknown>,
  pick: (key: Section) => boolean,
): PartialContent {
  const out: Record<string, unknown> = {}
  for (const key of (Object.keys(FooterContentSchema.schema) as Section[]).filter(pick)) {
    const kept =
      raw[key] === undefined
        ? undefined
        : salvage(FooterContentSchema.schema[key] as AnyStruct, raw[key], [key])
    if (kept !== undefined && kept !== DROP) out[key] = kept
  }
  return out as PartialContent
}

/** One value checked against its part of the schema (e.g. one SEO column); undefined (logged) when nothing of it is usable. */
export function salvagePart<T>(
  struct: Struct<T, unknown>,
  value: unknown,
  path: (string | number)[],
): T | undefined {
  const kept = salvage(struct as AnyStruct, value, path)
  return kept === DROP ? undefined : (kept as T)
}
