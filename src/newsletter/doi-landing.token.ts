/**
 * The double opt-in landing's address hygiene: the token from the confirmation mail
 * (?subscriberToken=...) is read once and removed from the address bar at once, so it is not
 * bookmarked, shared, re-sent in headers or leaked in a Referer. Every other parameter and the
 * fragment stay exactly as written (no re-encoding of what other scripts on the page may read).
 * The address bar is anyone's to write: only a token of the format the server issues is used, so
 * no `..` or path part can steer the requests built from it.
 */
import {
  SUBSCRIBER_TOKEN_PARAM as TOKEN_PARAM,
  SUBSCRIBER_TOKEN_PATTERN,
} from '../contract/contract'

export function takeSubscriberToken(win: Window): string | null {
  const { location, history } = win
  const token = new URLSearchParams(location.search).get(TOKEN_PARAM)
  if (token === null) return null
  // Each part is judged as the reader above reads it (names decoded), and kept byte for byte.
  const kept = location.search
    .slice(1)
    .split('&')
    .filter((part) => !new URLSearchParams(part).has(TOKEN_PARAM))
  try {
    history.replaceState(
      history.state,
      '',
      // Absolute: a path alone resolves against the page's <base href>, which on a CDN is
      // another origin, and replaceState refuses it.
      location.origin +
        location.pathname +
        (kept.length ? '?' + kept.join('&') : '') +
        location.hash,
    )
  } catch {
    // A sandboxed or opaque page refuses; the token is still used, and only read once.
  }
  return SUBSCRIBER_TOKEN_PATTERN.test(token) ? token : null
}
