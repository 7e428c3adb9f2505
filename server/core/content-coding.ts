/** Content negotiation shared by the core's JSON answers and the demo's static files. */
export type Coding = 'br' | 'gzip'

/** The precompressed copies the build writes, in the server's order of preference (fewest bytes first). */

/**
 * The content coding to answer with (RFC 9110 §12.5.3): the offered coding with the highest
 * q-value, `*` standing for any coding not named, a tie going to the earlier offered one.
 * Without the header, or when no offered coding is acceptable, the file itself ('identity'):
 * every client can read that, and a client that refuses identity too is better served than refused.
 */
export function negotiateEncoding(
  acceptEncoding: string | null,
  offered: readonly Coding[],
): Coding | 'identity' {
  if (!acceptEncoding) return 'identity'
  const q = new Map<string, number>()
  for (const item of acceptEncoding.split(',')) {
    const [name, ...params] = item.split(';').map((s) => s.trim().toLowerCase())
    if (!name) continue
    const qParam = params.find((p) => /^q\s*=/.test(p))
    const value = qParam === undefined ? 1 : Number(qParam.replace(/^q\s*=\s*/, ''))
    const coding = name === 'x-gzip' ? 'gzip' : name
    q.set(coding, Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0)
  }
  let best: Coding | 'identity' = 'identity'
  let bestQ = 0
  for (const coding of offered) {
    const weight = q.get(coding) ?? q.get('*') ?? 0
    if (weight > bestQ) [best, bestQ] = [coding, weight]
  }
  return best
}
