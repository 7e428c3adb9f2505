/**
 * The login tokens' signing keys, kept outside the records: from the environment (LOGIN_KEYS) or
 * a key file (LOGIN_KEYS_FILE), never from the database, so a copy of the database (a backup, a
 * replica, a support dump) mints no token. Each key has an id that every token names in its
 * header (`kid`); the first key signs, every key listed verifies. Rotation: put a new key first
 * and keep the old one listed until the tokens it signed have ended (a login ends 12 hours after
 * it starts, and its tokens with it), then remove it.
 *
 * The text: `id:key` pairs separated by spaces, commas or lines; a key is at least 32 random
 * bytes in base64 or base64url (`openssl rand -base64 32`), an id letters, digits, `-` and `_`.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { keepPrivate, StartRefused } from './private-files.ts'

export interface LoginKeys {
  /** The id of the key that signs new tokens. */
  signingId: string
  /** Every key that verifies, by id (the signing one among them). */
  keys: ReadonlyMap<string, Buffer>
}

const MIN_KEY_BYTES = 32
const PAIR = /^([\w-]{1,32}):([A-Za-z0-9+/_-]+={0,2})$/

/** The keys of a LOGIN_KEYS text; `from` names where it came from in the refusal. */
export function parseLoginKeys(text: string, from: string): LoginKeys {
  const keys = new Map<string, Buffer>()
  for (const pair of text.split(/[\s,]+/).filter(Boolean)) {
    const [, id, encoded] = PAIR.exec(pair) ?? []
    const key = encoded && Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    if (!id || !key || key.length < MIN_KEY_BYTES)
      throw new StartRefused(
        `${from}: each key is id:key with at least ${MIN_KEY_BYTES} bytes in base64 (openssl rand -base64 32)`,
      )
    if (keys.has(id)) throw new StartRefused(`${from}: the key id ${id} is listed twice`)
    keys.set(id, key)
  }
  const [signingId] = keys.keys()
  if (!signingId) throw new StartRefused(`${from} lists no key`)
  return { signingId, keys }
}

/** A key of its own for a demo or in-process server: its tokens end with the process. */
export const drawLoginKeys = (): LoginKeys => ({
  signingId: 'drawn',
  keys: new Map([['drawn', randomBytes(MIN_KEY_BYTES)]]),
})

/**
 * The configured keys: LOGIN_KEYS, or the file LOGIN_KEYS_FILE names (the server's own, 0600).
 * Without either, undefined: the caller decides whether it may draw its own.
 */
export function configuredLoginKeys(
  env: Record<string, string | undefined>,
): LoginKeys | undefined {
  if (env.LOGIN_KEYS) return parseLoginKeys(env.LOGIN_KEYS, 'LOGIN_KEYS')
  const file = env.LOGIN_KEYS_FILE
  if (!file) return undefined
  keepPrivate(file, 0o600)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new StartRefused(`LOGIN_KEYS_FILE ${file} cannot be read: ${(error as Error).message}`)
  }
  return parseLoginKeys(text, `LOGIN_KEYS_FILE ${file}`)
}
