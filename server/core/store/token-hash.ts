/**
 * How a token is stored: its SHA-256. Tokens are 96 or 128 random bits, so the hash cannot be
 * turned back, and a copy of the database holds nothing a link or a cookie could present.
 */
import { createHash } from 'node:crypto'

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url')
