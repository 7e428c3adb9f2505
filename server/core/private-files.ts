/**
 * Files that hold the records or the keys are the server's alone: its data folder 0700, the files
 * in it 0600. A folder or file another user owns, or one that others may write to, could let that
 * user read everything or plant what the server then runs (a trigger in the database), so the
 * server refuses to start on it, in one line that says what to change.
 */
import { chmodSync, statSync } from 'node:fs'

/** Why the server does not start: one line for the operator, no stack. */
export class StartRefused extends Error {}

const WRITABLE_BY_OTHERS = 0o022
const ANY_ACCESS_BY_OTHERS = 0o077

/**
 * Checks that `file` (a folder or a file) belongs to this process's user and only it may write
 * to it, then takes away any access of others (`mode`: 0700 for a folder, 0600 for a file).
 * Nothing to check where the platform has no owners (Windows) or the path does not exist.
 */
export function keepPrivate(file: string, mode: 0o700 | 0o600): void {
  const uid = process.getuid?.()
  let stat: ReturnType<typeof statSync>
  try {
    stat = statSync(file)
  } catch {
    return
  }
  if (uid === undefined) return
  if (stat.uid !== uid)
    throw new StartRefused(
      `${file} belongs to user ${stat.uid}, not to the server's user ${uid}: chown it to the server's user`,
    )
  if (stat.mode & WRITABLE_BY_OTHERS)
    throw new StartRefused(
      `${file} may be written by other users (mode ${(stat.mode & 0o777).toString(8)}): chmod ${mode.toString(8)} it`,
    )
  if (stat.mode & ANY_ACCESS_BY_OTHERS) chmodSync(file, mode)
}
