/** SPEC §9: token check every 3 minutes, waiting poll every 10 seconds. */
export const CHECK_INTERVAL_MS = 3 * 60_000
export const TOKEN_POLL_MS = 10_000
