/**
 * The one home for "resolve and check a URL" from outside (CMS content, per-country links):
 * the browser's own URL parser decides, never a pattern. A link is rendered only as the absolute
 * address the parser made of it, after its scheme was checked on that very address, so what the
 * browser follows is exactly what was checked, and a host page's `<base href>` cannot bend it.
 *
 * Allowed: http, https, mailto, tel, and relative addresses (resolved against the page's own
 * address, as on a page without `<base>`). Refused: every other scheme (`javascript:`, `data:`,
 * `vbscript:`, `file:`, ...), backslash hosts (`\\host`, which browsers read as `//host`), and any
 * address with a leading or trailing space or an invisible character anywhere: JavaScript's
 * `trim` and the URL parser disagree on which spaces to drop, and a check that trims differently
 * from the browser can be walked around (`"\u00a0javascript:..."`). Such an entry is hostile or
 * broken either way.
 */
const ALLOWED_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:']

/**
 * Leading or trailing space, any whitespace but an inner ASCII space (Unicode spaces, tabs, line
 * breaks), controls (Cc), format characters (Cf: soft hyphen, zero-widths, bidi controls, word
 * joiners, BOM, tag characters), and the other characters that render as nothing (combining
 * grapheme joiner, Khmer and Mongolian invisibles, Hangul fillers, variation selectors).
 */
const REFUSED =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each invisible code point is refused on its own, no joined sequence is meant
  /^ | $|[^\S ]|[\p{Cc}\p{Cf}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0]/u

/**
 * The page's origin, and its address without query and fragment: what a relative link means on a
 * page without `<base>`. Read once per task: each read of `location` is a cross-binding call with a security
 * check, and a footer checks hundreds of links in one task (at 4x CPU slowdown the reads cost more
 * than the parsing); the address cannot change while our task runs, and a page that moves to
 * another address (history.pushState) gets it read anew in the next task.
 */
let pageOfThisTask: { base: string; origin: string } | undefined
function page(): { base: string; origin: string } {
  if (pageOfThisTask === undefined) {
    pageOfThisTask =
      typeof location === 'object' && /^https?:$/.test(location.protocol)
        ? { base: location.origin + location.pathname, origin: location.origin }
        : { base: 'https://shop.invalid/', origin: 'https://shop.invalid' }
    Promise.resolve().then(() => {
      pageOfThisTask = undefined
    })
  }
  return pageOfThisTask
}

/**
 * The page for the rest of this task where there is no `location` to read: a server's render
 * (src/app/server-render.tsx) names the shop's origin, as its links resolve on the shop's pages.
 */
export function assumePage(origin: string): void {
  pageOfThisTask = { base: origin + '/', origin }
  Promise.resolve().then(() => {
    pageOfThisTask = undefined
  })
}

/** True for an http(s) address on another origin than the page's: a link that sends no referrer. */
export function isForeign(url: URL): boolean {
  return /^https?:$/.test(url.protocol) && url.origin !== page().origin
}

/**
 * Each address is parsed once: the content schema checks a footer URL as it arrives and TextLink
 * checks it again where it renders; the second check reads this answer. Keyed by base and address,
 * so a page that changes its address gets fresh answers.
 */
const checked = new Map<string, URL | null>()

/** The parsed address if it may become a link, else null. Relative addresses resolve against `base`. */
export function checkLink(value: unknown, base = page().base): URL | null {
  if (typeof value !== 'string' || !value) return null
  const key = `${base} ${value}`
  let url = checked.get(key)
  if (url === undefined) {
    url = parsedLink(value, base)
    checked.set(key, url)
  }
  return url
}

function parsedLink(value: string, base: string): URL | null {
  if (REFUSED.test(value) || /^[/\\]*\\/.test(value)) return null
  try {
    const url = new URL(value, base)
    return ALLOWED_SCHEMES.indexOf(url.protocol) < 0 ? null : url
  } catch {
    return null
  }
}

/** The absolute address to put in an href, or null when the value may not become a link. */
export function safeUrl(value: unknown, base?: string): string | null {
  const url = checkLink(value, base)
  return url?.href ?? null
}

/**
 * True for addresses written as absolute http(s): the ones SPEC §2 opens in a new tab. A mailto
 * address opens the mail program, not a page, so it gets no tab (docs/spec-readings.md).
 */
export function opensInNewTab(url: string): boolean {
  return /^https?:/i.test(url)
}
