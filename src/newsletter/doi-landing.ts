/**
 * The double opt-in landing's address hygiene: the token from the confirmation mail
 * (?subscriberToken=...) is read once and removed from the address bar at once, so it is not
 * bookmarked, shared, re-sent in headers or leaked in a Referer. Every other parameter and the
 * fragment stay exactly as written (no re-encoding of what other scripts on the page may read).
 */
export const TOKEN_PARAM = 'subscriberToken'

export function takeSubscriberToken(win: Window): string | null {
  const { location, history } = win
  let token: string | null = null
  const kept = location.search
    .slice(1)
    .split('&')
    .filter((part) => {
      const eq = part.indexOf('=')
      let name = eq < 0 ? part : part.slice(0, eq)
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '))
      } catch {
        return true
      }
      if (name !== TOKEN_PARAM) return true
      if (token === null) token = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' '))
      return false
    })
  if (token === null) return null
  try {
    history.replaceState(history.state, '', location.pathname + (kept.length ? '?' + kept.join('&') : '') + location.hash)
  } catch {
    // A sandboxed or opaque page refuses; the token is still used, and only read once.
  }
  return token
}
